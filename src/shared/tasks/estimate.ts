/**
 * What a submission is estimated to cost and what its prompt is, from the request alone (pure):
 * main journals it with the task and the ledger, and the batch planner prices every request of a
 * batch with the same function, so a batch's total is the sum of what its tasks will record.
 */
import {
  describeEstimate,
  estimateArt,
  estimateImage,
  estimateVideo,
  type PriceEstimate,
} from '../pricing'
import type { SubmitTaskInput } from './submit'

const num = (v: unknown): number | undefined => (typeof v === 'number' ? v : undefined)
const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined)

/** The estimate shown before submitting (src/shared/pricing), as the journal keeps it. */
export function estimateFor(input: SubmitTaskInput): PriceEstimate {
  const r = input.request as Record<string, unknown>
  switch (input.kind) {
    case 'image':
    case 'edit': {
      const urls = Array.isArray(r.image_urls) ? r.image_urls.length : 0
      const files = input.kind === 'edit' ? input.images.length : 0
      return estimateImage({
        model: String(r.model),
        ...(str(r.quality) ? { quality: str(r.quality)! } : {}),
        ...(str(r.aspect_ratio) ? { aspect_ratio: str(r.aspect_ratio)! } : {}),
        ...(num(r.n) ? { n: num(r.n)! } : {}),
        referenceCount: urls + files,
      })
    }
    case 'video':
      return estimateVideo({
        model: String(r.model),
        ...(str(r.resolution) ? { resolution: str(r.resolution)! } : {}),
        ...(num(r.duration) ? { duration: num(r.duration)! } : {}),
        ...(str(r.aspect_ratio) ? { aspect_ratio: str(r.aspect_ratio)! } : {}),
        ...(str(r.mode) ? { mode: str(r.mode)! } : {}),
      })
    case 'native': {
      const p = (r.parameters ?? {}) as Record<string, unknown>
      return estimateArt({
        variant: String(r.model),
        width: num(p.width) ?? 1024,
        height: num(p.height) ?? 1024,
        steps: num(p.steps) ?? 23,
        count: num(p.n_samples) ?? 1,
      })
    }
    case 'workbench': {
      const refs = Array.isArray(r.reference_asset_ids) ? r.reference_asset_ids.length : 0
      return estimateArt({
        variant: String(r.model_variant),
        width: num(r.width) ?? 1024,
        height: num(r.height) ?? 1024,
        steps: num(r.steps) ?? 23,
        count: num(r.count) ?? 1,
        referenceCount: refs,
      })
    }
  }
}

export function costOf(input: SubmitTaskInput): { costUsd: number | null; costLabel: string } {
  const e = estimateFor(input)
  return { costUsd: e.kind === 'usd' ? e.usd : null, costLabel: describeEstimate(e) }
}

export function promptOf(input: SubmitTaskInput): string {
  const r = input.request as Record<string, unknown>
  return String((input.kind === 'native' ? r.input : r.prompt) ?? '')
}
