/**
 * What the chat area sends across IPC. Conversations live in main's SQLite; the renderer only ever
 * holds these views, so a reload or a crash loses nothing that main had stored.
 */
import type { AppError } from '../result'

/** The text endpoints a conversation can use (compact is an action, not a reply endpoint). */
export type TextEndpoint = 'chat.completions' | 'responses'

/** `compaction` rows hold what /v1/responses/compact returned for the messages before them. */
export type MessageRole = 'user' | 'assistant' | 'compaction'

/**
 * - `pending`: sent, nothing received yet; `streaming`: deltas arriving;
 * - `complete`: the service finished the reply;
 * - `stopped`: the user pressed Stop (the partial text is kept);
 * - `incomplete`: the reply broke off (network, crash, server); the partial text is kept;
 * - `error`: the call failed before any text arrived.
 */
export type MessageStatus =
  'pending' | 'streaming' | 'complete' | 'stopped' | 'incomplete' | 'error'

export interface ChatMessageView {
  id: string
  conversationId: string
  /** Order inside the conversation. */
  seq: number
  role: MessageRole
  content: string
  status: MessageStatus
  /** Why the reply failed or broke off, with what to do next. */
  error: AppError | null
  /** Model and endpoint that produced an assistant reply (or that a user message was sent to). */
  model: string | null
  endpoint: TextEndpoint | null
  /** Whether the reply was requested as a stream. */
  streamed: boolean
  createdAt: number
  updatedAt: number
  /** For `compaction` rows: how many items the service returned (they are stored verbatim). */
  compactedItems?: number
}

export interface ConversationSummary {
  id: string
  title: string
  model: string
  endpoint: TextEndpoint
  createdAt: number
  updatedAt: number
  messageCount: number
  /** A short plain-text preview of the last message. */
  preview: string
  /** A reply is being received right now. */
  busy: boolean
}

export interface ConversationView extends ConversationSummary {
  messages: ChatMessageView[]
}

export interface TextModelOption {
  id: string
  label: string
  /** Only the endpoints the catalog allows for this model: never an invalid pair. */
  endpoints: TextEndpoint[]
  /** Whether /v1/responses/compact accepts the model. */
  compact: boolean
}

export interface ChatModelsView {
  /** The catalog's text models that the account lists, in catalog order. */
  models: TextModelOption[]
  /** `account`: fresh from GET /v1/models; `cache`: the last answer stored; `none`: never fetched. */
  source: 'account' | 'cache' | 'none'
  fetchedAt: number | null
  /** Why a fresh list could not be fetched (offline, no key, ...). */
  error: AppError | null
}

export interface ChatSearchHit {
  conversationId: string
  title: string
  /** The best matching message, or null when only the title matched. */
  messageId: string | null
  /** Plain text; matches are wrapped in SNIPPET_MARK_START / SNIPPET_MARK_END. */
  snippet: string
  updatedAt: number
}

/** What send/regenerate/editLast return at once; the reply arrives through events. */
export interface ChatSendResult {
  conversation: ConversationView
  userMessageId: string
  assistantMessageId: string
}

export interface ChatDeleteResult {
  conversationId: string
  /** Give it back to chat:undoDelete to restore the conversation. */
  undoToken: string
  /** The deleted conversation is purged for good after this time (ms since epoch). */
  purgeAt: number
}

/** `chat:delta`: text appended to a streaming reply (coalesced in main). */
export interface ChatDeltaEvent {
  conversationId: string
  messageId: string
  /** Length of the message's content before `append`; a renderer that disagrees refetches. */
  offset: number
  append: string
}

/** `chat:updated`: a conversation or one of its messages changed in main. */
export interface ChatUpdatedEvent {
  conversation: ConversationSummary
  /** The message that changed (status, final text, error), when one did. */
  message: ChatMessageView | null
  /** Messages removed (regenerate, edit). */
  removedMessageIds: string[]
}

/** Markers around matched words in a search snippet (control characters never typed by users). */
export const SNIPPET_MARK_START = '\u0002'
export const SNIPPET_MARK_END = '\u0003'
