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

/**
 * Turns a byte stream into SSE events with eventsource-parser (the line/field grammar is theirs,
 * not ours). Bytes are decoded as streaming UTF-8 so a multi-byte character split across network
 * chunks survives. eventsource-parser 3 buffers an unfinished line as fragments and joins them
 * once per line, so one multi-megabyte event costs linear time (bench/sse.ts measures it).
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
  const decoder = new TextDecoder('utf-8')
  for await (const chunk of source) {
    parser.feed(typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true }))
    if (overflow) throw overflow
    while (ready.length > 0) yield ready.shift() as SseEvent
  }
  const tail = decoder.decode()
  if (tail) parser.feed(tail)
  // An event is dispatched only by its blank line; a stream cut before it delivers nothing more.
  while (ready.length > 0) yield ready.shift() as SseEvent
}
