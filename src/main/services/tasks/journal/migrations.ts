import type { Migration } from '../../../adapters/sqlite/openDatabase'

/**
 * Schema of the task journal. One row per generation, written before its request is sent; the
 * idempotency key is UNIQUE so two rows can never share (and so double-spend) one key. `results`
 * records each output that reached the library, so a resumed download skips saved outputs.
 */
export const JOURNAL_MIGRATIONS: readonly Migration[] = [
  (db) => {
    db.exec(`
      CREATE TABLE tasks (
        id TEXT PRIMARY KEY,
        request_id TEXT UNIQUE,
        kind TEXT NOT NULL,
        state TEXT NOT NULL,
        idem_key TEXT NOT NULL UNIQUE,
        model TEXT NOT NULL,
        prompt TEXT NOT NULL,
        request_json TEXT NOT NULL,
        files_json TEXT NOT NULL,
        cost_usd REAL,
        cost_label TEXT NOT NULL,
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL,
        started_at INTEGER,
        finished_at INTEGER,
        attempts INTEGER NOT NULL DEFAULT 0,
        server_id TEXT,
        server_status TEXT,
        progress REAL,
        quote_json TEXT,
        pending_quote_json TEXT,
        outputs_json TEXT,
        error_json TEXT,
        notice_json TEXT,
        attention TEXT,
        retry_of TEXT,
        demo INTEGER NOT NULL DEFAULT 0,
        dismissed INTEGER NOT NULL DEFAULT 0
      );
      CREATE INDEX tasks_state ON tasks(state) WHERE dismissed = 0;
      CREATE INDEX tasks_created ON tasks(created_at);
      CREATE TABLE results (
        task_id TEXT NOT NULL REFERENCES tasks(id),
        idx INTEGER NOT NULL,
        library_id TEXT NOT NULL,
        rel_path TEXT NOT NULL,
        saved_at INTEGER NOT NULL,
        PRIMARY KEY (task_id, idx)
      );
    `)
  },
]
