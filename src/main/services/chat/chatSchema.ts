import type { Migration } from '../../adapters/sqlite/openDatabase'

/**
 * Schema v1. `messages.n` is the integer key the FTS5 index points at (external content table,
 * kept in step by triggers, so the text is stored once). Conversations are soft-deleted
 * (`deleted_at` + `undo_token`) so a delete can be undone until it is purged.
 */
export const CHAT_MIGRATIONS: readonly Migration[] = [
  (db) => {
    db.exec(`
      CREATE TABLE conversations (
        id TEXT PRIMARY KEY,
        title TEXT NOT NULL,
        model TEXT NOT NULL,
        endpoint TEXT NOT NULL,
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL,
        deleted_at INTEGER,
        undo_token TEXT UNIQUE
      );
      CREATE INDEX conversations_by_update ON conversations (deleted_at, updated_at DESC);
      CREATE TABLE messages (
        n INTEGER PRIMARY KEY,
        id TEXT NOT NULL UNIQUE,
        conversation_id TEXT NOT NULL REFERENCES conversations (id) ON DELETE CASCADE,
        seq INTEGER NOT NULL,
        role TEXT NOT NULL,
        content TEXT NOT NULL DEFAULT '',
        status TEXT NOT NULL,
        error TEXT,
        model TEXT,
        endpoint TEXT,
        streamed INTEGER NOT NULL DEFAULT 0,
        raw TEXT,
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL,
        UNIQUE (conversation_id, seq)
      );
      CREATE VIRTUAL TABLE messages_fts USING fts5(
        content, content = 'messages', content_rowid = 'n',
        tokenize = 'unicode61 remove_diacritics 2'
      );
      CREATE TRIGGER messages_ai AFTER INSERT ON messages BEGIN
        INSERT INTO messages_fts (rowid, content) VALUES (new.n, new.content);
      END;
      CREATE TRIGGER messages_ad AFTER DELETE ON messages BEGIN
        INSERT INTO messages_fts (messages_fts, rowid, content) VALUES ('delete', old.n, old.content);
      END;
      CREATE TRIGGER messages_au AFTER UPDATE OF content ON messages BEGIN
        INSERT INTO messages_fts (messages_fts, rowid, content) VALUES ('delete', old.n, old.content);
        INSERT INTO messages_fts (rowid, content) VALUES (new.n, new.content);
      END;
      CREATE TABLE kv (key TEXT PRIMARY KEY, value TEXT NOT NULL);
    `)
  },
]
