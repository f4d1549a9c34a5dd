import { isAscii } from 'node:buffer'

import { createParser, type ParseError } from 'eventsource-parser'

/** One Server-Sent Event; `event` is "message" when the server named none (per the SSE spec). */
export interface SseEvent {
  event: string
  data: string
  id?: string
}

export interface SseOptions {
  /**
   * Largest event (in characters) held while it arrives. Art previews are Base64 images, so this
   * is generous, but a server that never ends an event must not exhaust memory.
   */
  maxEventChars?: number
  /** The server's `retry:` field, for callers that reconnect. */
  onRetry?: (ms: number) => void
}

/** Thrown when a single event grows past `maxEventChars`. */
export class SseTooLargeError extends Error {
  constructor(limit: number) {
    super(`An event from the service exceeded ${limit} characters.`)
    this.name = 'SseTooLargeError'
  }
}

const LF = 0x0a
const CR = 0x0d

/** Index of the last CR or LF in `chunk`, or -1. */
function lastLineBreak(chunk: Uint8Array): number {
  return Math.max(chunk.lastIndexOf(LF), chunk.lastIndexOf(CR))
}

/**
 * Turns a byte stream into SSE events with eventsource-parser (the line/field grammar is theirs,
 * not ours). Our part is feeding it well: bytes are held until a chunk brings a line break, then
 * everything up to the last break is decoded and fed in one call. A multi-megabyte event (an art
 * preview) thus costs one decode and one parse instead of thousands of small ones (bench/sse.ts:
 * TextDecoder in streaming mode was the bottleneck), and since CR/LF never occur inside a UTF-8
 * sequence, every decoded run is whole characters.
 * Ending the iteration early (break/return) leaves closing the source to the caller's finally.
 */
export async function* parseSse(
  source: AsyncIterable<Uint8Array | string>,
  options: SseOptions = {},
): AsyncGenerator<SseEvent> {
  const limit = options.maxEventChars ?? 128 * 1024 * 1024
  const ready: SseEvent[] = []
  let overflow: Error | null = null
  const parser = createParser({
    onEvent: (e) => {
      const event: SseEvent = { event: e.event ?? 'message', data: e.data }
      if (e.id !== undefined) event.id = e.id
      ready.push(event)
    },
    onRetry: (ms) => options.onRetry?.(ms),
    onError: (e: ParseError) => {
      // Unknown fields and bad retry values are ignored as the SSE spec says; size is fatal.
      if (e.type === 'max-buffer-size-exceeded') overflow = new SseTooLargeError(limit)
    },
    maxBufferSize: limit,
  })
  let held: Uint8Array[] = []
  let heldBytes = 0
  let first = true
  const feedHeld = () => {
    if (heldBytes === 0) return
    const bytes = Buffer.concat(held, heldBytes)
    held = []
    heldBytes = 0
    // Whole characters (cut at CR/LF), so a one-shot decode is exact; Base64 payloads are ASCII,
    // which skips UTF-8 decoding altogether. A BOM is dropped at the stream's start only.
    let text = isAscii(bytes) ? bytes.toString('ascii') : bytes.toString('utf8')
    if (first && text.charCodeAt(0) === 0xfeff) text = text.slice(1)
    first = false
    parser.feed(text)
  }
  for await (const chunk of source) {
    if (typeof chunk === 'string') {
      feedHeld()
      first = false
      parser.feed(chunk)
    } else {
      const cut = lastLineBreak(chunk)
      if (cut < 0) {
        held.push(chunk)
        heldBytes += chunk.byteLength
        if (heldBytes > limit) throw new SseTooLargeError(limit)
        continue
      }
      held.push(chunk.subarray(0, cut + 1))
      heldBytes += cut + 1
      feedHeld()
      if (cut + 1 < chunk.byteLength) {
        held.push(chunk.subarray(cut + 1))
        heldBytes += chunk.byteLength - cut - 1
      }
    }
    if (overflow) throw overflow
    while (ready.length > 0) yield ready.shift() as SseEvent
  }
  feedHeld()
  // An event is dispatched only by its blank line; a stream cut before it delivers nothing more.
  while (ready.length > 0) yield ready.shift() as SseEvent
}
