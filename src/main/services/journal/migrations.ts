import type { Migration } from '../../adapters/sqlite/openDatabase'

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
      -- Budgets ask for one day or one month of real activity at every submission.
      CREATE INDEX ledger_day ON ledger(demo, day, status, kind, amount_usd);
      CREATE INDEX ledger_month ON ledger(demo, month, status, kind, amount_usd);
      -- The top list walks the committed, priced rows from the most expensive down.
      CREATE INDEX ledger_top ON ledger(demo, amount_usd, created_at, day)
        WHERE amount_usd IS NOT NULL AND status IN ('pending', 'settled');
      -- Range summaries read per-day totals kept by triggers (at most one row per day, kind, model
      -- and status), so a year of 200k requests sums ~10k rows, not 200k (bench/spending.ts).
      -- Amounts are integer micro-dollars: sums are exact.
      CREATE TABLE ledger_days (
        demo INTEGER NOT NULL,
        day TEXT NOT NULL,
        kind TEXT NOT NULL,
        model TEXT NOT NULL,
        status TEXT NOT NULL,
        n INTEGER NOT NULL,
        unpriced INTEGER NOT NULL,
        micros INTEGER NOT NULL,
        quoted INTEGER NOT NULL,
        PRIMARY KEY (demo, day, kind, model, status)
      ) WITHOUT ROWID;
      CREATE TRIGGER ledger_days_insert AFTER INSERT ON ledger BEGIN
        INSERT INTO ledger_days VALUES (NEW.demo, NEW.day, NEW.kind, NEW.model, NEW.status, 1,
          NEW.amount_usd IS NULL, CAST(ROUND(COALESCE(NEW.amount_usd, 0) * 1000000) AS INTEGER),
          CASE WHEN NEW.basis = 'quote'
            THEN CAST(ROUND(COALESCE(NEW.amount_usd, 0) * 1000000) AS INTEGER) ELSE 0 END)
        ON CONFLICT (demo, day, kind, model, status) DO UPDATE SET n = n + 1,
          unpriced = unpriced + excluded.unpriced, micros = micros + excluded.micros,
          quoted = quoted + excluded.quoted;
      END;
      CREATE TRIGGER ledger_days_update AFTER UPDATE OF status, amount_usd, basis ON ledger BEGIN
        UPDATE ledger_days SET n = n - 1, unpriced = unpriced - (OLD.amount_usd IS NULL),
          micros = micros - CAST(ROUND(COALESCE(OLD.amount_usd, 0) * 1000000) AS INTEGER),
          quoted = quoted - CASE WHEN OLD.basis = 'quote'
            THEN CAST(ROUND(COALESCE(OLD.amount_usd, 0) * 1000000) AS INTEGER) ELSE 0 END
         WHERE demo = OLD.demo AND day = OLD.day AND kind = OLD.kind AND model = OLD.model
           AND status = OLD.status;
        INSERT INTO ledger_days VALUES (NEW.demo, NEW.day, NEW.kind, NEW.model, NEW.status, 1,
          NEW.amount_usd IS NULL, CAST(ROUND(COALESCE(NEW.amount_usd, 0) * 1000000) AS INTEGER),
          CASE WHEN NEW.basis = 'quote'
            THEN CAST(ROUND(COALESCE(NEW.amount_usd, 0) * 1000000) AS INTEGER) ELSE 0 END)
        ON CONFLICT (demo, day, kind, model, status) DO UPDATE SET n = n + 1,
          unpriced = unpriced + excluded.unpriced, micros = micros + excluded.micros,
          quoted = quoted + excluded.quoted;
      END;
    `)
  },
  (db) => {
    // A long range's totals by kind, model and status come off this index already in group
    // order, so SQLite sums them as it reads instead of sorting ~10k per-day rows first (a year:
    // 8 ms → 2.4 ms; bench/spending.ts). It holds every column the summary reads.
    db.exec(`
      CREATE INDEX ledger_days_groups
        ON ledger_days(demo, kind, model, status, day, n, unpriced, micros, quoted);
    `)
  },
  (db) => {
    // Issue #29, spend intelligence, in one step so its parts share one schema version:
    // - task_requests: each request's canonical form (model, every parameter, the content hashes
    //   of its references), so a paid repeat is found before it is sent again;
    // - tasks.queue_pos: the place of a queued, never-sent task (lower runs first; NULL keeps the
    //   order of submission), so a reordered queue survives a restart;
    // - batches.priority: a batch given priority runs its queued tasks before other batches';
    // - ledger.project: the project every charge belongs to (NULL: none), for grouping and caps;
    // - task_events: each task's history (state changes with the service's words), for a claim.
    db.exec(`
      CREATE TABLE task_requests (
        task_id TEXT PRIMARY KEY REFERENCES tasks(id),
        canonical TEXT NOT NULL
      );
      CREATE INDEX task_requests_canonical ON task_requests(canonical);
      ALTER TABLE tasks ADD COLUMN queue_pos REAL;
      ALTER TABLE batches ADD COLUMN priority INTEGER NOT NULL DEFAULT 0;
      ALTER TABLE ledger ADD COLUMN project TEXT;
      CREATE INDEX ledger_project ON ledger(demo, project, day, status) WHERE project IS NOT NULL;
      CREATE TABLE task_events (
        task_id TEXT NOT NULL,
        at INTEGER NOT NULL,
        event TEXT NOT NULL,
        state TEXT NOT NULL,
        detail_json TEXT
      );
      CREATE INDEX task_events_task ON task_events(task_id, at);
    `)
  },
]
