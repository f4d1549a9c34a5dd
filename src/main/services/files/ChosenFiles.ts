import { isAbsolute, relative, resolve, sep } from 'node:path'

import { fail } from '@shared/result'

import { t } from '../../i18n'
import { isLinkFree } from '../library/disk/fsUtil'

/** Paths remembered at most (a drop of thousands of files still fits many times over). */
const MAX_REMEMBERED = 20_000

/**
 * The files the user chose in this session: dropped on a window or picked in a file dialog. The
 * preload reports each path `webUtils.getPathForFile` gives it, which exists only for a File that
 * came from such a gesture (a File made by script has no path), on a channel the page cannot
 * reach. Main reads a path given by the renderer only when it is one of these, so a compromised
 * page cannot import, or read the settings of, any file it names.
 */
export class ChosenFiles {
  private readonly paths = new Set<string>()

  /**
   * `roots`: folders whose files the app itself hands the renderer (staged uploads, the library),
   * which a generation may use as references without a gesture of their own.
   */
  constructor(private readonly roots: () => Promise<readonly string[]> = async () => []) {}

  /** Remembers a chosen file (the preload's report); anything but an absolute path is ignored. */
  add(path: unknown): void {
    if (typeof path !== 'string' || path.length > 4096 || !isAbsolute(path)) return
    if (this.paths.size >= MAX_REMEMBERED) {
      const oldest = this.paths.values().next().value
      if (oldest !== undefined) this.paths.delete(oldest)
    }
    this.paths.add(resolve(path))
  }

  /** Returns `paths` when every one was chosen by the user; otherwise a validation failure. */
  checked<T extends string | string[]>(paths: T): T {
    const list = Array.isArray(paths) ? paths : [paths]
    const unknown = list.filter((p) => !this.paths.has(resolve(p)))
    if (unknown.length > 0) {
      fail('validation', t('fileNotChosen', { path: unknown[0] }), {
        action: t('fileNotChosenAction'),
      })
    }
    return paths
  }

  /**
   * Reference files of a generation: each must be a chosen file, or lie inside one of the roots
   * with no link on the way (a library item, a staged paste). Otherwise a validation failure.
   */
  async checkedReferences(paths: readonly string[]): Promise<void> {
    const notChosen = paths.filter((p) => !this.paths.has(resolve(p)))
    if (notChosen.length === 0) return
    const roots = (await this.roots()).map((r) => resolve(r))
    for (const p of notChosen) {
      const inside = await Promise.all(roots.map((root) => insideWithoutLinks(root, resolve(p))))
      if (!inside.includes(true)) this.checked(p)
    }
  }
}

async function insideWithoutLinks(root: string, path: string): Promise<boolean> {
  const rel = relative(root, path)
  if (!rel || rel.startsWith('..') || isAbsolute(rel)) return false
  return isLinkFree(root, rel.split(sep).join('/')).catch(() => false)
}
