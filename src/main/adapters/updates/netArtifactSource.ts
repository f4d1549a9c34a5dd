import type { EventEmitter } from 'node:events'

import { t } from '../../i18n'
import type { ArtifactResponse, ArtifactSource } from '../../services/updates/ports'

/** The part of Electron's ClientRequest used here (https://www.electronjs.org/docs/latest/api/client-request). */
interface RequestLike extends EventEmitter {
  end(): void
  abort(): void
}
/** The part of Electron's IncomingMessage used here (https://www.electronjs.org/docs/latest/api/incoming-message). */
interface ResponseLike extends EventEmitter {
  statusCode: number
  headers: Record<string, string | string[]>
}

export type NetRequest = (options: {
  method: string
  url: string
  headers: Record<string, string>
  partition: string
  redirect: 'follow'
}) => RequestLike

const cut = (message: string) => Object.assign(new Error(message), { code: 'UPDATE_DOWNLOAD_CUT' })

/**
 * The artifact over Electron's `net` (Chromium's network stack: the system's proxy settings, as
 * electron-updater's own requests). Range and If-Range are ordinary headers for `net`: only a few
 * (Host, Content-Length, …) are refused by Chromium
 * (https://github.com/electron/electron/issues/25075). The same `electron-updater` partition
 * electron-updater fetches in, so both share one cache-less session.
 *
 * A connection that errors, closes before its end, or sends nothing for `stallMs` ends the body
 * with an error coded UPDATE_DOWNLOAD_CUT (the bytes so far are kept by the caller); a server that
 * never answers at all rejects `get` the same way.
 */
export function netArtifactSource(o: {
  request: NetRequest
  stallMs: () => number
}): ArtifactSource {
  return {
    get(url, headers) {
      return new Promise<ArtifactResponse>((resolve, reject) => {
        const req = o.request({
          method: 'GET',
          url,
          headers,
          partition: 'electron-updater',
          redirect: 'follow',
        })
        const ms = o.stallMs()
        const noAnswer = setTimeout(() => {
          req.abort()
          reject(cut(t('resumeNoAnswer', { seconds: Math.round(ms / 1000) })))
        }, ms)
        req.on('error', (e: Error) => {
          clearTimeout(noAnswer)
          reject(cut(t('resumeFailed', { reason: e.message })))
        })
        req.on('response', (res: ResponseLike) => {
          clearTimeout(noAnswer)
          const header = (name: string) => {
            const v = res.headers[name.toLowerCase()]
            return (Array.isArray(v) ? v[0] : v) ?? null
          }
          resolve({
            status: res.statusCode,
            header,
            body: bodyOf(req, res, ms),
            cancel: () => req.abort(),
          })
        })
        req.end()
      })
    },
  }
}

/**
 * The body as chunks; fails (coded as a cut) on an error, an early close or a stall. Listens at
 * once, in the `response` event: a connection cut while the caller is still preparing the file
 * must not be missed (a lazy generator would attach its listeners only at the first read, after
 * `close` has already gone by, and then wait out the whole stall limit).
 */
function bodyOf(req: RequestLike, res: ResponseLike, stallMs: number): AsyncIterable<Buffer> {
  const queue: Buffer[] = []
  let ended = false
  let failed: Error | null = null
  let wake: (() => void) | null = null
  const poke = () => {
    wake?.()
    wake = null
  }
  // Reading waits for the disk: the connection pauses while many chunks are still unwritten.
  const readable = res as ResponseLike & { pause?: () => void; resume?: () => void }
  res.on('data', (chunk: Buffer) => {
    queue.push(Buffer.from(chunk))
    if (queue.length >= 64) readable.pause?.()
    poke()
  })
  res.on('end', () => {
    ended = true
    poke()
  })
  const fail = (why: string) => () => {
    failed ??= cut(why)
    poke()
  }
  res.on('error', fail(t('resumeCut')))
  res.on('aborted', fail(t('resumeCut')))
  req.on('error', fail(t('resumeCut')))
  res.on('close', () => {
    if (!ended) fail(t('resumeCut'))()
  })
  return { [Symbol.asyncIterator]: () => drain() }

  async function* drain() {
    for (;;) {
      const next = queue.shift()
      if (next) {
        if (queue.length === 8) readable.resume?.()
        yield next
        continue
      }
      if (failed) throw failed
      if (ended) return
      let timer: NodeJS.Timeout | undefined
      await new Promise<void>((resolve) => {
        wake = resolve
        timer = setTimeout(() => {
          fail(t('resumeStalled', { seconds: Math.round(stallMs / 1000) }))()
        }, stallMs)
      })
      clearTimeout(timer)
    }
  }
}
