import { randomBytes } from 'node:crypto'
import { createReadStream } from 'node:fs'
import { stat } from 'node:fs/promises'
import { basename } from 'node:path'

import { t } from '../../i18n'

/** One part of a multipart/form-data body: a text field or a file streamed from disk. */
export type MultipartPart =
  | { name: string; value: string }
  | { name: string; path: string; filename?: string; contentType: string }

/** A ready-to-send body: the headers to use and a factory for a fresh stream per attempt. */
export interface MultipartBody {
  contentType: string
  contentLength: number
  /** Each call starts a new read of the files, so a retry re-sends the same bytes. */
  stream(): AsyncIterable<Uint8Array>
}

/** WHATWG's escaping of names in Content-Disposition: quote, CR and LF are percent-encoded. */
const escapeName = (s: string): string =>
  s.replace(/"/g, '%22').replace(/\r/g, '%0D').replace(/\n/g, '%0A')

/**
 * Builds multipart/form-data with a boundary the client chooses (the spec forbids sending
 * application/json here). Files are streamed from disk, never read whole into memory, and the
 * exact Content-Length is computed from their sizes so the server can reject oversize uploads
 * before reading them.
 */
export async function buildMultipart(parts: MultipartPart[]): Promise<MultipartBody> {
  const boundary = `----GenStudio${randomBytes(16).toString('hex')}`
  const encoder = new TextEncoder()
  const pieces: Array<Uint8Array | { path: string; size: number }> = []
  for (const part of parts) {
    if ('value' in part) {
      pieces.push(
        encoder.encode(
          `--${boundary}\r\nContent-Disposition: form-data; name="${escapeName(part.name)}"\r\n\r\n${part.value}\r\n`,
        ),
      )
      continue
    }
    const { size } = await stat(part.path)
    const filename = escapeName(part.filename ?? basename(part.path))
    pieces.push(
      encoder.encode(
        `--${boundary}\r\nContent-Disposition: form-data; name="${escapeName(part.name)}"; filename="${filename}"\r\nContent-Type: ${part.contentType}\r\n\r\n`,
      ),
      { path: part.path, size },
      encoder.encode('\r\n'),
    )
  }
  pieces.push(encoder.encode(`--${boundary}--\r\n`))
  const contentLength = pieces.reduce(
    (sum, p) => sum + (p instanceof Uint8Array ? p.byteLength : p.size),
    0,
  )
  return {
    contentType: `multipart/form-data; boundary=${boundary}`,
    contentLength,
    async *stream() {
      for (const piece of pieces) {
        if (piece instanceof Uint8Array) {
          yield piece
          continue
        }
        let sent = 0
        for await (const chunk of createReadStream(piece.path, { highWaterMark: 256 * 1024 })) {
          sent += (chunk as Buffer).byteLength
          yield chunk as Buffer
        }
        // The length was announced up front; a file that changed meanwhile must not be sent short.
        if (sent !== piece.size) throw new Error(t('uploadChanged', { path: piece.path }))
      }
    },
  }
}
