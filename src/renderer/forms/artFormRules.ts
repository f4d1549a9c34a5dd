import { getNativeModel, NATIVE_LIMITS, type NativeModel, type Range } from '@shared/catalog'

import { formatNumber } from '../i18n/format'
import { translate } from '../i18n/translate'
import type { ArtModelDraft, CharacterDraft } from '../stores/forms'
import type { FieldErrors } from './formErrors'
import { parseIntText } from './numbers'
import type { SlotRule } from './references'

/**
 * Files the art forms hold (the native source image, the workbench source and references): the
 * spec's art reference limits, 24 MiB and 24 megapixels each, checked before anything is sent.
 */
export const ART_FILE_RULE: SlotRule = {
  maxBytes: NATIVE_LIMITS.maxReferenceBytes,
  maxPixels: NATIVE_LIMITS.maxReferencePixels,
}

/** The draft's variant, or V4.5 Full when a stored draft names one the catalog no longer has. */
export const artVariant = (id: string): NativeModel =>
  getNativeModel(id) ?? getNativeModel('art-diffusion-4-5-full')!

/**
 * The seed an art form sends: undefined for a random seed (drawn when the task is made). A fixed
 * seed left empty gets its message here, since an absent seed is valid to the validators; anything
 * typed is returned as parsed (NaN when not a whole number) for the validator's range message.
 */
export function fixedSeed(
  d: Pick<ArtModelDraft, 'seedMode' | 'seed'>,
  range: Range,
  errors: FieldErrors<'seed'>,
): number | undefined {
  if (d.seedMode !== 'fixed') return undefined
  const seed = parseIntText(d.seed)
  if (seed === undefined)
    errors.seed = translate('common', 'seedRequired', {
      min: formatNumber(range.min, { useGrouping: false }),
      max: formatNumber(range.max, { useGrouping: false }),
    })
  return seed
}

/**
 * The message for the first character prompt left empty: the validators accept an empty caption,
 * but a character without a prompt is a slip the art forms point out before sending.
 */
export function missingCharacterPrompt(characters: readonly CharacterDraft[]): string | undefined {
  const i = characters.findIndex((c) => c.prompt.trim() === '')
  return i < 0 ? undefined : translate('common', 'characterNeedsPrompt', { number: i + 1 })
}
