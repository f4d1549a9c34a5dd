import { open, readFile, stat } from 'node:fs/promises'

import {
  checkArtReference,
  imageDimensions,
  NATIVE_LIMITS,
  type ReferenceFileMeta,
  sniffImageType,
} from '@shared/catalog'
import { fail } from '@shared/result'

/** Enough of a file's start for the magic bytes and the dimensions (JPEG EXIF can be long). */
const HEAD_BYTES = 256 * 1024

export interface CheckedFile extends ReferenceFileMeta {
  path: string
  /** The Content-Type to upload with, from the magic bytes. */
  mime: string
}

async function readHead(path: string): Promise<Uint8Array> {
  const handle = await open(path, 'r')
  try {
    const buf = Buffer.alloc(HEAD_BYTES)
    const { bytesRead } = await handle.read(buf, 0, HEAD_BYTES, 0)
    return buf.subarray(0, bytesRead)
  } finally {
    await handle.close()
  }
}

const fieldName = (field: string, i: number, count: number) =>
  count > 1 ? `${field}[${i}]` : field

/**
 * Reads what the catalog's validators need about reference files (size, type by magic bytes,
 * dimensions) and refuses, before anything is uploaded, files that are missing or are not PNG,
 * JPEG or WebP whatever their name says.
 */
export async function checkUploadFiles(
  files: ReadonlyArray<{ path: string; filename?: string }>,
  field: string,
): Promise<CheckedFile[]> {
  const out: CheckedFile[] = []
  for (const [i, file] of files.entries()) {
    const name = fieldName(field, i, files.length)
    let size: number
    let head: Uint8Array
    try {
      size = (await stat(file.path)).size
      head = await readHead(file.path)
    } catch (e) {
      return fail(
        'validation',
        `The file ${file.path} cannot be read (${(e as NodeJS.ErrnoException).code ?? 'error'}).`,
        {
          fields: { [name]: 'The file cannot be read' },
        },
      )
    }
    const type = sniffImageType(head)
    if (!type) {
      return fail('validation', `${file.filename ?? file.path} is not a PNG, JPEG or WebP image.`, {
        fields: { [name]: 'Use a PNG, JPEG or WebP image' },
      })
    }
    const meta: CheckedFile = { path: file.path, field, bytes: size, type, mime: type }
    const dims = imageDimensions(head)
    if (dims) {
      meta.width = dims.width
      meta.height = dims.height
    }
    out.push(meta)
  }
  return out
}

/**
 * The art-model limits on one reference file (native image/mask/references and workbench
 * assets): PNG/JPEG/WebP, at most 24 MiB and 24 megapixels, via the catalog's shared check.
 * Returns the bytes, already read, for the caller to encode or upload.
 */
export async function readArtReference(
  path: string,
  field = 'image',
): Promise<{ bytes: Buffer; mime: string }> {
  const [checked] = await checkUploadFiles([{ path }], field)
  if (checked!.bytes > NATIVE_LIMITS.maxReferenceBytes) {
    fail('validation', 'A reference image must be at most 24 MiB.', {
      fields: { [field]: 'At most 24 MiB' },
    })
  }
  const bytes = await readFile(path)
  const problem = checkArtReference(bytes)
  if (problem) fail('validation', problem, { fields: { [field]: problem } })
  return { bytes, mime: checked!.mime }
}

/** A checked art reference as Base64, for the native endpoint's image, mask or references. */
export async function loadArtReferenceBase64(
  path: string,
  field = 'parameters.image',
): Promise<string> {
  return (await readArtReference(path, field)).bytes.toString('base64')
}
