/**
 * The narrow port the chat service talks to the service through. Production wires it to the
 * shared ServiceClient (ServiceClientTextGateway.ts); unit tests use fakes, so the conversation
 * logic is tested without HTTP, and the HTTP side is tested once, against the simulator.
 * Every method throws an AppFailure (auth, rate_limited, network, cancelled, ...) on failure.
 */

/** One turn as the text endpoints take it. */
export interface TextTurn {
  role: 'system' | 'user' | 'assistant'
  content: string
}

export interface ChatCall {
  model: string
  messages: TextTurn[]
  signal?: AbortSignal
}

/** A responses or compact request: the turns as `input` messages. */
export interface ResponsesCall {
  model: string
  input: TextTurn[]
  signal?: AbortSignal
}

export interface TextReply {
  text: string
  raw: Record<string, unknown>
}

export interface CompactReply {
  /** The `output` items the service returned, stored verbatim with the conversation. */
  output: unknown[]
  /** The readable text among them (a summary), '' when the items are opaque. */
  text: string
  raw: Record<string, unknown>
}

export interface TextGateway {
  /** GET /v1/models: the identifiers the account may use. */
  listModels(signal?: AbortSignal): Promise<string[]>
  /** POST /v1/chat/completions without streaming. */
  chat(call: ChatCall): Promise<TextReply>
  /**
   * POST /v1/chat/completions with stream: true; yields text deltas as they arrive and ends when
   * the service says it is done. A cut connection throws (network) after the deltas received.
   */
  chatStream(call: ChatCall): AsyncIterable<string>
  /** POST /v1/responses without streaming. */
  responses(call: ResponsesCall): Promise<TextReply>
  /** POST /v1/responses with streaming, when the client supports it. */
  responsesStream?(call: ResponsesCall): AsyncIterable<string>
  /** POST /v1/responses/compact. */
  compact(call: ResponsesCall): Promise<CompactReply>
}
