/**
 * Conflict copies a sync engine leaves when two machines changed one file (issue #28): an item's
 * sidecar (`x.png.sync-conflict-…-DEVICE.json`, `x.png (… conflicted copy …).json`) or a
 * collection's definition. Each is merged field by field into the file it is a copy of
 * (disk/fieldMerge.ts, disk/collectionFile.ts) and then removed: nothing either machine did is
 * lost and no copy is left behind. A copy that cannot be read is left alone and reported.
 */
import { promises as fs } from 'node:fs'
import { basename, dirname, join } from 'node:path'

import { mediaExtOf } from '@shared/library/types'

import { t } from '../../../i18n'
import type { LibraryCore } from '../core/LibraryCore'
import {
  type CollectionDef,
  collectionFileText,
  COLLECTIONS_DIR,
  defFromJson,
  mergeCollectionDefs,
} from '../disk/collectionFile'
import { mergeSidecars } from '../disk/fieldMerge'
import { errnoOf, isLinkFree, writeAtomic } from '../disk/fsUtil'
import { parseSidecar } from '../disk/sidecar'
import { conflictOriginal } from '../disk/syncNames'

/**
 * How long a merged conflict copy is kept before it is removed (ms since its ctime). A sync engine
 * announces the copies it makes to the other machines, which then fetch them: one removed before
 * that fails their transfer ("pull: no such file"), and Syncthing then retries the whole folder
 * only after a minute, then two (bench/sync.ts: 100 concurrent edits not converged in 3 minutes).
 * Kept, the copy reaches the other machine, which merges it to the same bytes (mergeSidecars is
 * commutative) and removes it too.
 */
export const COPY_KEEP_MS = 10_000

/** What one pass of merging did. */
export interface MergeOutcome {
  /** Media files (relative paths) whose sidecar was merged: read them again. */
  media: string[]
  /** Whether a collection definition changed (the collections list is out of date). */
  collections: boolean
  /** Copies merged but kept for now: merge (and remove) them again after `keptForMs`. */
  kept: string[]
  keptForMs: number
}

/** True for a path that names a conflict copy this class merges. */
export const isConflictCopy = (rel: string): boolean => {
  const orig = conflictOriginal(basename(rel))
  if (!orig?.endsWith('.json')) return false
  return dirname(rel) === COLLECTIONS_DIR || mediaExtOf(orig.slice(0, -5)) !== null
}

/**
 * True for a sync engine's conflict copy of a picture or video (`x.sync-conflict-….png`,
 * `x (conflicted copy ….png`): the engine kept the newer version under the original name, and
 * this older one beside it. It is kept aside, never indexed as an item, and listed in the Sync
 * panel for the user to keep or delete.
 */
export const isMediaConflictCopy = (rel: string): boolean => {
  const orig = conflictOriginal(basename(rel))
  return orig !== null && mediaExtOf(orig) !== null && mediaExtOf(rel) !== null
}

/**
 * Merges conflict copies into their originals. Runs in the library's queue (the callers are the
 * reconciles), so a user's edit never interleaves with a merge of the same sidecar.
 */
export class ConflictMerger {
  constructor(private readonly core: LibraryCore) {}

  /** The conflict copies of collection definitions (their folder is hidden from the walks). */
  async collectionCopies(): Promise<string[]> {
    const names = await fs.readdir(join(this.core.dir(), COLLECTIONS_DIR)).catch(() => [])
    return names.map((n) => `${COLLECTIONS_DIR}/${n}`).filter(isConflictCopy)
  }

  /** Merges every copy in `relPaths`; copies already gone (merged elsewhere) are skipped. */
  async merge(relPaths: readonly string[]): Promise<MergeOutcome> {
    const out: MergeOutcome = { media: [], collections: false, kept: [], keptForMs: 0 }
    for (const rel of new Set(relPaths)) {
      if (isMediaConflictCopy(rel)) {
        await this.keepAside(rel)
        continue
      }
      if (!isConflictCopy(rel)) continue
      const orig = `${dirname(rel) === '.' ? '' : `${dirname(rel)}/`}${conflictOriginal(basename(rel))}`
      try {
        const root = this.core.dir()
        if (!(await isLinkFree(root, rel))) continue
        const isCollection = dirname(rel) === COLLECTIONS_DIR
        const keepFor = await this.mergeInto(
          rel,
          orig,
          isCollection ? mergeCollectionTexts : mergeSidecarTexts,
        )
        if (isCollection) out.collections = true
        else out.media.push(orig.slice(0, -5))
        this.core.activity.lastMergeAt = this.core.now()
        if (keepFor > 0) {
          out.kept.push(rel)
          out.keptForMs = Math.max(out.keptForMs, keepFor)
        } else this.core.activity.conflictsMerged++
      } catch (e) {
        if (errnoOf(e) === 'ENOENT') continue
        this.core.activity.problems.set(
          rel,
          t('conflictNotMerged', { detail: (e as Error).message }),
        )
      }
    }
    return out
  }

  /** A picture's or video's conflict copy: listed while it is there, forgotten once it is gone. */
  private async keepAside(rel: string): Promise<void> {
    const there = await fs
      .lstat(join(this.core.dir(), rel))
      .then((st) => st.isFile())
      .catch(() => false)
    const original = conflictOriginal(basename(rel))
    if (there)
      this.core.activity.problems.set(
        rel,
        `Another machine's older version of ${original}, kept beside it by the sync app; it is not in the library. Keep the one you want and delete the other.`,
      )
    else this.core.activity.problems.delete(rel)
  }

  /**
   * A copy merged into its original by `mergeTexts` (original text, copy text → merged text),
   * or moved there when the original is gone; then the copy is removed once it is COPY_KEEP_MS
   * old. The copy is parsed before anything is written, so an unreadable one stays where it is.
   * Returns how much longer the copy is kept (0: removed).
   */
  private async mergeInto(
    rel: string,
    orig: string,
    mergeTexts: (original: string, copy: string) => string,
  ): Promise<number> {
    const copyAbs = join(this.core.dir(), rel)
    const origAbs = join(this.core.dir(), orig)
    const copy = await fs.readFile(copyAbs, 'utf8')
    let text: string
    try {
      text = await fs.readFile(origAbs, 'utf8')
    } catch (e) {
      if (errnoOf(e) !== 'ENOENT') throw e
      mergeTexts(copy, copy)
      await fs.rename(copyAbs, origAbs)
      return 0
    }
    const merged = mergeTexts(text, copy)
    if (merged !== text) await writeAtomic(origAbs, merged)
    this.core.activity.problems.delete(rel)
    const age = Date.now() - (await fs.stat(copyAbs)).ctimeMs
    if (age < COPY_KEEP_MS) return Math.ceil(COPY_KEEP_MS - age)
    await fs.rm(copyAbs)
    return 0
  }
}

const mergeSidecarTexts = (original: string, copy: string): string =>
  `${JSON.stringify(mergeSidecars(parseSidecar(original), parseSidecar(copy)), null, 2)}\n`

const mergeCollectionTexts = (original: string, copy: string): string =>
  collectionFileText(mergeCollectionDefs(readDef(original), readDef(copy)))

function readDef(text: string): CollectionDef {
  const def = defFromJson(JSON.parse(text))
  if (!def) throw new Error('it is not a collection definition')
  return def
}
