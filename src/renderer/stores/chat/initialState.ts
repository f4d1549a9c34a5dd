import type {
  ChatModelsView,
  ChatSearchHit,
  ConversationSummary,
  ConversationView,
  TextEndpoint,
} from '@shared/chat/types'
import type { AppError } from '@shared/result'

export interface PendingUndo {
  conversationId: string
  title: string
  undoToken: string
}

export interface ChatState {
  conversations: ConversationSummary[]
  listLoaded: boolean
  /** The open conversation; null for a new, not yet sent one. */
  current: ConversationView | null
  loadingCurrent: boolean
  models: ChatModelsView | null
  /** What the next message is sent with (the picker). */
  model: string | null
  endpoint: TextEndpoint | null
  stream: boolean
  query: string
  hits: ChatSearchHit[] | null
  /** The last deleted conversation, while its undo toast shows. */
  undo: PendingUndo | null
  /** The last failed action (send refused, rename failed, ...), shown above the composer. */
  error: AppError | null
  /** A call that starts a reply is on its way to main. */
  sending: boolean
  compacting: boolean
}

export const initialState: ChatState = {
  conversations: [],
  listLoaded: false,
  current: null,
  loadingCurrent: false,
  models: null,
  model: null,
  endpoint: null,
  stream: true,
  query: '',
  hits: null,
  undo: null,
  error: null,
  sending: false,
  compacting: false,
}
