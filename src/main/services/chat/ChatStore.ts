import type { ChatSearchHit, ConversationSummary, TextEndpoint } from '@shared/chat/types'
import type { AppError } from '@shared/result'

import { type Db, openDatabase, type SqliteOpener } from '../../adapters/sqlite/openDatabase'
import {
  type ConversationRow,
  type MessagePatch,
  type MessageRow,
  type NewMessage,
  parseJson,
  type StoredMessage,
  SUMMARY_SELECT,
  toMessage,
  toSummary,
} from './chatRows'
import { CHAT_MIGRATIONS } from './chatSchema'
import { ftsQuery, likePattern, markTitle } from './chatSearch'

export { type MessagePatch, messageView, type NewMessage, type StoredMessage } from './chatRows'
export { ftsQuery } from './chatSearch'

/**
 * The conversations database (chat.sqlite in userData): conversations, messages, an FTS5 index
 * of message text and a small key/value table (the cached model list). Synchronous
 * better-sqlite3 calls: each is short, and WAL keeps readers from waiting on the writer.
 */
export class ChatStore {
  readonly db: Db

  constructor(path: string, open: SqliteOpener = openDatabase) {
    // NORMAL is durable across app crashes in WAL mode; an OS crash may lose the last moments of
    // a streaming reply, which is acceptable for text that is not paid per request here.
    this.db = open({ path, migrations: CHAT_MIGRATIONS, synchronous: 'NORMAL' })
  }

  close(): void {
    if (this.db.open) this.db.close()
  }

  // ── conversations ──

  createConversation(c: {
    id: string
    title: string
    model: string
    endpoint: TextEndpoint
    now: number
  }): void {
    this.db
      .prepare(
        `INSERT INTO conversations (id, title, model, endpoint, created_at, updated_at)
         VALUES (?, ?, ?, ?, ?, ?)`,
      )
      .run(c.id, c.title, c.model, c.endpoint, c.now, c.now)
  }

  /** Live (not deleted) conversations, most recently active first. */
  listConversations(): ConversationSummary[] {
    const rows = this.db
      .prepare(`${SUMMARY_SELECT} WHERE c.deleted_at IS NULL ORDER BY c.updated_at DESC, c.id`)
      .all() as ConversationRow[]
    return rows.map(toSummary)
  }

  summary(id: string, includeDeleted = false): ConversationSummary | null {
    const row = this.db
      .prepare(
        `${SUMMARY_SELECT} WHERE c.id = ?${includeDeleted ? '' : ' AND c.deleted_at IS NULL'}`,
      )
      .get(id) as ConversationRow | undefined
    return row ? toSummary(row) : null
  }

  updateConversation(
    id: string,
    patch: { title?: string; model?: string; endpoint?: TextEndpoint; now: number },
  ): void {
    this.db
      .prepare(
        `UPDATE conversations SET title = coalesce(?, title), model = coalesce(?, model),
           endpoint = coalesce(?, endpoint), updated_at = ? WHERE id = ?`,
      )
      .run(patch.title ?? null, patch.model ?? null, patch.endpoint ?? null, patch.now, id)
  }

  /** Marks a conversation deleted; it disappears from lists and search until undone or purged. */
  softDelete(id: string, undoToken: string, now: number): boolean {
    const r = this.db
      .prepare(
        `UPDATE conversations SET deleted_at = ?, undo_token = ? WHERE id = ? AND deleted_at IS NULL`,
      )
      .run(now, undoToken, id)
    return r.changes === 1
  }

  /** Restores the conversation a token belongs to; null when the token is unknown or purged. */
  undoDelete(undoToken: string): string | null {
    const row = this.db
      .prepare(`SELECT id FROM conversations WHERE undo_token = ? AND deleted_at IS NOT NULL`)
      .get(undoToken) as { id: string } | undefined
    if (!row) return null
    this.db
      .prepare(`UPDATE conversations SET deleted_at = NULL, undo_token = NULL WHERE id = ?`)
      .run(row.id)
    return row.id
  }

  /** Removes for good the conversations deleted before `before`; returns how many. */
  purgeDeleted(before: number): number {
    return this.db
      .prepare(`DELETE FROM conversations WHERE deleted_at IS NOT NULL AND deleted_at < ?`)
      .run(before).changes
  }

  // ── messages ──

  messages(conversationId: string): StoredMessage[] {
    const rows = this.db
      .prepare(`SELECT * FROM messages WHERE conversation_id = ? ORDER BY seq`)
      .all(conversationId) as MessageRow[]
    return rows.map(toMessage)
  }

  message(id: string): StoredMessage | null {
    const row = this.db.prepare(`SELECT * FROM messages WHERE id = ?`).get(id) as
      MessageRow | undefined
    return row ? toMessage(row) : null
  }

