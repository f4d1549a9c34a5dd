import type { Db, Migration } from '../../../adapters/sqlite/openDatabase'

/** items_fts's tokenizer (schema 1); the piece tokenizer below must cut text the same way. */
export const FTS_TOKENIZE = 'unicode61 remove_diacritics 2'

/** items_fts has prefix indexes for 1, 2 and 3 characters (schema 1: prefix = '1 2 3'). */
const INDEXED_PREFIX_MAX = 3

/**
 * Above this many terms for one word the prefix query is kept: an OR seeks every term's doclist
 * in every segment before its first row. Measured at 1M items (load 6): a page of an OR costs
 * ~0.09 ms a term (8: 1.0 ms, 32: 3.0, 64: 5.8, 128: 11.9), the prefix scan of one 125k-row
 * term 5.6 ms; a prefix with many terms mostly has rare ones, whose scan is cheaper.
 */
export const EXPAND_MAX_TERMS = 32

/** Terms this connection knows are in `fts_terms`, so a chunk's common words skip the insert. */
const KNOWN_MAX = 100_000

/**
 * Pieces longer than this go through SQLite's tokenizer even when ASCII: FTS5 caps the size of a
 * token it stores, and only SQLite knows where.
 */
const FAST_PIECE_MAX = 256

/** Meta key set once `fts_terms` holds every term of items_fts. */
export const TERMS_COMPLETE = 'fts_terms_complete'

/** A migration fills the terms on the spot up to this many items (a vocabulary read of ~50 ms). */
const FILL_INLINE_MAX = 50_000

/** ASCII characters that are not letters or digits: separators for unicode61 by default. */
const ASCII_SEPARATORS = /[^A-Za-z0-9\u0080-\uffff]+/
const ASCII_ALNUM = /^[A-Za-z0-9]+$/

/** Reads every term of items_fts into `fts_terms` and marks it complete; returns the terms read. */
function fillFromVocabulary(db: Db): number {
  db.exec(`CREATE VIRTUAL TABLE IF NOT EXISTS temp.items_fts_vocab
    USING fts5vocab(main, 'items_fts', 'row')`)
  const n = db
    .prepare('INSERT OR IGNORE INTO fts_terms SELECT term FROM temp.items_fts_vocab')
    .run()
  db.exec('DROP TABLE temp.items_fts_vocab')
  db.prepare('INSERT OR REPLACE INTO meta(key, value) VALUES (?, ?)').run(TERMS_COMPLETE, '1')
  return n.changes
}

/**
 * Schema 9 (issue #33): `fts_terms`, every term of items_fts, so a typed word longer than the
 * prefix indexes becomes an OR of the exact terms it starts (FtsTerms.terms). An index written
 * before has its terms read from FTS5's vocabulary: on the spot when small, else by the index
 * writer (FtsTerms.fill), since at 1M items the read takes seconds; until then searches keep
 * the prefix query.
 */
export const FTS_TERMS_MIGRATION: Migration = (db) => {
  db.exec('CREATE TABLE fts_terms (term TEXT PRIMARY KEY) WITHOUT ROWID')
  const items = db
    .prepare('SELECT count(*) FROM (SELECT 1 FROM items LIMIT ?)')
    .pluck()
    .get(FILL_INLINE_MAX + 1) as number
  if (items <= FILL_INLINE_MAX) fillFromVocabulary(db)
}

/** The exact terms a typed word stands for, when a query can use them instead of `"word"*`. */
export interface PrefixTerms {
  /** The terms starting with the word, or null to keep the prefix query. */
  terms(word: string): string[] | null
}

/**
 * The vocabulary of items_fts (issue #33). FTS5 answers `"word"*` from a prefix index when the
 * word is 1–3 characters; a longer one has no index, so FTS5 merges the whole doclist of every
 * term it starts before it returns one row: 18 ms for "landscape"* at 1M items, where the term
 * "landscape" alone takes 0.3 ms and stops after one page. Knowing the terms, a longer word
 * becomes `("t1" OR "t2" …)`, which FTS5 merges lazily in rowid order.
 *
 * Exact because every term is in the table: upsert adds each row's terms in its transaction.
 * An ASCII run of letters and digits is one unicode61 token, lower-cased (ASCII punctuation and
 * spaces separate tokens by default), so those are made here; a run with any other character
 * goes through SQLite's own tokenizer (a temporary contentless FTS5 table and its vocabulary).
 * Terms are never removed: a term without rows only costs its OR one empty doclist.
 */
