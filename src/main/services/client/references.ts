import { readFile, stat } from 'node:fs/promises'

import {
  ART_REFERENCE_LIMITS,
  inspectReference,
  type ReferenceFileMeta,
  type ReferenceLimits,
} from '@shared/catalog'
import { fail } from '@shared/result'

import { t } from '../../i18n'

/**
 * The largest reference file read at all (any endpoint's own limit is lower): a bigger one is
 * refused from its size, so a wrong file dropped in never fills main's memory.
 */
export const MAX_REFERENCE_FILE_BYTES = 64 * 1024 * 1024

export interface CheckedFile extends ReferenceFileMeta {
  path: string
  /** The Content-Type to upload with, from the magic bytes. */
  mime: string
  /** The whole file, already read, for the caller to encode or upload. */
  data: Buffer
}

const fieldName = (field: string, i: number, count: number) =>
  count > 1 ? `${field}[${i}]` : field

/**
 * The one check of a reference file for every door (an edit's images, a native source or mask, a
 * workbench asset): the file is read whole and put through the catalog's `inspectReference`
 * (type by magic bytes, complete, readable pixels, the endpoint's limits), so a truncated PNG or
 * a broken JPEG is refused before anything is journaled, uploaded or charged. Throws
 * `validation` with the field the form highlights.
 */
export async function checkReferenceFile(
  path: string,
  field: string,
  limits: ReferenceLimits | null = null,
  shownName: string = path,
): Promise<CheckedFile> {
  let data: Buffer
  try {
    const size = (await stat(path)).size
    const cap = Math.min(MAX_REFERENCE_FILE_BYTES, limits ? limits.maxBytes : Infinity)
    if (size > cap) {
      const label = limits?.bytesLabel ?? `${MAX_REFERENCE_FILE_BYTES / 1024 / 1024} MiB`
      return fail('validation', t('refTooLarge', { name: shownName, limit: label }), {
        fields: { [field]: t('refAtMost', { limit: label }) },
      })
    }
    data = await readFile(path)
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code
    if (!code) throw e
    return fail('validation', t('refUnreadable', { name: shownName, code }), {
      fields: { [field]: t('fileUnreadableChooseAgain') },
    })
  }
  const { meta, problem } = inspectReference(data, limits)
  if (problem || !meta.type) {
    const reason = problem ?? t('refUseImage')
    return fail('validation', t('refProblem', { name: shownName, reason }), {
      fields: { [field]: reason },
    })
  }
  return { ...meta, field, path, mime: meta.type, data }
}

/**
 * Checks every file of a multipart upload (`image` or `image[]`) before anything is sent: the
 * same check as every other door, with the part's own field name on a refusal.
 */
export async function checkUploadFiles(
  files: ReadonlyArray<{ path: string; filename?: string }>,
  field: string,
): Promise<CheckedFile[]> {
  const out: CheckedFile[] = []
  for (const [i, file] of files.entries()) {
    const name = fieldName(field, i, files.length)
    const checked = await checkReferenceFile(file.path, name, null, file.filename ?? file.path)
    out.push({ ...checked, field })
  }
  return out
}

/**
 * The art-model limits on one reference file (native image/mask/references and workbench
 * assets): PNG/JPEG/WebP, complete, at most 24 MiB and 24 megapixels. Returns the bytes, already
 * read, for the caller to encode or upload.
 */
export async function readArtReference(
  path: string,
  field = 'image',
): Promise<{ bytes: Buffer; mime: string }> {
  const checked = await checkReferenceFile(path, field, ART_REFERENCE_LIMITS)
  return { bytes: checked.data, mime: checked.mime }
}

/** A checked art reference as Base64, for the native endpoint's image, mask or references. */
export async function loadArtReferenceBase64(
  path: string,
  field = 'parameters.image',
): Promise<string> {
  return (await readArtReference(path, field)).bytes.toString('base64')
}
