/**
 * One sentence for Settings from whatever the updater threw: an offline machine, a feed that is
 * down, answers a web page or never answers, and a download whose checksum is wrong each get their
 * own words; anything else its first line, cut short.
 */
export function describeUpdateError(error: unknown): string {
  const e = error as { code?: unknown; message?: unknown } | null
  const code = typeof e?.code === 'string' ? e.code : ''
  const message = typeof e?.message === 'string' ? e.message : String(error)
  if (code === 'ERR_CHECKSUM_MISMATCH' || /checksum mismatch/i.test(message))
    return 'The downloaded update did not match its published sha512 checksum and was discarded.'
  if (code === 'UPDATE_FEED_TIMEOUT' || code === 'UPDATE_DOWNLOAD_CUT' || code === 'UPDATE_HTTP')
    return message
  if (code === 'ENOSPC')
    return 'Not enough disk space for the update download; what arrived is kept, and the next check continues once space is free.'
  if (code === 'ECONNRESET' && /aborted/i.test(message))
    return 'The download was cut off before the end; it starts again at the next check.'
  if (
    ['ENOTFOUND', 'ECONNREFUSED', 'ECONNRESET', 'EAI_AGAIN', 'ENETUNREACH', 'ETIMEDOUT'].includes(
      code,
    ) ||
    /net::ERR_(INTERNET_DISCONNECTED|NAME_NOT_RESOLVED|CONNECTION_REFUSED|NETWORK_CHANGED|ADDRESS_UNREACHABLE)/.test(
      message,
    )
  )
    return 'Could not reach the update feed (offline, or the address is wrong). The app will try again later.'
  if (
    code === 'ERR_UPDATER_INVALID_UPDATE_INFO' ||
    /Cannot parse update info/i.test(message) ||
    (code === 'ERR_UPDATER_INVALID_VERSION' && /from update server/.test(message))
  )
    return 'The update feed answered with something that is not an update description (a web page?).'
  if (code === 'ERR_UPDATER_CHANNEL_FILE_NOT_FOUND')
    return 'The update feed has no release for this channel and system.'
  if (/status (\d{3})|^(\d{3}) /.test(message))
    return `The update feed refused: ${firstLine(message)}`
  return firstLine(message)
}

function firstLine(text: string): string {
  const line = text.split('\n').find((l) => l.trim()) ?? 'Unknown error'
  return line.length > 200 ? `${line.slice(0, 199)}…` : line
}
