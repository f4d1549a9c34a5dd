import { promises as fs } from 'node:fs'
import { extname, join } from 'node:path'

import {
  imageDimensions,
  type ReferenceFileMeta,
  sniffImageType,
  validateImageEdit,
  validateImageGeneration,
  validateNative,
  validateVideo,
  validateWorkbench,
  type Validation,
} from '@shared/catalog'
import { fail } from '@shared/result'
import type { SubmitTaskInput } from '@shared/tasks/submit'

import { readArtReference } from '../client/references'
import type { TaskFiles } from './ports'

/** Reads enough of a reference file to validate it: size, type from magic bytes, dimensions. */
async function referenceMeta(path: string, field: string): Promise<ReferenceFileMeta | null> {
  let handle
  try {
    handle = await fs.open(path, 'r')
    const st = await handle.stat()
    if (!st.isFile()) return null
    const head = new Uint8Array(Math.min(st.size, 512 * 1024))
    await handle.read(head, 0, head.length, 0)
    const meta: ReferenceFileMeta = { field, bytes: st.size, type: sniffImageType(head) }
    const dims = imageDimensions(head)
    if (dims) {
      meta.width = dims.width
      meta.height = dims.height
    }
    return meta
  } catch {
    return null
  } finally {
    await handle?.close()
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
  fail('validation', `${path}: ${message}`, {
    fields,
    action: 'Correct the highlighted settings; nothing was sent or charged.',
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
      return throwInvalid(validateWorkbench(input.request, { phase: 'estimate' }))
    case 'edit': {
      const field = input.images.length === 1 ? 'image' : 'image[]'
      const missing: Record<string, string> = {}
      const metas: ReferenceFileMeta[] = []
      for (const [i, path] of input.images.entries()) {
        const meta = await referenceMeta(path, field)
        if (meta) metas.push(meta)
        else missing[`images.${i}`] = 'The file cannot be read; choose it again'
      }
      return throwInvalid(validateImageEdit(input.request, metas), missing)
    }
  }
}

/**
 * The files a task sends, copied into its own folder (userData/tasks/<id>) so a retry or a restart
 * re-sends the same bytes even if the user moves or deletes the originals: an edit's references,
 * a native request's source image and mask (checked against the art-model limits first).
 */
export async function prepareFiles(dir: string, input: SubmitTaskInput): Promise<TaskFiles> {
  if (input.kind === 'edit') return { images: await copyReferences(dir, input.images) }
  if (input.kind !== 'native') return { images: [] }
  const files: TaskFiles = { images: [] }
  for (const field of ['image', 'mask'] as const) {
    const path = input[field]
    if (!path) continue
    await readArtReference(path, `parameters.${field}`)
    await fs.mkdir(dir, { recursive: true })
    const dest = join(dir, `${field}${extname(path).toLowerCase().slice(0, 6)}`)
    await fs.copyFile(path, dest).catch((e: Error) =>
      fail('storage', `The ${field} could not be copied: ${e.message}`, {
        fields: { [field]: 'The file cannot be read; choose it again' },
      }),
    )
    files[field] = dest
  }
  return files
}

/**
 * Copies an edit's reference files into the task's own folder, so a retry or a restart re-sends
 * the same bytes even if the user moves or deletes the originals.
 */
export async function copyReferences(dir: string, paths: readonly string[]): Promise<string[]> {
  if (paths.length === 0) return []
  await fs.mkdir(dir, { recursive: true })
  const out: string[] = []
  for (const [i, path] of paths.entries()) {
    const dest = join(dir, `reference-${i + 1}${extname(path).toLowerCase().slice(0, 6)}`)
    try {
      await fs.copyFile(path, dest)
    } catch (e) {
      fail('storage', `The reference image could not be copied: ${(e as Error).message}`, {
        fields: { [`images.${i}`]: 'The file cannot be read; choose it again' },
      })
    }
    out.push(dest)
  }
  return out
}
