import { basename } from 'node:path'

import type { UpdateInfo } from 'electron-updater'

import type { ArtifactTarget } from '../../services/updates/resume'

/**
 * The AppImage a generic feed's `latest-linux.yml` names, resolved as electron-updater 6.8 does
 * it: the first file whose URL ends in `.AppImage` (Provider.findFile), its URL relative to the
 * feed address with a trailing slash, the feed's query kept (util.newUrlFromBase), and its name in
 * the cache the URL's last segment, decoded (AppUpdater.executeDownload). null when the feed
 * names none, or gives no sha512 to verify it by.
 */
export function appImageArtifact(info: UpdateInfo, feedUrl: string): ArtifactTarget | null {
  const file = (info.files ?? []).find((f) => /\.appimage$/i.test(f.url.split(/[?#]/)[0] ?? ''))
  if (!file?.sha512) return null
  let url: URL
  try {
    const base = new URL(feedUrl)
    if (!base.pathname.endsWith('/')) base.pathname += '/'
    url = new URL(file.url, base)
    if (base.search) url.search = base.search
  } catch {
    return null
  }
  const fileName = basename(decodeURIComponent(url.pathname))
  if (!fileName || fileName.includes('\0')) return null
  return {
    url: url.href,
    sha512: file.sha512,
    size: Number.isSafeInteger(file.size) && (file.size ?? 0) > 0 ? (file.size as number) : 0,
    fileName,
  }
}
