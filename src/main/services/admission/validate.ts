import { promises as fs } from 'node:fs'

import {
  type ReferenceFileMeta,
  validateImageEdit,
  validateImageGeneration,
  validateNative,
  validateVideo,
  validateWorkbench,
  type Validation,
} from '@shared/catalog'
import { fail, isAppFailure } from '@shared/result'
import type { SubmitTaskInput } from '@shared/tasks/submit'

import { t } from '../../i18n'
import { checkReferenceFile } from '../client/references'

/**
 * An edit's reference as the edit validator sees it (its size and type: what the validator reads),
 * through the one reference check of every door (type, completeness, pixels), or the reason it
 * cannot be sent.
 */
async function referenceMeta(
  path: string,
): Promise<{ meta: ReferenceFileMeta } | { problem: string }> {
  try {
    // Stryker disable next-line StringLiteral: equivalent, the field only keys the refusal's message, which is kept under images.<i> instead
    const { bytes, type } = await checkReferenceFile(path, 'image')
    // Stryker disable next-line ObjectLiteral: equivalent, the check above already refused an empty or untyped file, all the validator would find
    return { meta: { bytes, type } }
  } catch (e) {
    if (!isAppFailure(e)) throw e
    return { problem: Object.values(e.error.fields ?? {})[0] ?? e.error.message }
  }
}

/** A 1×1 PNG, Base64: what stands in for a file-borne image while the request is validated. */
const STAND_IN_PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=='

function throwInvalid(v: Validation, extra: Record<string, string> = {}): void {
  const fields = { ...(v.ok ? {} : v.fields), ...extra }
  const entries = Object.entries(fields)
  if (entries.length === 0) return
  const [path, message] = entries[0]!
  fail('validation', t('fieldProblem', { field: path, problem: message }), {
    fields,
    action: t('fixFieldsNothingSent'),
  })
}

/**
 * Checks a submission with the catalog's per-model validators (the same rules the forms use and
 * the server enforces) before anything is journaled or sent; throws `validation` with
 * field-level messages. Edit references are read from disk for their type and size.
 */
export async function validateSubmission(input: SubmitTaskInput): Promise<void> {
  switch (input.kind) {
    case 'image':
      return throwInvalid(validateImageGeneration(input.request))
    case 'video':
      return throwInvalid(validateVideo(input.request))
    case 'native': {
      // The source and mask travel as files until the request is sent: validate the request's
      // shape with a stand-in image where a file is given (prepareFiles checks the file itself
      // against the art-model limits), and count the files' Base64 in the request size.
      const parameters = { ...(input.request.parameters as Record<string, unknown>) }
      let encoded = 0
      for (const field of ['image', 'mask'] as const) {
        const path = input[field]
        if (!path) continue
        // Stryker disable next-line ArrowFunction: equivalent, an undefined answer reads as no size, as null does
        const bytes = (await fs.stat(path).catch(() => null))?.size ?? 0
        encoded += Math.ceil(bytes / 3) * 4
        parameters[field] = STAND_IN_PNG
      }
      const request = { ...input.request, parameters }
      return throwInvalid(
        validateNative(request, {
          requestBytes: Buffer.byteLength(JSON.stringify(input.request)) + encoded,
        }),
      )
    }
    case 'workbench':
      // Stryker disable next-line ObjectLiteral,StringLiteral: equivalent, no phase checks as the estimate does (only 'generation' asks for more)
      return throwInvalid(validateWorkbench(input.request, { phase: 'estimate' }))
    case 'edit': {
      const missing: Record<string, string> = {}
      const metas: ReferenceFileMeta[] = []
      for (const [i, path] of input.images.entries()) {
        const checked = await referenceMeta(path)
        if ('meta' in checked) metas.push(checked.meta)
        else missing[`images.${i}`] = checked.problem
      }
      return throwInvalid(validateImageEdit(input.request, metas), missing)
    }
  }
}
