import { t } from '../../i18n'

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
    return t('updChecksum')
  if (code === 'UPDATE_FEED_TIMEOUT' || code === 'UPDATE_DOWNLOAD_CUT' || code === 'UPDATE_HTTP')
    return message
  if (code === 'ENOSPC') return t('updNoSpace')
  if (code === 'ECONNRESET' && /aborted/i.test(message)) return t('updCutOff')
  if (
    ['ENOTFOUND', 'ECONNREFUSED', 'ECONNRESET', 'EAI_AGAIN', 'ENETUNREACH', 'ETIMEDOUT'].includes(
      code,
    ) ||
    /net::ERR_(INTERNET_DISCONNECTED|NAME_NOT_RESOLVED|CONNECTION_REFUSED|NETWORK_CHANGED|ADDRESS_UNREACHABLE)/.test(
      message,
    )
  )
    return t('updUnreachable')
  if (
    code === 'ERR_UPDATER_INVALID_UPDATE_INFO' ||
    /Cannot parse update info/i.test(message) ||
    (code === 'ERR_UPDATER_INVALID_VERSION' && /from update server/.test(message))
  )
    return t('updNotFeed')
  if (code === 'ERR_UPDATER_CHANNEL_FILE_NOT_FOUND') return t('updNoRelease')
  if (/status (\d{3})|^(\d{3}) /.test(message))
    return t('updRefused', { detail: firstLine(message) })
  return firstLine(message)
}

function firstLine(text: string): string {
  const line = text.split('\n').find((l) => l.trim()) ?? t('updUnknown')
  return line.length > 200 ? `${line.slice(0, 199)}…` : line
}
