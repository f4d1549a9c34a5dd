import type { ChatDeltaEvent, MessageStatus } from '@shared/chat/types'
import type { AppError } from '@shared/result'

import type { ChatStore } from './ChatStore'

export interface ReplyWriterOptions {
  store: ChatStore
  conversationId: string
  messageId: string
  /** Sends one coalesced `chat:delta`. */
  emit: (delta: ChatDeltaEvent) => void
  now: () => number
  /** Deltas arriving within this window go to the renderer as one event. */
  flushMs: number
  /** The text on disk is never older than this while a reply streams. */
  persistMs: number
}

/**
 * Collects the deltas of one reply. The renderer gets them coalesced (one event per `flushMs`
 * instead of one per token, so a fast stream cannot flood IPC or React), and the text is written
 * to SQLite at most every `persistMs` and always within `persistMs` of the last delta, so a crash
 * mid-stream keeps nearly all of the partial reply.
 */
export class ReplyWriter {
  private text = ''
  private emitted = 0
  private persisted = 0
  private flushTimer: NodeJS.Timeout | null = null
  private persistTimer: NodeJS.Timeout | null = null
  private started = false
  private closed = false
  /** How many times the text was written while streaming (for tests and the bench). */
  writes = 0

  constructor(private readonly o: ReplyWriterOptions) {}

  /** Everything received so far, including what has not been sent to the renderer yet. */
  get content(): string {
    return this.text
  }

  append(delta: string): void {
    if (this.closed || delta.length === 0) return
    if (!this.started) {
      this.started = true
      this.o.store.updateMessage(this.o.messageId, { status: 'streaming', now: this.o.now() })
    }
    this.text += delta
    this.flushTimer ??= setTimeout(() => this.flush(), this.o.flushMs)
    this.persistTimer ??= setTimeout(() => this.persist(), this.o.persistMs)
  }

  private flush(): void {
    if (this.flushTimer) clearTimeout(this.flushTimer)
    this.flushTimer = null
    if (this.emitted === this.text.length) return
    const append = this.text.slice(this.emitted)
    const offset = this.emitted
    this.emitted = this.text.length
    this.o.emit({
      conversationId: this.o.conversationId,
      messageId: this.o.messageId,
      offset,
      append,
    })
  }

  private persist(): void {
    if (this.persistTimer) clearTimeout(this.persistTimer)
    this.persistTimer = null
    if (this.persisted === this.text.length || this.closed) return
    this.o.store.updateMessage(this.o.messageId, { content: this.text, now: this.o.now() })
    this.persisted = this.text.length
    this.writes++
  }

  /** Sends what is pending, writes the final text and status, and stops the timers. */
  finish(status: MessageStatus, error: AppError | null): void {
    if (this.closed) return
    this.flush()
    if (this.persistTimer) clearTimeout(this.persistTimer)
    this.persistTimer = null
    this.closed = true
    this.o.store.updateMessage(this.o.messageId, {
      content: this.text,
      status,
      error,
      now: this.o.now(),
    })
  }
}
