/** The response body stream as undici hands it over (a Readable that can be destroyed). */
export interface BodyStream extends AsyncIterable<Uint8Array> {
  destroy(error?: Error): unknown
}

/** Thrown when a body is larger than the caller allows; the stream is destroyed first. */
export class BodyTooLargeError extends Error {
  constructor(readonly limit: number) {
    super(`The response was larger than ${limit} bytes.`)
    this.name = 'BodyTooLargeError'
  }
}

/**
 * Reads a whole body as UTF-8 with a byte limit, so a misbehaving server cannot make the app hold
 * an unbounded answer. Bodies are always consumed or destroyed (undici keeps the socket otherwise).
 */
export async function readBodyText(body: BodyStream, limit: number): Promise<string> {
  const chunks: Uint8Array[] = []
  let total = 0
  try {
    for await (const chunk of body) {
      total += chunk.byteLength
      if (total > limit) {
        body.destroy()
        throw new BodyTooLargeError(limit)
      }
      chunks.push(chunk)
    }
  } catch (e) {
    body.destroy()
    throw e
  }
  return Buffer.concat(chunks, total).toString('utf8')
}
