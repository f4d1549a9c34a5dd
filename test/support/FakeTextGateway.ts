import type {
  ChatCall,
  CompactReply,
  ResponsesCall,
  TextGateway,
  TextReply,
} from '@main/services/chat/TextGateway'
import { AppFailure } from '@shared/result'

/**
 * A reply stream the test drives: `push` deltas, then `end()` or `fail(error)`. It honours the
 * AbortSignal like the real client does (throws a `cancelled` AppFailure).
 */
export class ScriptedStream {
  private queue: Array<{ delta?: string; end?: true; error?: unknown }> = []
  private wake: (() => void) | null = null
  signal: AbortSignal | undefined

  push(...deltas: string[]) {
    for (const delta of deltas) this.queue.push({ delta })
    this.wake?.()
  }
  end() {
    this.queue.push({ end: true })
    this.wake?.()
  }
  fail(error: unknown) {
    this.queue.push({ error })
    this.wake?.()
  }

  async *iterate(signal?: AbortSignal): AsyncIterable<string> {
    this.signal = signal
    const aborted = () =>
      new AppFailure({ code: 'cancelled', message: 'The request was cancelled.' })
    while (true) {
      if (signal?.aborted) throw aborted()
      const next = this.queue.shift()
      if (!next) {
        await new Promise<void>((resolve) => {
          this.wake = resolve
          signal?.addEventListener('abort', () => resolve(), { once: true })
        })
        this.wake = null
        continue
      }
      if (next.error) throw next.error
      if (next.end) return
      yield next.delta as string
    }
  }
}

export type Call =
  | { kind: 'chat' | 'chatStream'; model: string; messages: ChatCall['messages'] }
  | { kind: 'responses' | 'compact'; model: string; input: ResponsesCall['input'] }

/** A TextGateway whose answers each test sets; it records every call it gets. */
export class FakeGateway implements TextGateway {
  calls: Call[] = []
  models: string[] | Error = ['std-6-sol', 'std-6-astra', 'std-5.6-sol', 'lite-v4.1-flash']
  streams: ScriptedStream[] = []
  plain: (kind: 'chat' | 'responses') => Promise<TextReply> = async (kind) => ({
    text: `plain ${kind} reply`,
    raw: {},
  })
  compactReply: () => Promise<CompactReply> = async () => ({
    output: [
      { type: 'message', role: 'assistant', content: [{ type: 'output_text', text: 'SUMMARY' }] },
    ],
    text: 'SUMMARY',
    raw: {},
  })

  /** The stream the next chatStream call will read. */
  nextStream(): ScriptedStream {
    const s = new ScriptedStream()
    this.streams.push(s)
    return s
  }

  async listModels(): Promise<string[]> {
    if (this.models instanceof Error) throw this.models
    return [...this.models]
  }
  chat(call: ChatCall): Promise<TextReply> {
    this.calls.push({ kind: 'chat', model: call.model, messages: call.messages })
    return this.plain('chat')
  }
  chatStream(call: ChatCall): AsyncIterable<string> {
    this.calls.push({ kind: 'chatStream', model: call.model, messages: call.messages })
    const stream = this.streams.shift()
    if (!stream) throw new Error('the test did not prepare a stream')
    return stream.iterate(call.signal)
  }
  responses(call: ResponsesCall): Promise<TextReply> {
    this.calls.push({ kind: 'responses', model: call.model, input: call.input })
    return this.plain('responses')
  }
  compact(call: ResponsesCall): Promise<CompactReply> {
    this.calls.push({ kind: 'compact', model: call.model, input: call.input })
    return this.compactReply()
  }
}