  /** Appends a message at the end of its conversation and touches the conversation. */
  insertMessage(m: NewMessage): StoredMessage {
    const insert = this.db.transaction(() => {
      const { next } = this.db
        .prepare(`SELECT coalesce(max(seq), 0) + 1 AS next FROM messages WHERE conversation_id = ?`)
        .get(m.conversationId) as { next: number }
      this.db
        .prepare(
          `INSERT INTO messages (id, conversation_id, seq, role, content, status, model, endpoint,
             streamed, raw, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        )
        .run(
          m.id,
          m.conversationId,
          next,
          m.role,
          m.content,
          m.status,
          m.model,
          m.endpoint,
          m.streamed ? 1 : 0,
          m.raw === undefined ? null : JSON.stringify(m.raw),
          m.now,
          m.now,
        )
      this.db
        .prepare(`UPDATE conversations SET updated_at = ? WHERE id = ?`)
        .run(m.now, m.conversationId)
    })
    insert()
    return this.message(m.id) as StoredMessage
  }

  updateMessage(id: string, patch: MessagePatch): void {
    const sets: string[] = ['updated_at = @now']
    const params: Record<string, unknown> = { id, now: patch.now }
    if (patch.content !== undefined) {
      sets.push('content = @content')
      params.content = patch.content
    }
    if (patch.status !== undefined) {
      sets.push('status = @status')
      params.status = patch.status
    }
    if (patch.error !== undefined) {
      sets.push('error = @error')
      params.error = patch.error === null ? null : JSON.stringify(patch.error)
    }
    this.db.prepare(`UPDATE messages SET ${sets.join(', ')} WHERE id = @id`).run(params)
  }

  deleteMessages(ids: readonly string[]): void {
    const del = this.db.prepare(`DELETE FROM messages WHERE id = ?`)
    this.db.transaction(() => {
      for (const id of ids) del.run(id)
    })()
  }

  /**
   * Replies that were still arriving when the app stopped (crash, kill, power): their partial
   * text is kept and they are marked incomplete, or failed when nothing had arrived.
   */
  recoverInterrupted(error: AppError, now: number): number {
    const e = JSON.stringify(error)
    return this.db
      .prepare(
        `UPDATE messages SET status = CASE WHEN content = '' THEN 'error' ELSE 'incomplete' END,
           error = ?, updated_at = ? WHERE status IN ('pending', 'streaming')`,
      )
      .run(e, now).changes
  }

  // ── search ──

  /**
   * Full-text search over message text (FTS5, prefix match on every word) plus titles; one hit
   * per conversation, best match first. Deleted conversations are never found.
   */
  search(input: string, limit: number): ChatSearchHit[] {
    // Control characters (a NUL from a paste) are no words to find, and a NUL breaks FTS5.
    // eslint-disable-next-line no-control-regex -- matching control characters is the point
    const text = input.replace(/[\u0000-\u001f\u007f]/g, ' ').trim()
    if (!text) return []
    const hits: ChatSearchHit[] = []
    const seen = new Set<string>()
    const query = ftsQuery(text)
    if (query) {
      const rows = this.db
        .prepare(
          `SELECT m.conversation_id AS conversationId, c.title AS title, m.id AS messageId,
             snippet(messages_fts, 0, char(2), char(3), '…', 14) AS snippet,
             c.updated_at AS updatedAt
           FROM messages_fts
           JOIN messages m ON m.n = messages_fts.rowid
           JOIN conversations c ON c.id = m.conversation_id
           WHERE messages_fts MATCH ? AND c.deleted_at IS NULL
           ORDER BY bm25(messages_fts), c.updated_at DESC
           LIMIT ?`,
        )
        .all(query, limit * 4) as ChatSearchHit[]
      for (const row of rows) {
        if (seen.has(row.conversationId)) continue
        seen.add(row.conversationId)
        hits.push(row)
        if (hits.length >= limit) return hits
      }
    }
    const titled = this.db
      .prepare(
        `SELECT id AS conversationId, title, updated_at AS updatedAt FROM conversations
         WHERE deleted_at IS NULL AND title LIKE ? ESCAPE '\\' ORDER BY updated_at DESC LIMIT ?`,
      )
      .all(likePattern(text), limit) as Array<{
      conversationId: string
      title: string
      updatedAt: number
    }>
    for (const row of titled) {
      if (seen.has(row.conversationId) || hits.length >= limit) continue
      seen.add(row.conversationId)
      hits.push({ ...row, messageId: null, snippet: markTitle(row.title, text) })
    }
    return hits
  }

  // ── key/value ──

  getValue<T>(key: string): T | null {
    const row = this.db.prepare(`SELECT value FROM kv WHERE key = ?`).get(key) as
      { value: string } | undefined
    return row ? (parseJson(row.value) as T) : null
  }

  setValue(key: string, value: unknown): void {
    this.db
      .prepare(
        `INSERT INTO kv (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value`,
      )
      .run(key, JSON.stringify(value))
  }
}
