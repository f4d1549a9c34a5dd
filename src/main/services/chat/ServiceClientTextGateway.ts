import type { ServiceClient } from '../client/ServiceClient'
import { compactionText } from './history'
import type { ChatCall, CompactReply, ResponsesCall, TextGateway, TextReply } from './TextGateway'

/** The part of the shared ServiceClient the chat area uses. */
export type TextClient = Pick<
  ServiceClient,
  'listModels' | 'chat' | 'chatStream' | 'responses' | 'responsesCompact'
>

const signalOf = (call: { signal?: AbortSignal | undefined }) =>
  call.signal ? { signal: call.signal } : {}

/**
 * The chat service's TextGateway over the shared ServiceClient (undici, retries, error mapping,
 * SSE parsing and the dropped-stream check all live there). Only shapes are translated here.
 */
export class ServiceClientTextGateway implements TextGateway {
  constructor(private readonly client: TextClient) {}

  listModels(signal?: AbortSignal): Promise<string[]> {
    return this.client.listModels(signal ? { signal } : {})
  }

  async chat(call: ChatCall): Promise<TextReply> {
    const reply = await this.client.chat(
      { model: call.model, messages: call.messages },
      signalOf(call),
    )
    return { text: reply.content, raw: reply.raw }
  }

  async *chatStream(call: ChatCall): AsyncIterable<string> {
    const deltas = this.client.chatStream(
      { model: call.model, messages: call.messages },
      signalOf(call),
    )
    for await (const delta of deltas) if (delta.content) yield delta.content
  }

  async responses(call: ResponsesCall): Promise<TextReply> {
    const reply = await this.client.responses(
      { model: call.model, input: call.input },
      signalOf(call),
    )
    return { text: reply.text, raw: reply.raw }
  }

  async compact(call: ResponsesCall): Promise<CompactReply> {
    const reply = await this.client.responsesCompact(
      { model: call.model, input: call.input },
      signalOf(call),
    )
    const output = Array.isArray(reply.raw.output) ? (reply.raw.output as unknown[]) : []
    return { output, text: compactionText(output) || reply.text, raw: reply.raw }
  }
}
