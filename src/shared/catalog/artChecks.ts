/**
 * Checks the two art-model endpoints (native and workbench) share: both name a variant of the
 * spec's native model table and take the same sizes (the native limits: multiples of 64, each
 * side at most 3072, at most 3,145,728 pixels), so both validators check them here and word
 * their messages alike.
 */
import { msg } from '../i18n/message'
import { getNativeModel, NATIVE_LIMITS, NATIVE_MODELS, type NativeModel } from './artModels'
import { groupDigits } from './validateImage'
import { checkOneOf, isInteger, type Issues, rangeMessage } from './validation'

const NATIVE_IDS = NATIVE_MODELS.map((m) => m.id)

/**
 * A required native model identifier (`model` on the native endpoint, `model_variant` on the
 * workbench); undefined, with an issue on `path`, when it is missing or not in the table.
 */
export function checkNativeVariant(
  issues: Issues,
  path: string,
  value: unknown,
): NativeModel | undefined {
  const id = checkOneOf(issues, path, value, path, NATIVE_IDS, { required: true })
  return id ? getNativeModel(id) : undefined
}

function checkSide(
  issues: Issues,
  path: string,
  value: unknown,
  label: string,
): number | undefined {
  if (!isInteger(value) || value < NATIVE_LIMITS.multipleOf || value > NATIVE_LIMITS.maxSide) {
    issues.add(
      path,
      value === undefined || value === null
        ? msg('valRequired', { label })
        : rangeMessage(label, NATIVE_LIMITS.multipleOf, NATIVE_LIMITS.maxSide),
    )
    return undefined
  }
  if (value % NATIVE_LIMITS.multipleOf !== 0) {
    issues.add(path, msg('valMultipleOf', { label, step: String(NATIVE_LIMITS.multipleOf) }))
    return undefined
  }
  return value
}

/**
 * Checks a required width and height, each side on its own path, and their product against the
 * pixel limit (reported on the width's path, where the forms show the size's message).
 */
export function checkArtDimensions(
  issues: Issues,
  paths: { width: string; height: string },
  width: unknown,
  height: unknown,
): void {
  const w = checkSide(issues, paths.width, width, msg('labelWidth'))
  const h = checkSide(issues, paths.height, height, msg('labelHeight'))
  // A side that was refused counts as 0: its own message says what is wrong.
  if ((w ?? 0) * (h ?? 0) > NATIVE_LIMITS.maxPixels) {
    issues.add(paths.width, msg('artMaxPixels', { max: groupDigits(NATIVE_LIMITS.maxPixels) }))
  }
}
