import { fail } from '@shared/result'

import { t } from '../../../i18n'
import type { SimilarIndex } from './SimilarIndex'

/** How often a grouping's progress is told, at most, in ms. */
const PROGRESS_MS = 150

/** Lets other work (IPC, the grid's thumbnails) run between two steps. */
const turn = () => new Promise<void>((resolve) => setImmediate(resolve))

/** The groups at one distance, for one version of the index. */
export interface Grouped {
  version: number
  groups: string[][]
}

/** A duplicates grouping under way: for which index version and distance, and its answer. */
interface Grouping {
  version: number
  d: number
  cancelled: boolean
  done: Promise<Grouped>
}

/**
 * The duplicates view's groupings over a SimilarIndex (issue #33: 1M hashes take seconds): the
 * last answer is cached while the index does not change; a new one is computed in steps (a few
 * ms each, the event loop turning between them) and shared by every request for the same
 * distance meanwhile. A request for another distance, or `stopped()`, cancels the one running
 * (its callers get a `cancelled` error; the panel has moved on).
 */
export class DuplicateGroupings {
  private cached: (Grouped & { d: number }) | null = null
  private running: Grouping | null = null

  constructor(
    private readonly index: SimilarIndex,
    private readonly stopped: () => boolean,
    /** Hears how far a grouping is (0..1), a few times a second and once at its end. */
    private readonly onProgress: (maxDistance: number, done: number) => void = () => {},
  ) {}

  grouped(maxDistance: number): Promise<Grouped> {
    const version = this.index.version
    const cached = this.cached
    if (cached && cached.version === version && cached.d === maxDistance)
      return Promise.resolve(cached)
    const running = this.running
    // The same distance joins the one running, even over an older index: hashes arrive every few
    // ms while a library is analysed, and restarting for each would never finish at 1M.
    if (running && running.d === maxDistance) return running.done
    if (running) running.cancelled = true
    const job: Grouping = {
      version,
      d: maxDistance,
      cancelled: false,
      done: Promise.resolve({ version, groups: [] }),
    }
    job.done = (async () => {
      let toldAt = performance.now()
      const steps = this.index.groupsInSteps(maxDistance, (done) => {
        const now = performance.now()
        if (now - toldAt < PROGRESS_MS) return
        toldAt = now
        this.onProgress(maxDistance, done)
      })
      let step = steps.next()
      while (!step.done) {
        await turn()
        if (job.cancelled || this.stopped()) {
          steps.return([])
          return fail('cancelled', t('duplicatesCancelled'))
        }
        step = steps.next()
      }
      this.onProgress(maxDistance, 1)
      this.cached = { version, d: maxDistance, groups: step.value }
      return this.cached
    })().finally(() => {
      if (this.running === job) this.running = null
    })
    this.running = job
    return job.done
  }
}
