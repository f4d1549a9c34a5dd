/**
 * Only web links may leave the app for the OS browser; file:, javascript:, custom schemes and
 * anything unparsable are refused (an attacker-controlled link must not launch local programs).
 * Returns the link as parsed (`URL.href`), which is what must be opened: the original string can
 * hold what the parser dropped or normalised (tabs, newlines, backslashes, spaces) and the OS
 * handler may read it differently.
 */
export function safeExternalUrl(url: string): string | null {
  try {
    const u = new URL(url)
    const web = (u.protocol === 'https:' || u.protocol === 'http:') && !u.username && !u.password
    return web ? u.href : null
  } catch {
    return null
  }
}

/** Whether `safeExternalUrl` accepts the link (for showing it as a link at all). */
export const isSafeExternalUrl = (url: string): boolean => safeExternalUrl(url) !== null