export class FtsTerms implements PrefixTerms {
  /** Terms committed to `fts_terms` (never deleted, so they stay true). */
  private readonly known = new Set<string>()
  /** Terms inserted by the open transaction: true only once it commits (`settle`). */
  private readonly pending = new Set<string>()
  private readonly st

  constructor(private readonly db: Db) {
    db.exec(`
      CREATE VIRTUAL TABLE IF NOT EXISTS temp.fts_pieces
        USING fts5(piece, content='', detail=none, tokenize='${FTS_TOKENIZE}');
      CREATE VIRTUAL TABLE IF NOT EXISTS temp.fts_pieces_vocab
        USING fts5vocab(temp, 'fts_pieces', 'row');`)
    this.st = {
      insert: db.prepare('INSERT OR IGNORE INTO fts_terms (term) VALUES (?)'),
      piece: db.prepare('INSERT INTO temp.fts_pieces (piece) VALUES (?)'),
      pieceTerms: db.prepare('SELECT term FROM temp.fts_pieces_vocab').pluck(),
      clearPieces: db.prepare("INSERT INTO temp.fts_pieces (fts_pieces) VALUES ('delete-all')"),
      range: db.prepare('SELECT term FROM fts_terms WHERE term >= ? AND term < ? LIMIT ?').pluck(),
      complete: db.prepare('SELECT value FROM meta WHERE key = ?').pluck(),
    }
  }

  /**
   * Adds the terms of these texts (a chunk's prompts) inside the caller's transaction; the caller
   * then says how that transaction ended with `settle`.
   */
  add(texts: Iterable<string>): void {
    const fresh = new Set<string>()
    const slow: string[] = []
    const note = (term: string) => {
      if (!this.known.has(term) && !this.pending.has(term)) fresh.add(term)
    }
    for (const text of texts)
      for (const piece of text.split(ASCII_SEPARATORS)) {
        // Most pieces are a known term as typed (a term tokenizes to itself): nothing to do.
        if (!piece || this.known.has(piece) || this.pending.has(piece)) continue
        if (piece.length <= FAST_PIECE_MAX && ASCII_ALNUM.test(piece)) note(piece.toLowerCase())
        else slow.push(piece)
      }
    if (slow.length) {
      for (const piece of slow) this.st.piece.run(piece)
      for (const term of this.st.pieceTerms.all() as string[]) note(term)
      this.st.clearPieces.run()
    }
    for (const term of fresh) {
      this.st.insert.run(term)
      this.pending.add(term)
    }
  }

  /**
   * The transaction that ran `add` committed (its terms are known from now on) or not (rolled
   * back, or unknown: they are inserted again next time). Call with false before a transaction
   * begins too, in case the last one was rolled back by someone else.
   */
  settle(committed: boolean): void {
    if (committed) {
      if (this.known.size + this.pending.size > KNOWN_MAX) this.known.clear()
      for (const term of this.pending) this.known.add(term)
    }
    this.pending.clear()
  }

  /** Whether every term of items_fts is in the table (else queries keep their prefix form). */
  complete(): boolean {
    return this.st.complete.get(TERMS_COMPLETE) === '1'
  }

  /**
   * Reads FTS5's vocabulary into the table once, for an index written before schema 9 (seconds
   * at 1M items: the index writer calls it, never main). Returns the terms added (0 when done).
   */
  fill(): number {
    if (this.complete()) return 0
    return this.db.transaction(() => fillFromVocabulary(this.db)).immediate()
  }

  terms(word: string): string[] | null {
    if (word.length <= INDEXED_PREFIX_MAX || !ASCII_ALNUM.test(word)) return null
    if (!this.complete()) return null
    const prefix = word.toLowerCase()
    // The first string after every one starting with `prefix`: its last character plus one
    // (ASCII letters and digits, so the next code point is one byte too).
    const end = prefix.slice(0, -1) + String.fromCharCode(prefix.charCodeAt(prefix.length - 1) + 1)
    const terms = this.st.range.all(prefix, end, EXPAND_MAX_TERMS + 1) as string[]
    return terms.length && terms.length <= EXPAND_MAX_TERMS ? terms : null
  }
}
