import type { ServiceClient } from '@main/services/client/ServiceClient'
import type { BinaryResponse, BinarySink } from '@main/services/client/types'
import {
  DownloadService,
  type DownloadServiceOptions,
} from '@main/services/downloads/DownloadService'
import type { FileOps } from '@main/services/downloads/fileOps'

/**
 * A body the sink reads chunk by chunk, counting what was read and whether it was stopped;
 * `between` runs before each chunk after the first (a network's pause, say).
 */
export function body(
  chunks: Buffer[],
  contentLength: number | null = null,
  between?: () => Promise<void>,
) {
  const seen = { read: 0, destroyed: 0 }
  const response: BinaryResponse = {
    body: {
      async *[Symbol.asyncIterator]() {
        for (const c of chunks) {
          if (seen.read > 0 && between) await between()
          seen.read += 1
          yield c
        }
      },
      destroy: () => {
        seen.destroyed += 1
      },
    },
    contentLength,
    contentType: null,
    url: 'https://cdn.test/x',
  }
  return { response, seen }
}

/** A DownloadService whose client answers every download with `response`, without a server. */
export function serviceWith(
  response: BinaryResponse,
  fs?: FileOps,
  syncEveryBytes?: number,
  more: Partial<DownloadServiceOptions> = {},
) {
  const calls: string[] = []
  const answer = <T>(sink: BinarySink<T>) => sink(response)
  const client = {
    videoContent: <T>(id: string, sink: BinarySink<T>) => {
      calls.push(`video ${id}`)
      return answer(sink)
    },
    download: <T>(url: string, sink: BinarySink<T>) => {
      calls.push(`download ${url}`)
      return answer(sink)
    },
    generateArtNativeZip: <T>(_req: unknown, _o: unknown, sink: BinarySink<T>) => {
      calls.push('native zip')
      return answer(sink)
    },
  } as unknown as ServiceClient
  const downloads = new DownloadService({
    client,
    ...(fs ? { fs } : {}),
    ...(syncEveryBytes === undefined ? {} : { syncEveryBytes }),
    ...more,
  })
  return { downloads, calls }
}
