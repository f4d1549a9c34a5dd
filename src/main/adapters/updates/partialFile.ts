import { createHash } from 'node:crypto'
import { createReadStream, promises as fs } from 'node:fs'
import { basename, join } from 'node:path'
import { pipeline } from 'node:stream/promises'

import type { PartialStore } from '../../services/updates/ports'
import type { ArtifactTarget, PartialRecord } from '../../services/updates/resume'
import { JsonFile, writeFileAtomic } from '../fs/JsonFile'

/**
 * The bytes of an update download kept across cut connections and app restarts:
 * `<updater cache>/partial/<file>.part` with `<file>.part.json` (which URL and sha512 they are
 * for, and the server's validator). Kept out of electron-updater's `pending` folder, which it
 * empties whenever its cached update does not match the feed.
 *
 * Hand-over: electron-updater 6.8 reuses a finished download from an earlier launch when
 * `pending/update-info.json` names a file in `pending` whose sha512 is the feed's
 * (DownloadedUpdateHelper.getValidCachedUpdateFile hashes it again); it then reports the update
 * downloaded without fetching anything, and installs that file. So the verified file is moved
 * there with that record.
 */
export function partialFile(o: {
  /** electron-updater's cache for this app (`<cache>/<updaterCacheDirName>`). */
  updaterCacheDir: string
  target: ArtifactTarget
}): PartialStore {
  const partialDir = join(o.updaterCacheDir, 'partial')
  const bytesPath = join(partialDir, `${o.target.fileName}.part`)
  const record = new JsonFile<PartialRecord>(`${bytesPath}.json`)
  let handle: fs.FileHandle | null = null
  const close = async () => {
    const h = handle
    handle = null
    await h?.close()
  }
  const size = async () => {
    try {
      return (await fs.stat(bytesPath)).size
    } catch {
      return 0
    }
  }

  const pending = join(o.updaterCacheDir, 'pending')
  return {
    close,
    async handedOver() {
      const info = await new JsonFile<{ fileName?: unknown; sha512?: unknown }>(
        join(pending, 'update-info.json'),
      )
        .read()
        .catch(() => null)
      if (info?.sha512 !== o.target.sha512 || typeof info.fileName !== 'string') return false
      try {
        const file = await fs.stat(join(pending, basename(info.fileName)))
        return o.target.size === 0 || file.size === o.target.size
      } catch {
        return false
      }
    },
    async read() {
      await close()
      const kept = await record.read().catch(() => null)
      return { record: kept, bytes: kept ? await size() : 0 }
    },
    async begin(next, from) {
      await close()
      await fs.mkdir(partialDir, { recursive: true })
      if (from === 0) await fs.writeFile(bytesPath, '')
      // Bytes past `from` (a write cut half way) are not part of what is continued.
      else await fs.truncate(bytesPath, from)
      await record.write(next)
      handle = await fs.open(bytesPath, 'a')
    },
    async append(chunk) {
      if (!handle) throw new Error('The partial update file is not open.')
      await handle.write(chunk)
    },
    async sha512() {
      await close()
      const hash = createHash('sha512')
      await pipeline(createReadStream(bytesPath, { highWaterMark: 1024 * 1024 }), hash)
      return hash.digest('base64')
    },
    async drop() {
      await close()
      await fs.rm(bytesPath, { force: true })
      await fs.rm(record.path, { force: true })
    },
    async handOver() {
      await close()
      await fs.mkdir(pending, { recursive: true })
      const file = join(pending, o.target.fileName)
      await fs.rename(bytesPath, file)
      // An AppImage runs as itself once installed (AppImageUpdater chmods its own downloads).
      await fs.chmod(file, 0o755)
      // The record DownloadedUpdateHelper reads (setDownloadedFile writes the same fields).
      await writeFileAtomic(
        join(pending, 'update-info.json'),
        JSON.stringify({
          fileName: o.target.fileName,
          sha512: o.target.sha512,
          isAdminRightsRequired: false,
        }),
      )
      await fs.rm(record.path, { force: true })
    },
  }
}
