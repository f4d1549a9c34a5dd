import { t } from '../../i18n'
import type { ArtifactResponse, DownloadProgress, PartialStore, ResumableArtifact } from './ports'
import { judgeResponse, planRange, recordFor } from './resume'

/** Attempts within one download after a cut connection (each continues where the last stopped). */
export const RESUMES_PER_DOWNLOAD = 2
/** Progress goes to Settings at most this often (and once at the end). */
export const PROGRESS_EVERY_MS = 250

const failure = (message: string, code: string) => Object.assign(new Error(message), { code })

/**
 * Downloads the artifact into the partial file, continuing from the bytes already kept (after a
 * cut connection, after a restart of the app) with Range requests, and hands it over only once
 * its sha512 is the feed's. A server that ignores Range, a range it cannot serve and a file that
 * changed on the server mean starting over, never a file stitched from two versions. A cut
 * connection keeps the bytes: up to RESUMES_PER_DOWNLOAD more attempts at once, then the next
 * check continues. A wrong checksum deletes the bytes. Rejects with a coded error for Settings.
 */
export async function downloadResuming(
  artifact: ResumableArtifact,
  onProgress: (p: DownloadProgress) => void,
  now: () => number = Date.now,
): Promise<void> {
  try {
    // Downloaded and handed over before (an earlier launch): nothing to fetch again.
    if (await artifact.partial.handedOver()) return
    await attempts(artifact, onProgress, now)
  } finally {
    await artifact.partial.close().catch(() => {})
  }
}

async function attempts(
  artifact: ResumableArtifact,
  onProgress: (p: DownloadProgress) => void,
  now: () => number,
): Promise<void> {
  const { target, partial } = artifact
  let drops = 0
  let cuts = 0
  for (;;) {
    const kept = await partial.read()
    const plan = planRange(target, kept)
    if (plan.kind === 'complete') return verify(artifact)
    const res = await artifact.source.get(target.url, plan.headers)
    const verdict = judgeResponse(plan, kept.record, res, target)
    if (verdict.kind === 'fail') {
      res.cancel()
      if (verdict.drop) await partial.drop()
      throw failure(t('resumeRefused', { why: verdict.why }), 'UPDATE_HTTP')
    }
    if (verdict.kind === 'drop') {
      res.cancel()
      await partial.drop()
      if (++drops > 1) throw failure(t('resumeCannotStart', { why: verdict.why }), 'UPDATE_HTTP')
      continue
    }
    const from = verdict.kind === 'append' ? kept.bytes : 0
    await partial.begin(recordFor(target, res), from)
    const total = target.size || from + Number(res.header('content-length') ?? 0)
    const received = await receive(res, from, total, partial, onProgress, now)
    if (target.size > 0 && received > target.size) {
      await partial.drop()
      throw failure(t('resumeTooLong'), 'ERR_CHECKSUM_MISMATCH')
    }
    if (target.size === 0 || received === target.size) return verify(artifact)
    if (++cuts > RESUMES_PER_DOWNLOAD)
      throw failure(t('resumeCutAt', { received, size: target.size }), 'UPDATE_DOWNLOAD_CUT')
  }
}

/** Appends the body; resolves with the bytes now kept, also when the connection was cut. */
async function receive(
  res: ArtifactResponse,
  from: number,
  total: number,
  partial: PartialStore,
  onProgress: (p: DownloadProgress) => void,
  now: () => number,
): Promise<number> {
  let received = from
  let told = 0
  const tell = () => {
    told = now()
    onProgress({
      percent: total > 0 ? Math.min(100, (received / total) * 100) : 0,
      transferred: received,
      total,
    })
  }
  // Settings shows at once what is already here (a resumed download does not start at 0).
  tell()
  try {
    for await (const chunk of res.body) {
      await partial.append(chunk)
      received += chunk.length
      if (now() - told >= PROGRESS_EVERY_MS) tell()
    }
  } catch (error) {
    res.cancel()
    // A cut or stalled connection: the bytes so far are kept. Anything else (a full disk) is
    // the user's to see.
    if ((error as { code?: unknown }).code !== 'UPDATE_DOWNLOAD_CUT') throw error
  }
  tell()
  return received
}

async function verify(artifact: ResumableArtifact): Promise<void> {
  const { partial, target } = artifact
  if ((await partial.sha512()) !== target.sha512) {
    await partial.drop()
    throw failure(`sha512 checksum mismatch, expected ${target.sha512}`, 'ERR_CHECKSUM_MISMATCH')
  }
  await partial.handOver()
}
