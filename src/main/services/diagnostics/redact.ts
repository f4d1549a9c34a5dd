/**
 * Redaction for everything that leaves the process as text (log lines, diagnostics bundles,
 * error messages shown in the UI). The spec keeps keys and private media out of logs and shared
 * diagnostics; we also treat prompts and message contents as private user content.
 */

const REDACTED = '[redacted]'
const PRIVATE = '[private]'

/** Object keys whose values are credentials. */
const SECRET_KEYS =
  /^(authorization|proxy-authorization|api[-_]?key|key|secret|password|token|access[-_]?token|cookie|set-cookie|x-api-key)$/i
/** Object keys whose values are the user's own content (prompts, chat text, images). */
const PRIVATE_KEYS =
  /^(prompt|negative_prompt|input|messages|content|caption|base_caption|char_caption|instructions|image|mask|b64_json|images|data_url)$/i

const BEARER = /\b(Bearer|Basic|Token)\s+[A-Za-z0-9._~+/=-]+/gi
const AUTH_HEADER = /\b(authorization|x-api-key)(["']?\s*[:=]\s*["']?)[^"'\s,}]+/gi
/** Key-shaped tokens as most services issue them (sk-…, pk_live_…, rk-…). */
const KEY_TOKEN = /\b(?:sk|pk|rk)[-_](?:[A-Za-z0-9]+[-_])?[A-Za-z0-9_-]{8,}/g
const DATA_URL = /data:[a-z0-9.+/-]+;base64,[A-Za-z0-9+/=_-]+/gi
/** Long Base64 runs are media (or keys), never useful in a log. */
const BASE64_RUN = /[A-Za-z0-9+/_-]{160,}={0,2}/g
/** Query strings of URLs: signed result URLs are bearer tokens for the user's media. */
const URL_QUERY = /(https?:\/\/[^\s"'<>?#]+)\?[^\s"'<>#]*/gi

export interface RedactOptions {
  /** Exact strings to remove wherever they occur (the API key, registered secrets). */
  secrets?: Iterable<string>
  /** The user's content for this record (prompts), removed wherever echoed back. */
  privateStrings?: Iterable<string>
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/** Removes secrets, credentials-shaped tokens, media blobs and private strings from text. */
export function redactText(text: string, options: RedactOptions = {}): string {
  let out = text
  for (const secret of options.secrets ?? []) {
    if (secret.length >= 4) out = out.split(secret).join(REDACTED)
  }
  for (const value of options.privateStrings ?? []) {
    if (value.trim().length >= 4) out = out.replace(new RegExp(escapeRegExp(value), 'g'), PRIVATE)
  }
  return out
    .replace(DATA_URL, '[media]')
    .replace(BEARER, (_m, scheme: string) => `${scheme} ${REDACTED}`)
    .replace(AUTH_HEADER, (_m, name: string, sep: string) => `${name}${sep}${REDACTED}`)
    .replace(KEY_TOKEN, REDACTED)
    .replace(URL_QUERY, (_m, base: string) => `${base}?${REDACTED}`)
    .replace(BASE64_RUN, (m) => `[${m.length} chars of data]`)
}

/**
 * Deep-redacts a JSON-like value: credential keys and private-content keys lose their values,
 * every other string goes through `redactText`. Cycles and depth are bounded.
 */
export function redactValue(value: unknown, options: RedactOptions = {}, depth = 0): unknown {
  if (typeof value === 'string') return redactText(value, options)
  if (value === null || typeof value !== 'object') return value
  if (depth > 8) return '[nested]'
  if (Array.isArray(value)) return value.map((v) => redactValue(v, options, depth + 1))
  const out: Record<string, unknown> = {}
  for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
    if (SECRET_KEYS.test(k)) out[k] = REDACTED
    else if (PRIVATE_KEYS.test(k)) out[k] = v === undefined || v === null ? v : PRIVATE
    else out[k] = redactValue(v, options, depth + 1)
  }
  return out
}
