/**
 * Only web links may leave the app for the OS browser; file:, javascript:, custom schemes and
 * anything unparsable are refused (an attacker-controlled link must not launch local programs).
 */
export function isSafeExternalUrl(url: string): boolean {
  try {
    const u = new URL(url)
    return (u.protocol === 'https:' || u.protocol === 'http:') && !u.username && !u.password
  } catch {
    return false
  }
}
