/**
 * The pseudo-locale's messages (en-XA, issue #34): English with every letter accented and ~40 %
 * more text, inside ⟦ ⟧, so text that is clipped, hard-coded or built by concatenation stands out
 * on every screen. Argument names, plural/select syntax, `#`, tags and quoted ICU text are kept
 * exactly, so the result formats like the English it came from.
 */

const PLAIN = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ'
const ACCENTED = 'áƀçðéƒĝĥîĵķļɱñöþǫŕšţûṽŵẋýžÅƁÇÐÉƑĜĤÎĴĶĻṀÑÖÞǪŔŠŢÛṼŴẊÝŽ'
/** Each ASCII letter and its accented stand-in. */
const ACCENTS: Readonly<Record<string, string>> = Object.fromEntries(
  [...PLAIN].map((c, i) => [c, [...ACCENTED][i]!]),
)

/** Padding words appended to reach the extra length (readable, so a screenshot still makes sense). */
const FILLER = 'one two three four five six seven eight nine ten eleven twelve thirteen'

/** How much longer pseudo text is than its source: 40 %, the usual growth of a translation. */
export const PSEUDO_GROWTH = 0.4

const PLURAL_KINDS = new Set(['plural', 'select', 'selectordinal'])

/** A cursor over one message; `text` counts the visible letters seen, for the padding. */
interface Scan {
  src: string
  at: number
  visible: number
}

/** Copies an apostrophe-quoted ICU literal (`'{'`, `''`) verbatim; returns whether it did. */
function quoted(s: Scan): string | null {
  if (s.src[s.at] !== "'") return null
  const next = s.src[s.at + 1]
  if (next === "'") {
    s.at += 2
    return "''"
  }
  if (next !== '{' && next !== '}' && next !== '#' && next !== '<' && next !== '|') return null
  const end = s.src.indexOf("'", s.at + 1)
  const stop = end === -1 ? s.src.length : end + 1
  const out = s.src.slice(s.at, stop)
  s.at = stop
  return out
}

/** A message body up to its closing `}` (or the end): text accented, arguments and tags kept. */
function body(s: Scan, inPlural: boolean): string {
  let out = ''
  while (s.at < s.src.length) {
    const c = s.src[s.at]!
    if (c === '}') break
    const q = quoted(s)
    if (q !== null) {
      out += q
      continue
    }
    if (c === '{') {
      out += argument(s)
    } else if (c === '<') {
      const end = s.src.indexOf('>', s.at)
      const stop = end === -1 ? s.src.length : end + 1
      out += s.src.slice(s.at, stop)
      s.at = stop
    } else if (c === '#' && inPlural) {
      out += c
      s.at++
    } else {
      if (/\p{L}/u.test(c)) s.visible++
      out += ACCENTS[c] ?? c
      s.at++
    }
  }
  return out
}

/** One `{…}` argument, copied as it is except the message bodies of plural/select branches. */
function argument(s: Scan): string {
  const start = s.at
  s.at++ // '{'
  const close = (from: number) => {
    // Skips to the matching '}' of a simple argument ({name}, {n, number, ::currency/USD}).
    let depth = 1
    let i = from
    while (i < s.src.length && depth > 0) {
      if (s.src[i] === '{') depth++
      else if (s.src[i] === '}') depth--
      i++
    }
    return i
  }
  const head = /^\s*[^\s,{}]+\s*(?:,\s*([a-zA-Z]+)\s*)?(,)?/.exec(s.src.slice(s.at))
  const kind = head?.[1]
  if (!head || !kind || !PLURAL_KINDS.has(kind) || !head[2]) {
    s.at = close(s.at)
    return s.src.slice(start, s.at)
  }
  let out = s.src.slice(start, s.at + head[0].length)
  s.at += head[0].length
  // Branches: `selector {body}` pairs (and `offset:n`), until the argument's own '}'.
  while (s.at < s.src.length && s.src[s.at] !== '}') {
    const c = s.src[s.at]!
    if (c === '{') {
      s.at++
      out += `{${body(s, kind !== 'select')}}`
      s.at++ // the branch's '}'
    } else {
      out += c
      s.at++
    }
  }
  s.at++ // the argument's '}'
  return `${out}}`
}

/** The pseudo-locale version of one ICU message. */
export function pseudoMessage(message: string): string {
  const s: Scan = { src: message, at: 0, visible: 0 }
  let out = ''
  while (s.at < s.src.length) {
    out += body(s, false)
    if (s.at < s.src.length) {
      // A stray '}' at the top level: kept, as the source had it.
      out += s.src[s.at]
      s.at++
    }
  }
  const extra = Math.ceil(s.visible * PSEUDO_GROWTH)
  const pad = extra > 0 ? ` ${FILLER.slice(0, extra).trimEnd()}` : ''
  return `⟦${out}${pad}⟧`
}

/** A whole namespace in the pseudo-locale. */
export const pseudoMessages = (messages: Readonly<Record<string, string>>) =>
  Object.fromEntries(Object.entries(messages).map(([k, v]) => [k, pseudoMessage(v)]))
