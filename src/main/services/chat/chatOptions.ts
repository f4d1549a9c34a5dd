import type { TextEndpoint } from '@shared/chat/types'

import type { MainEvents } from '../../events'
import type { ChatStore } from './ChatStore'
import type { TextGateway } from './TextGateway'
import type { TextSpend } from './textSpend'

/** What the chat service is built from (createChatService.ts wires the real ones). */
export interface ChatServiceOptions {
  store: ChatStore
  gateway: TextGateway
  events: MainEvents
  now?: () => number
  newId?: () => string
  /** Coalescing window of `chat:delta` events. */
  flushMs?: number
  /** Longest time streamed text stays only in memory. */
  persistMs?: number
  /** A deleted conversation can be undone for this long, then it is purged. */
  purgeAfterMs?: number
  /** Releases what the service owns besides its store (its own HTTP client). */
  onClose?: (() => Promise<void>) | undefined
  /** The spending ledger's view of chat: every reply request is counted (no published rate). */
  spend?: TextSpend | undefined
}

/** How one reply is asked for: the model and endpoint (the conversation's by default). */
export interface ReplyOptions {
  model?: string | undefined
  endpoint?: TextEndpoint | undefined
  stream: boolean
}
