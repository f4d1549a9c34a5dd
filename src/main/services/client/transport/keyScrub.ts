/**
 * The API key must never leave main (DESIGN.md), and a faulty or hostile service can echo it back
 * anywhere: in a model id, a chat reply, a result URL, a task's status, an error body. So the
 * transport scrubs the key out of everything the service sends before any endpoint sees it:
 * every JSON answer (values and property names), every event-stream message, the final URL and
 * content type of a download, and error text. One scrubber per attempt, built from the key the
 * attempt was sent with, serves every one of those paths (issue #32).
 */

/** What stands where the key was. */
export const SCRUBBED = '[redacted]'

/** Keys shorter than this are not secrets worth the false positives (no real key is). */
const MIN_SECRET = 4

/** An incremental scrubber for text that arrives in pieces (chat deltas). */
export interface StreamScrub {
  /** The part of `piece` (after what was held back) that can be passed on safely. */
  push(piece: string): string
  /** Whatever is still held back, once the stream has ended normally. */
  end(): string
}

export class KeyScrubber {
  /** The key as it may appear in text: as it is, and percent-encoded (in a URL). */
  readonly forms: readonly string[]

  constructor(secrets: Iterable<string>) {
    const forms = new Set<string>()
    for (const s of secrets) {
      if (s.length < MIN_SECRET) continue
      forms.add(s)
      forms.add(encodeURIComponent(s))
    }
    // Longest first, so a form that contains another is replaced whole.
    this.forms = [...forms].sort((a, b) => b.length - a.length)
  }

  /** `text` with every occurrence of the key replaced. */
  text(text: string): string {
    let out = text
    for (const form of this.forms) if (out.includes(form)) out = out.split(form).join(SCRUBBED)
    return out
  }

  /**
   * A JSON-like value with the key scrubbed from every string in it, property names included;
   * other values are kept as they are. The input is not changed.
   */
  value<T>(value: T): T {
    if (this.forms.length === 0) return value
    return this.walk(value) as T
  }

  private walk(value: unknown): unknown {
    if (typeof value === 'string') return this.text(value)
    if (value === null || typeof value !== 'object') return value
    if (Array.isArray(value)) return value.map((v) => this.walk(v))
    const out: Record<string, unknown> = {}
    for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
      out[this.text(k)] = this.walk(v)
    }
    return out
  }

  /**
   * For text that arrives in pieces: a key split across two pieces is still found, because the
   * end of what has arrived is held back while it could be the start of the key.
   */
  stream(): StreamScrub {
    let held = ''
    return {
      push: (piece) => {
        const text = this.text(held + piece)
        const keep = this.heldTail(text)
        held = text.slice(text.length - keep)
        return text.slice(0, text.length - keep)
      },
      end: () => {
        const rest = held
        held = ''
        return rest
      },
    }
  }

  /** The length of the longest end of `text` that is the start of a form of the key. */
  private heldTail(text: string): number {
    let longest = 0
    for (const form of this.forms) {
      for (let n = Math.min(form.length - 1, text.length); n > longest; n--) {
        if (text.endsWith(form.slice(0, n))) {
          longest = n
          break
        }
      }
    }
    return longest
  }
}
