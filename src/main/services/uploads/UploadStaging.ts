import { randomUUID } from 'node:crypto'
import { mkdir, readdir, rm, stat, writeFile } from 'node:fs/promises'
import { join } from 'node:path'

import { inspectReference } from '@shared/catalog'
import { fail } from '@shared/result'

import { t } from '../../i18n'

/** Staged uploads older than this are removed on the next stage (tasks copy what they send). */
export const STAGE_TTL_MS = 24 * 60 * 60 * 1000

const EXT = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/webp': 'webp' } as const

/**
 * The upload area (userData/uploads) for bytes the renderer holds without an OS path (a pasted
 * screenshot, a painted mask): they are written here once and referred to by path, so tasks and
 * the workbench's uploads take every file the same way. The type is decided by the bytes (PNG,
 * JPEG or WebP); the name the user saw is never used on disk. Old files are swept on each stage.
 */
export class UploadStaging {
  constructor(
    readonly dir: string,
    private readonly now: () => number = Date.now,
  ) {}

  async stage(bytes: Uint8Array): Promise<{ path: string; bytes: number }> {
    // The same check as every other door for a reference (type, completeness, pixels).
    const { meta, problem } = inspectReference(bytes)
    const type = meta.type
    if (problem || !type) {
      const reason = problem ?? t('refUseImage')
      return fail('validation', t('sentence', { text: reason }), { fields: { bytes: reason } })
    }
    await mkdir(this.dir, { recursive: true })
    await this.sweep()
    const path = join(this.dir, `${randomUUID()}.${EXT[type]}`)
    await writeFile(path, bytes)
    return { path, bytes: bytes.length }
  }

  private async sweep(): Promise<void> {
    const now = this.now()
    for (const name of await readdir(this.dir).catch(() => [] as string[])) {
      const path = join(this.dir, name)
      const info = await stat(path).catch(() => null)
      if (info && now - info.mtimeMs > STAGE_TTL_MS) await rm(path, { force: true })
    }
  }
}
