import { wildcardListSchema } from '@shared/batch/schemas'
import type { WildcardList } from '@shared/batch/types'
import { fail } from '@shared/result'

import type { JsonFile } from '../../adapters/fs/JsonFile'
import { t } from '../../i18n'

interface Stored {
  version: 1
  lists: WildcardList[]
}

/**
 * The named wildcard lists (`__name__` in a prompt), kept in the app (userData/wildcards.json)
 * so a batch can be planned again later with the same lists. A damaged entry is skipped, never
 * fatal; writes are serialised.
 */
export class WildcardStore {
  private lists: Map<string, string[]> | null = null
  private queue: Promise<unknown> = Promise.resolve()

  constructor(private readonly file: JsonFile<Stored>) {}

  private async load(): Promise<Map<string, string[]>> {
    if (this.lists) return this.lists
    // Stryker disable next-line ArrowFunction: equivalent, `stored?.lists` reads null and undefined alike
    const stored = await this.file.read().catch(() => null)
    const lists = new Map<string, string[]>()
    // Stryker disable next-line ArrayDeclaration: equivalent, a made-up entry fails wildcardListSchema and is skipped like any damaged one
    for (const entry of Array.isArray(stored?.lists) ? stored.lists : []) {
      const parsed = wildcardListSchema.safeParse(entry)
      if (parsed.success) lists.set(parsed.data.name, parsed.data.values)
    }
    this.lists = lists
    return lists
  }

  /** The lists by name, as the planner reads them. */
  async map(): Promise<ReadonlyMap<string, readonly string[]>> {
    return new Map(await this.load())
  }

  async list(): Promise<WildcardList[]> {
    const lists = await this.load()
    return [...lists.entries()]
      .map(([name, values]) => ({ name, values: [...values] }))
      .sort((a, b) => a.name.localeCompare(b.name))
  }

  save(list: WildcardList): Promise<WildcardList[]> {
    return this.serial(async (lists) => lists.set(list.name, [...list.values]))
  }

  delete(name: string): Promise<WildcardList[]> {
    return this.serial(async (lists) => {
      if (!lists.delete(name))
        fail('not_found', t('wildcardGone', { name }), {
          action: t('wildcardGoneAction'),
        })
    })
  }

  private serial(change: (lists: Map<string, string[]>) => Promise<unknown>) {
    const run = async () => {
      const lists = new Map(await this.load())
      await change(lists)
      try {
        await this.file.write({
          version: 1,
          lists: [...lists.entries()].map(([name, values]) => ({ name, values })),
        })
      } catch (e) {
        fail('storage', t('wildcardSaveFailed', { detail: (e as Error).message }), {
          action: t('appFolderWritableAction'),
        })
      }
      this.lists = lists
      return this.list()
    }
    const next = this.queue.then(run, run)
    this.queue = next.catch(() => {})
    return next
  }
}
