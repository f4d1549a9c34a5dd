import type {
  ChatMessageView,
  ConversationSummary,
  MessageRole,
  MessageStatus,
  TextEndpoint,
} from '@shared/chat/types'
import type { AppError } from '@shared/result'

export interface ConversationRow {
  id: string
  title: string
  model: string
  endpoint: string
  created_at: number
  updated_at: number
  message_count: number
  preview: string | null
}

export interface MessageRow {
  id: string
  conversation_id: string
  seq: number
  role: string
  content: string
  status: string
  error: string | null
  model: string | null
  endpoint: string | null
  streamed: number
  raw: string | null
  created_at: number
  updated_at: number
}

/** A message as stored, plus the verbatim service output of a compaction. */
export interface StoredMessage extends ChatMessageView {
  /** For compaction rows: the items /v1/responses/compact returned. */
  raw: unknown
}

export interface NewMessage {
  id: string
  conversationId: string
  role: MessageRole
  content: string
  status: MessageStatus
  model: string | null
  endpoint: TextEndpoint | null
  streamed: boolean
  raw?: unknown
  now: number
}

export interface MessagePatch {
  content?: string
  status?: MessageStatus
  error?: AppError | null
  now: number
}

export const SUMMARY_SELECT = `
  SELECT c.id, c.title, c.model, c.endpoint, c.created_at, c.updated_at,
    (SELECT count(*) FROM messages m WHERE m.conversation_id = c.id) AS message_count,
    (SELECT substr(m.content, 1, 200) FROM messages m WHERE m.conversation_id = c.id
      AND m.role != 'compaction' ORDER BY m.seq DESC LIMIT 1) AS preview
  FROM conversations c`

const previewOf = (text: string | null): string => (text ?? '').replace(/\s+/g, ' ').trim()

export function toSummary(row: ConversationRow): ConversationSummary {
  return {
    id: row.id,
    title: row.title,
    model: row.model,
    endpoint: row.endpoint as TextEndpoint,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    messageCount: row.message_count,
    preview: previewOf(row.preview).slice(0, 140),
    busy: false,
  }
}

export function parseJson(text: string | null): unknown {
  if (text === null) return null
  try {
    return JSON.parse(text)
  } catch {
    return null
  }
}

export function toMessage(row: MessageRow): StoredMessage {
  const raw = parseJson(row.raw)
  const message: StoredMessage = {
    id: row.id,
    conversationId: row.conversation_id,
    seq: row.seq,
    role: row.role as MessageRole,
    content: row.content,
    status: row.status as MessageStatus,
    error: parseJson(row.error) as AppError | null,
    model: row.model,
    endpoint: row.endpoint as TextEndpoint | null,
    streamed: row.streamed === 1,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    raw,
  }
  if (row.role === 'compaction') message.compactedItems = Array.isArray(raw) ? raw.length : 0
  return message
}

/** Strips the stored-only fields before a message crosses IPC. */
export function messageView(m: StoredMessage): ChatMessageView {
  const { raw: _raw, ...view } = m
  return view
}
