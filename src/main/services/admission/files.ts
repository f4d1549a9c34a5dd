import { promises as fs } from 'node:fs'
import { extname, join } from 'node:path'

import { fail } from '@shared/result'
import type { SubmitTaskInput } from '@shared/tasks/submit'

import { t } from '../../i18n'
import { readArtReference } from '../client/references'
import type { TaskFiles } from '../journal/taskRecord'

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
      fail('storage', t('fileCopyFailed', { field, detail: e.message }), {
        fields: { [field]: t('fileUnreadableChooseAgain') },
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
      fail('storage', t('referenceCopyFailed', { detail: (e as Error).message }), {
        fields: { [`images.${i}`]: t('fileUnreadableChooseAgain') },
      })
    }
    out.push(dest)
  }
  return out
}
