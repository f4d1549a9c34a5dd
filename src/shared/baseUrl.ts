import { msg } from './i18n/message'

/** Result of checking a user-entered service address. */
export type BaseUrlCheck = { ok: true; url: string } | { ok: false; message: string }

const LOOPBACK = /^(localhost|127(?:\.\d{1,3}){3}|\[::1\])$/i

/** True for hosts that never leave this machine, where plain http is acceptable. */
export const isLoopbackHost = (hostname: string): boolean => LOOPBACK.test(hostname)

/**
 * Normalises a service address so that joining `/v1/...` or `/ai/generate-image` never duplicates
 * segments (the spec's 404/HTML case): trailing `/v1`, `/ai`, `/ai/generate-image` and slashes are
 * removed. Requires https, except http on loopback; refuses credentials, queries and fragments.
 */
export function normalizeBaseUrl(input: string): BaseUrlCheck {
  const raw = input.trim()
  let url: URL
  try {
    url = new URL(raw)
  } catch {
    return { ok: false, message: msg('urlFull') }
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    return { ok: false, message: msg('urlHttps') }
  }
  if (url.protocol === 'http:' && !isLoopbackHost(url.hostname)) {
    return { ok: false, message: msg('urlHttpLocal') }
  }
  if (url.username || url.password) {
    return { ok: false, message: msg('urlNoCredentials') }
  }
  if (url.search || url.hash) {
    return { ok: false, message: msg('urlNoQuery') }
  }
  let path = url.pathname.replace(/\/+$/, '')
  for (;;) {
    const next = path.replace(/\/(v1|ai\/generate-image|ai)$/i, '').replace(/\/+$/, '')
    if (next === path) break
    path = next
  }
  return { ok: true, url: `${url.protocol}//${url.host}${path}` }
}
