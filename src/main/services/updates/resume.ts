import { t } from '../../i18n'
/**
 * The decisions of a resumable update download, apart from any HTTP or disk: what to ask for given
 * the bytes already kept, and what a response's status and headers allow (append, start over,
 * drop the kept bytes). electron-updater 6.8 has no resume: each attempt writes a fresh temp file
 * and deletes it on failure (AppUpdater.executeDownload), so a cut connection costs the whole file.
 *
 * HTTP facts relied on (RFC 9110 §14, https://developer.mozilla.org/docs/Web/HTTP/Headers/If-Range):
 * - `Range: bytes=N-` asks for the bytes from N; a server that honours it answers 206 with
 *   `Content-Range: bytes N-(size-1)/size`; one that ignores it answers 200 with the whole file.
 * - `If-Range: <strong ETag | Last-Modified>` makes the range conditional: if the file changed
 *   since, the server answers 200 with the whole (new) file instead of 206 ("If the condition is
 *   not fulfilled, the full resource is sent back with a 200 OK status"). A weak ETag (W/…) must
 *   not be used in If-Range.
 * - 416 Range Not Satisfiable: the range starts past the end (the file shrank or was replaced).
 */

/** The file an update downloads, as the feed's `latest*.yml` names it. */
export interface ArtifactTarget {
  url: string
  /** Base64 sha512 from the feed: the only proof the bytes are the release's. */
  sha512: string
  /** Size from the feed; 0 when the feed gives none. */
  size: number
  /** The file's name in electron-updater's cache (the URL's last segment). */
  fileName: string
}

/** What is kept beside the partial bytes, so a later attempt can tell whether they still fit. */
export interface PartialRecord {
  url: string
  sha512: string
  /** The validator the server gave for the bytes kept: a strong ETag, else Last-Modified. */
  etag: string | null
  lastModified: string | null
}

export type RangePlan =
  /** Nothing usable is kept: ask for the whole file (and drop what is there). */
  | { kind: 'whole'; headers: Record<string, string> }
  /** Ask for the rest from `from`. */
  | { kind: 'rest'; from: number; headers: Record<string, string> }
  /** Every byte is already here: only the checksum is left. */
  | { kind: 'complete' }

/** What to ask for, given the record and the bytes on disk. */
export function planRange(
  target: ArtifactTarget,
  kept: { record: PartialRecord | null; bytes: number },
): RangePlan {
  const { record, bytes } = kept
  const fits =
    record !== null &&
    record.url === target.url &&
    record.sha512 === target.sha512 &&
    bytes > 0 &&
    (target.size === 0 || bytes <= target.size)
  if (!fits) return { kind: 'whole', headers: {} }
  if (target.size > 0 && bytes === target.size) return { kind: 'complete' }
  const headers: Record<string, string> = { Range: `bytes=${bytes}-` }
  const validator = strongEtag(record.etag) ?? record.lastModified
  if (validator) headers['If-Range'] = validator
  return { kind: 'rest', from: bytes, headers }
}

export type Verdict =
  /** The body continues the kept bytes: append it. */
  | { kind: 'append' }
  /** The body is the whole file (the range was ignored, or the file changed): write it from 0. */
  | { kind: 'restart' }
  /** The kept bytes cannot be continued: drop them and ask again for the whole file. */
  | { kind: 'drop'; why: string }
  /**
   * The server refused or sent something else: an error for Settings. The kept bytes stay,
   * unless `drop` (the server now has another file than the one they came from).
   */
  | { kind: 'fail'; why: string; drop?: true }

export interface ResponseHead {
  status: number
  header(name: string): string | null
}

/** What the response to `plan` allows. */
export function judgeResponse(
  plan: Exclude<RangePlan, { kind: 'complete' }>,
  kept: PartialRecord | null,
  res: ResponseHead,
  target: ArtifactTarget,
): Verdict {
  if (res.status === 200) {
    const length = Number(res.header('content-length') ?? Number.NaN)
    if (target.size > 0 && Number.isFinite(length) && length !== target.size)
      return {
        kind: 'fail',
        why: t('resumeWhyLength', { length, size: target.size }),
        drop: true,
      }
    return { kind: 'restart' }
  }
  if (res.status === 416 && plan.kind === 'rest') return { kind: 'drop', why: t('resumeWhy416') }
  if (res.status !== 206 || plan.kind !== 'rest')
    return { kind: 'fail', why: t('resumeWhyStatus', { status: res.status }) }
  const range = parseContentRange(res.header('content-range'))
  if (!range || range.start !== plan.from) return { kind: 'drop', why: t('resumeWhyRange') }
  if (target.size > 0 && range.total !== null && range.total !== target.size)
    return { kind: 'drop', why: t('resumeWhySize') }
  // A server that ignores If-Range but tells the validator: a changed file is not continued.
  const etag = strongEtag(res.header('etag'))
  if (kept?.etag && etag && etag !== strongEtag(kept.etag))
    return { kind: 'drop', why: t('resumeWhyChanged') }
  return { kind: 'append' }
}

/** `bytes start-end/total` (total may be `*`); null when malformed. */
export function parseContentRange(
  value: string | null,
): { start: number; end: number; total: number | null } | null {
  const m = /^bytes (\d+)-(\d+)\/(\d+|\*)$/.exec(value?.trim() ?? '')
  if (!m) return null
  const start = Number(m[1])
  const end = Number(m[2])
  const total = m[3] === '*' ? null : Number(m[3])
  if (end < start || (total !== null && end >= total)) return null
  return { start, end, total }
}

/** A strong ETag as given, or null (weak ETags cannot make a range conditional). */
function strongEtag(value: string | null | undefined): string | null {
  const v = value?.trim()
  return v && !v.startsWith('W/') ? v : null
}

/** The record kept for bytes received under these response headers. */
export function recordFor(target: ArtifactTarget, res: ResponseHead): PartialRecord {
  return {
    url: target.url,
    sha512: target.sha512,
    etag: strongEtag(res.header('etag')),
    lastModified: res.header('last-modified'),
  }
}
