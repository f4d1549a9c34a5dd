/**
 * Reads the service's task answers into the engine's terms. The spec shows video statuses
 * `completed` and `failed` and nothing of the workbench task beyond its id, so everything here
 * is defensive: unknown statuses are "still running", outputs and prices are looked for under
 * the names the service (or the simulator) uses, and nothing throws on an odd shape.
 */
import type { ArtEvent, VideoTask } from '../../client/types'
import type { OutputRef, ServerStatus, WorkbenchEvent } from '../ports'

type Obj = Record<string, unknown>
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v)
const str = (v: unknown): string | undefined =>
  typeof v === 'string' && v.trim() !== '' ? v : undefined

/** 0..1 from a 0–100 percentage (or a 0–1 fraction); null when absent. */
export function fraction(v: unknown): number | null {
  if (typeof v !== 'number' || !Number.isFinite(v)) return null
  const f = v > 1 ? v / 100 : v
  return Math.min(1, Math.max(0, f))
}

export function videoStatusOf(v: VideoTask): ServerStatus {
  const raw = v.status
  const s = raw.toLowerCase()
  return {
    phase: s === 'completed' ? 'completed' : s === 'failed' ? 'failed' : 'running',
    raw,
    progress: typeof v.progress === 'number' ? Math.min(1, Math.max(0, v.progress / 100)) : null,
    outputs: null,
    error: v.error ?? null,
  }
}

const DONE = new Set(['done', 'completed', 'complete', 'succeeded', 'success', 'finished'])
const FAILED = new Set(['failed', 'error', 'errored'])

/** Image outputs anywhere the answer may list them: URLs or Base64, one level of nesting. */
export function outputsOf(value: unknown): OutputRef[] {
  const found: OutputRef[] = []
  const visit = (v: unknown): void => {
    if (typeof v === 'string') {
      if (/^https?:\/\//i.test(v)) found.push({ type: 'url', url: v })
      else if (v.startsWith('data:image/') || (v.length > 64 && /^[A-Za-z0-9+/=\s]+$/.test(v)))
        found.push({ type: 'inline', b64: v })
      return
    }
    if (!isObj(v)) return
    const url = str(v.url) ?? str(v.image_url) ?? str(v.download_url)
    if (url) return void found.push({ type: 'url', url })
    const b64 = str(v.b64_json) ?? str(v.b64) ?? str(v.image) ?? str(v.data)
    if (b64) return void found.push({ type: 'inline', b64 })
  }
  const lists = (o: Obj): unknown[] | null => {
    for (const k of ['images', 'outputs', 'results', 'urls', 'output', 'data']) {
      if (Array.isArray(o[k])) return o[k] as unknown[]
    }
    return null
  }
  if (Array.isArray(value)) value.forEach(visit)
  else if (isObj(value)) {
    const list = lists(value) ?? (isObj(value.data) ? lists(value.data) : null)
    const result = isObj(value.result) ? lists(value.result) : null
    for (const item of list ?? result ?? []) visit(item)
  }
  return found
}

function errorOf(value: unknown): { code?: string; message?: string } | null {
  if (!isObj(value)) return null
  const e = isObj(value.error)
    ? value.error
    : isObj(value.data) && isObj(value.data.error)
      ? value.data.error
      : null
  if (e) {
    const out: { code?: string; message?: string } = {}
    if (str(e.code)) out.code = str(e.code)!
    if (str(e.message)) out.message = str(e.message)!
    return out
  }
  const message = str(value.error) ?? str(value.message)
  return message ? { message } : null
}

export function artStatusOf(raw: Obj, status: string | undefined): ServerStatus {
  const data = isObj(raw.data) ? raw.data : raw
  const s = (status ?? str(data.status) ?? 'unknown').toLowerCase()
  const outputs = outputsOf(raw)
  return {
    phase: DONE.has(s) ? 'completed' : FAILED.has(s) ? 'failed' : 'running',
    raw: s,
    progress: fraction(data.progress),
    outputs: outputs.length > 0 ? outputs : null,
    error: FAILED.has(s) ? errorOf(raw) : null,
  }
}

function previewImage(data: unknown): string | null {
  const raw = isObj(data)
    ? (str(data.image) ??
      str(data.preview) ??
      str(data.b64) ??
      str(data.b64_json) ??
      str(data.data))
    : str(data)
  if (!raw) return null
  if (raw.startsWith('data:image/')) return raw
  if (/^[A-Za-z0-9+/=]+$/.test(raw)) {
    const mime = raw.startsWith('/9j/')
      ? 'image/jpeg'
      : raw.startsWith('UklG')
        ? 'image/webp'
        : 'image/png'
    return `data:${mime};base64,${raw}`
  }
  return null
}

export function artEventOf(e: ArtEvent): WorkbenchEvent {
  const d = isObj(e.data) ? e.data : {}
  switch (e.event) {
    case 'keepalive':
      return { type: 'keepalive' }
    case 'queued':
      return { type: 'queued', position: typeof d.position === 'number' ? d.position : null }
    case 'preview': {
      const step = typeof d.step === 'number' ? d.step : null
      const steps = typeof d.steps === 'number' ? d.steps : null
      const progress = fraction(d.progress) ?? (step !== null && steps ? step / steps : null)
      return { type: 'preview', image: previewImage(e.data), progress }
    }
    case 'done':
      return { type: 'done', outputs: outputsOf(e.data) }
    case 'error':
      return { type: 'error', error: errorOf(e.data) ?? {} }
    default:
      return { type: 'other', name: e.event }
  }
}
