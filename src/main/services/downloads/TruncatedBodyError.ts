/** A body that ended before Content-Length; classified as a network failure (retried). */
export class TruncatedBodyError extends Error {
  readonly code = 'ERR_BODY_TRUNCATED'
  constructor(received: number, expected: number) {
    super(`The download ended after ${received} of ${expected} bytes.`)
    this.name = 'TruncatedBodyError'
  }
}
