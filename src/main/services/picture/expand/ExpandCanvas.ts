/**
 * Expand the canvas (outpaint, issue #31), main's part: builds the padded picture and its infill
 * mask for a plan (shared/library/expand.ts), stages both as uploads, and remembers the lineage
 * under the request id the renderer will submit with. The request itself goes through
 * `tasks:submit` → Admission (validated, priced, budget-checked, journaled) like any other paid
 * request; when its result is saved, the task sink asks `lineageOfTask` and the new item records
 * where it came from.
 */
import {
  EXPAND_OVERLAP,
  type ExpandPlan,
  type ExpandPrepared,
  type ExpandSpec,
  planExpand,
} from '@shared/library/expand'
import type { Lineage } from '@shared/library/lineage'
import { fail } from '@shared/result'
import type SharpModule from 'sharp'

import { JsonFile } from '../../../adapters/fs/JsonFile'
import { loadSharp } from '../../../adapters/thumbnails/loadSharp'
import { t } from '../../../i18n'
import type { PictureLibrary } from '../derived'
import { checkPictureItem, readPicture } from '../readPicture'

/** Lineage waiting for its request's result, by request id (kept 30 days). */
type Pending = Record<string, { lineage: Lineage; at: number }>
const KEEP_MS = 30 * 24 * 3600 * 1000

export interface ExpandOptions {
  library: PictureLibrary
  stage: (bytes: Uint8Array) => Promise<{ path: string }>
  /** userData/derived-requests.json */
  file: string
  /** The request id a task was submitted with (the task journal). */
  requestIdOf: (taskId: string) => string | null
  now?: () => number
}

/** Builds the padded picture (edges stretched outwards: infill starts from their colours) and the mask. */
export async function buildExpand(
  rgba: { data: Buffer; width: number; height: number },
  plan: ExpandPlan,
  sharp: typeof SharpModule = loadSharp(),
): Promise<{ image: Buffer; mask: Buffer }> {
  const placed = await sharp(rgba.data, {
    raw: { width: rgba.width, height: rgba.height, channels: 4 },
  })
    .resize(plan.w, plan.h, { kernel: 'lanczos3', fit: 'fill' })
    .raw()
    .toBuffer()
  const image = await sharp(placed, { raw: { width: plan.w, height: plan.h, channels: 4 } })
    .extend({
      left: plan.x,
      top: plan.y,
      right: plan.width - plan.x - plan.w,
      bottom: plan.height - plan.y - plan.h,
      extendWith: 'copy',
    })
    .png()
    .toBuffer()
  // White = paint here; black = keep. The kept box shrinks by the overlap on expanded sides only.
  const keep = {
    left: plan.x > 0 ? plan.x + EXPAND_OVERLAP : 0,
    top: plan.y > 0 ? plan.y + EXPAND_OVERLAP : 0,
    right: plan.x + plan.w < plan.width ? plan.x + plan.w - EXPAND_OVERLAP : plan.width,
    bottom: plan.y + plan.h < plan.height ? plan.y + plan.h - EXPAND_OVERLAP : plan.height,
  }
  const m = Buffer.alloc(plan.width * plan.height, 255)
  for (let y = Math.max(0, keep.top); y < Math.min(plan.height, keep.bottom); y++)
    m.fill(
      0,
      y * plan.width + Math.max(0, keep.left),
      y * plan.width + Math.min(plan.width, keep.right),
    )
  const mask = await sharp(m, { raw: { width: plan.width, height: plan.height, channels: 1 } })
    .toColourspace('b-w')
    .png()
    .toBuffer()
  return { image, mask }
}

export class ExpandCanvas {
  private readonly store: JsonFile<Pending>
  private pending: Pending | null = null
  private loading: Promise<void> | null = null
  private readonly now: () => number

  constructor(private readonly o: ExpandOptions) {
    this.store = new JsonFile<Pending>(o.file)
    this.now = o.now ?? Date.now
  }

  /** Builds and stages the image and mask for expanding item `id`; `requestId` names the submission to come. */
  async prepare(
    id: string,
    spec: ExpandSpec,
    requestId: string,
    model: string,
  ): Promise<ExpandPrepared> {
    const parent = await this.o.library.get(id)
    checkPictureItem(parent, 'expand')
    const pic = await readPicture(await this.o.library.absolutePath(id), 'expand')
    const plan = planExpand(pic.width, pic.height, spec)
    if (typeof plan === 'string') return fail('validation', plan, { action: t('nothingSent') })
    const { image, mask } = await buildExpand(pic, plan)
    const [img, msk] = [await this.o.stage(image), await this.o.stage(mask)]
    await this.remember(requestId, {
      parentId: parent.id,
      operation: 'outpaint',
      params: {
        ...spec,
        width: plan.width,
        height: plan.height,
        placed: { x: plan.x, y: plan.y, w: plan.w, h: plan.h },
      },
      model,
    })
    return {
      image: img.path,
      mask: msk.path,
      plan,
      source: { width: pic.width, height: pic.height },
    }
  }

  /**
   * The lineage for a task's results, when the task is an expand this service prepared. It waits
   * for the file of earlier runs: a result that arrives in the first moment after a restart would
   * otherwise be saved without its link.
   */
  async lineageOfTask(taskId: string): Promise<Lineage | null> {
    const requestId = this.o.requestIdOf(taskId)
    if (!requestId) return null
    await this.open()
    return this.pending?.[requestId]?.lineage ?? null
  }

  /** Loads what earlier runs prepared (results may arrive after a restart). */
  open(): Promise<void> {
    // One read for every caller: two reads racing could put back a file older than a `remember`.
    this.loading ??= this.store
      .read()
      .catch(() => null)
      .then((read) => {
        this.pending ??= read ?? {}
      })
    return this.loading
  }

  private async remember(requestId: string, lineage: Lineage): Promise<void> {
    await this.open()
    const now = this.now()
    const next: Pending = { [requestId]: { lineage, at: now } }
    for (const [k, v] of Object.entries(this.pending!)) if (now - v.at < KEEP_MS) next[k] ??= v
    await this.store.write(next)
    this.pending = next
  }
}
