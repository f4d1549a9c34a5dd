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
  // 2: spend control (issue #15). The ledger sits in the journal's database so a task and its
  // ledger row are written in one transaction, before the request is sent; batches group tasks.
  (db) => {
    db.exec(`
      ALTER TABLE tasks ADD COLUMN batch_id TEXT;
      ALTER TABLE tasks ADD COLUMN batch_cell_json TEXT;
      CREATE INDEX tasks_batch ON tasks(batch_id) WHERE batch_id IS NOT NULL;
      CREATE TABLE batches (
        id TEXT PRIMARY KEY,
        request_id TEXT UNIQUE,
        title TEXT NOT NULL,
        kind TEXT NOT NULL,
        model TEXT NOT NULL,
        state TEXT NOT NULL,
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL,
        total INTEGER NOT NULL,
        estimate_usd REAL NOT NULL,
        axes_json TEXT NOT NULL,
        demo INTEGER NOT NULL DEFAULT 0,
        dismissed INTEGER NOT NULL DEFAULT 0
      );
      CREATE TABLE ledger (
        id TEXT PRIMARY KEY,
        task_id TEXT UNIQUE,
        batch_id TEXT,
        kind TEXT NOT NULL,
        task_kind TEXT NOT NULL,
        model TEXT NOT NULL,
        amount_usd REAL,
        basis TEXT NOT NULL,
        status TEXT NOT NULL,
        created_at INTEGER NOT NULL,
        settled_at INTEGER,
        day TEXT NOT NULL,
        month TEXT NOT NULL,
        demo INTEGER NOT NULL DEFAULT 0,
        prompt TEXT NOT NULL
      );
      -- Range summaries walk one day range of one side (real or demo) without touching other rows;
      -- it holds every column the groups read and the top list filters and sorts on, so neither
      -- looks rows up while it walks the range (bench/spending.ts).
      CREATE INDEX ledger_day ON ledger(demo, day, status, kind, model, basis, amount_usd, created_at);
      CREATE INDEX ledger_month ON ledger(demo, month, status, kind, amount_usd);
      CREATE INDEX ledger_amount ON ledger(demo, amount_usd) WHERE amount_usd IS NOT NULL;
    `)
  },
]
