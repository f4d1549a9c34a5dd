/**
 * Word-level difference between two prompts, for compare's "what changed" view. Pure and bounded:
 * common leading and trailing words are cut first (prompt variations mostly differ in the
 * middle), then Myers' O((N+M)·D) algorithm finds a shortest edit script, giving up after
 * `maxEdits` edits. Prompts of 40,000 characters therefore diff in milliseconds when they are
 * similar, and in bounded time when they are not: the unmatched middle is then reported as one
 * removal and one addition (`complete: false`).
 */

export type DiffOp = 'same' | 'add' | 'del'

/** A run of consecutive words with one fate; `text` keeps the spaces before each word. */
export interface DiffPart {
  op: DiffOp
  text: string
}

export interface WordDiff {
  parts: DiffPart[]
  /** false when the edit bound was hit and the middle is shown as replaced wholesale. */
  complete: boolean
}

export interface DiffOptions {
  /** Most word edits searched for (default 1,000); time and memory grow with its square. */
  maxEdits?: number
}

interface Token {
  /** The word or punctuation mark, compared. */
  word: string
  /** It with the whitespace before it, shown. */
  text: string
}

/** Words (letters, digits, underscores, apostrophes, hyphens inside) and single marks. */
const TOKEN = /(\s*)([\p{L}\p{N}_]+(?:['’-][\p{L}\p{N}_]+)*|[^\s\p{L}\p{N}_])/gu

/** Splits text into compared words and punctuation marks, each keeping its leading space. */
export function tokenize(text: string): Token[] {
  const out: Token[] = []
  for (const m of text.matchAll(TOKEN)) out.push({ word: m[2]!, text: m[0] })
  return out
}

/**
 * The shortest edit script between a[lo..] and b[lo..] (trimmed ranges) as ops, or null when it
 * needs more than `max` edits. Myers 1986, keeping each round's frontier for the backtrack
 * (memory O(D²)).
 */
function myers(a: string[], b: string[], max: number): DiffOp[] | null {
  const n = a.length
  const m = b.length
  const offset = max + 1
  const v = new Int32Array(2 * max + 3)
  const trace: Int32Array[] = []
  let found = -1
  outer: for (let d = 0; d <= max; d++) {
    trace.push(v.slice(offset - d - 1, offset + d + 2))
    for (let k = -d; k <= d; k += 2) {
      let x =
        k === -d || (k !== d && v[offset + k - 1]! < v[offset + k + 1]!)
          ? v[offset + k + 1]!
          : v[offset + k - 1]! + 1
      let y = x - k
      while (x < n && y < m && a[x] === b[y]) {
        x++
        y++
      }
      v[offset + k] = x
      if (x >= n && y >= m) {
        found = d
        break outer
      }
    }
  }
  if (found < 0) return null
  // Walk back through the frontiers, from the end to the start.
  const ops: DiffOp[] = []
  let x = n
  let y = m
  for (let d = found; d > 0; d--) {
    const prev = trace[d]!
    const at = (k: number) => prev[k + d + 1]! // trace[d]: k in [-d-1, d+1] after round d-1
    const k = x - y
    const down = k === -d || (k !== d && at(k - 1) < at(k + 1))
    const pk = down ? k + 1 : k - 1
    const px = at(pk)
    const py = px - pk
    while (x > px && y > py) {
      ops.push('same')
      x--
      y--
    }
    ops.push(down ? 'add' : 'del')
    if (down) y--
    else x--
  }
  while (x > 0 && y > 0) {
    ops.push('same')
    x--
    y--
  }
  return ops.reverse()
}

/** Appends a token to the parts, merging it into the last part when the op is the same. */
function push(parts: DiffPart[], op: DiffOp, text: string) {
  const last = parts[parts.length - 1]
  if (last && last.op === op) last.text += text
  else parts.push({ op, text })
}

/**
 * The words of `b` compared with `a`: `same` parts (shown with b's spacing), `del` (only in a)
 * and `add` (only in b). Whitespace differences alone are not differences.
 */
export function diffWords(a: string, b: string, options: DiffOptions = {}): WordDiff {
  const maxEdits = Math.max(0, Math.floor(options.maxEdits ?? 1000))
  const ta = tokenize(a)
  const tb = tokenize(b)
  let start = 0
  while (start < ta.length && start < tb.length && ta[start]!.word === tb[start]!.word) start++
  let endA = ta.length
  let endB = tb.length
  while (endA > start && endB > start && ta[endA - 1]!.word === tb[endB - 1]!.word) {
    endA--
    endB--
  }
  const parts: DiffPart[] = []
  for (let i = 0; i < start; i++) push(parts, 'same', tb[i]!.text)
  const midA = ta.slice(start, endA)
  const midB = tb.slice(start, endB)
  const ops = myers(
    midA.map((t) => t.word),
    midB.map((t) => t.word),
    Math.min(maxEdits, midA.length + midB.length),
  )
  if (ops) {
    let i = 0
    let j = 0
    for (const op of ops) {
      if (op === 'same') push(parts, 'same', midB[(i++, j++)]!.text)
      else if (op === 'del') push(parts, 'del', midA[i++]!.text)
      else push(parts, 'add', midB[j++]!.text)
    }
  } else {
    for (const t of midA) push(parts, 'del', t.text)
    for (const t of midB) push(parts, 'add', t.text)
  }
  for (let j = endB; j < tb.length; j++) push(parts, 'same', tb[j]!.text)
  return { parts, complete: ops !== null }
}
