/**
 * The wildcard syntax of batch prompts, read into a tree: text, `{a|b}` choices (which may hold
 * further choices) and `__name__` lists. The rules are in wildcards.ts. Reading is one pass with
 * an explicit stack of open braces (no recursion, at most MAX_NESTING deep): a `{` is read as
 * emphasis text until a `|` at its level turns it into a group, and each part moves at most once
 * when that happens, so reading costs time linear in the prompt's length.
 */
import { msg } from '../i18n/message'

/** A run of text and choices; `count` is how many texts it makes (the product of its choices). */
export interface WildcardSequence {
  parts: WildcardPart[]
  count: number
}

/**
 * One pick among options: a `{a|b}` group (each option a sequence that may hold more choices) or
 * a named list (each value one option). `count` is the sum of the options' counts, since nested
 * choices are flattened: `{a|{b|c}}` is one choice among a, b and c.
 */
export interface WildcardChoice {
  options: WildcardSequence[]
  count: number
}

/** Text, or a choice. Emphasis is no part of its own: its braces are text around its parts. */
export type WildcardPart = string | WildcardChoice

/** A prompt read with the lists at hand. A problem or a missing list means nothing may be made. */
export interface ParsedWildcards {
  root: WildcardSequence
  /** Every choice, each after the choices inside it (the order they closed in). */
  choices: WildcardChoice[]
  /** Every `__name__` used, once each in order of first use, known or not. */
  names: string[]
  /** Names with no list, or an empty one, once each in order of first use. */
  missing: string[]
  /** The first unbalanced brace, as a message for the prompt field; null when there is none. */
  problem: string | null
}

/**
 * A `{` not yet closed. It is read as emphasis (its `{` is text in `seq` at `mark`) until a `|`
 * at its level makes it a group: then what followed the `{` moves into its first option.
 */
interface Open {
  at: number
  seq: WildcardSequence
  mark: number
  options: WildcardSequence[] | null
}

const ESCAPABLE = new Set(['{', '}', '|'])
const SYNTAX = new Set(['{', '}', '|', '_', '\\'])
const NAME = /__([A-Za-z0-9-]+(?:_[A-Za-z0-9-]+)*)__/y
const NAMES = new RegExp(NAME.source, 'g')
/**
 * Most braces open at once. No prompt needs more; the bound keeps a hostile prompt's reading
 * short and the work of expanding nested groups (at most this × the variant limit) small.
 */
export const MAX_NESTING = 100
/** How much of the prompt an error message quotes. */
const QUOTED = 24

/** Where the text from `index` on stops being plain (names start at `_`, escapes at `\`). */
function plainEnd(prompt: string, index: number): number {
  let i = index
  while (i < prompt.length && !SYNTAX.has(prompt[i]!)) i++
  return i
}

/** The `__name__` token starting at `index`, or null. */
function nameAt(prompt: string, index: number): string | null {
  NAME.lastIndex = index
  return NAME.exec(prompt)?.[0] ?? null
}

const sequence = (parts: WildcardPart[] = []): WildcardSequence => ({ parts, count: 1 })

/** Sets a finished sequence's count: the product of its choices'. */
function finish(seq: WildcardSequence): WildcardSequence {
  let count = 1
  for (const part of seq.parts) if (typeof part !== 'string') count *= part.count
  seq.count = count
  return seq
}

/** Turns an open emphasis into a group: what followed its `{` part becomes the first option. */
function toGroup(open: Open): WildcardSequence[] {
  const moved = open.seq.parts.splice(open.mark)
  moved.shift()
  return [sequence(moved)]
}

/** 1-based position in characters (code points), as the user counts them. */
const characterAt = (prompt: string, index: number) => Array.from(prompt.slice(0, index)).length + 1

/** Up to QUOTED characters of the prompt from `index` on, for a message. */
function quoteFrom(prompt: string, index: number): string {
  const chars = Array.from(prompt.slice(index, index + QUOTED * 2))
  return chars.slice(0, QUOTED).join('') + (chars.length > QUOTED ? '…' : '')
}

function nestedTooDeep(prompt: string, index: number): string {
  return msg('wildcardTooDeep', {
    max: MAX_NESTING,
    at: characterAt(prompt, index),
    quote: quoteFrom(prompt, index),
    escaped: '\\{',
  })
}

function unclosed(prompt: string, index: number, open: number): string {
  // The braces are parameters: a literal brace in a message would be ICU syntax.
  const params = {
    open: '{',
    close: '}',
    escaped: '\\{',
    at: characterAt(prompt, index),
    quote: quoteFrom(prompt, index),
    more: open - 1,
  }
  return open > 1 ? msg('wildcardUnclosedMore', params) : msg('wildcardUnclosed', params)
}

function unmatched(prompt: string, index: number): string {
  const chars = Array.from(prompt.slice(Math.max(0, index - QUOTED * 2), index + 1))
  const quote = (chars.length > QUOTED + 1 ? '…' : '') + chars.slice(-QUOTED - 1).join('')
  return msg('wildcardUnmatched', {
    close: '}',
    at: characterAt(prompt, index),
    quote,
    escaped: '\\}',
  })
}

/**
 * Reads a prompt. Unknown or empty lists are recorded in `missing` (and left out of the tree). An
 * unmatched `}` or a `{` nested more than MAX_NESTING deep stops the reading with a `problem`
 * (the rest is only searched for names, so `names` and `missing` are complete); a `{` still open
 * at the end is a problem too. Callers must not make prompts from a result with a problem or
 * missing lists.
 */
export function parseWildcards(
  prompt: string,
  lists: ReadonlyMap<string, readonly string[]>,
): ParsedWildcards {
  const root = sequence()
  const choices: WildcardChoice[] = []
  const names = new Set<string>()
  const missing = new Set<string>()
  /** The open braces, innermost last. */
  const open: Open[] = []
  let current = root
  let stray = -1
  let tooDeep = -1

  /** Literal text read but not yet added to `current`. */
  let text = ''
  const flush = () => {
    if (text) current.parts.push(text)
    text = ''
  }

  for (let i = 0; i < prompt.length;) {
    const end = plainEnd(prompt, i)
    if (end > i) {
      text += prompt.slice(i, end)
      i = end
      continue
    }
    const c = prompt[i]!
    const inner = open[open.length - 1]
    const token = c === '_' ? nameAt(prompt, i) : null
    if (c === '\\') {
      const next = prompt.charAt(i + 1)
      const escape = ESCAPABLE.has(next)
      text += escape ? next : c
      i += escape ? 2 : 1
      continue
    }
    if (token) {
      const name = token.slice(2, -2)
      const values = lists.get(name)
      names.add(name)
      if (values && values.length > 0) {
        flush()
        const choice = { options: values.map((v) => sequence([v])), count: values.length }
        choices.push(choice)
        current.parts.push(choice)
      } else {
        // Nothing is made from this prompt; the name is only noted.
        missing.add(name)
      }
      i += token.length
      continue
    }
    if (c === '{' && open.length === MAX_NESTING) {
      tooDeep = i
      break
    } else if (c === '{') {
      flush()
      // Its own part, so a later `|` can move what follows it into the group's first option.
      open.push({ at: i, seq: current, mark: current.parts.length, options: null })
      current.parts.push('{')
    } else if (c === '|' && inner) {
      flush()
      inner.options ??= toGroup(inner)
      current = sequence()
      inner.options.push(current)
    } else if (c === '}' && inner) {
      open.pop()
      if (inner.options) {
        flush()
        let count = 0
        for (const option of inner.options) count += finish(option).count
        const choice = { options: inner.options, count }
        choices.push(choice)
        current = inner.seq
        current.parts.push(choice)
      } else {
        text += c
      }
    } else if (c === '}') {
      stray = i
      break
    } else {
      text += c
    }
    i++
  }
  flush()
  finish(root)
  // Reading stopped at a refusing brace: the rest is only searched for the names it uses.
  const stop = Math.max(stray, tooDeep)
  if (stop >= 0) {
    for (const m of prompt.slice(stop).matchAll(NAMES)) {
      names.add(m[1]!)
      if (!lists.get(m[1]!)?.length) missing.add(m[1]!)
    }
  }

  const first = open[0]
  let problem: string | null = null
  if (stray >= 0) problem = unmatched(prompt, stray)
  else if (tooDeep >= 0) problem = nestedTooDeep(prompt, tooDeep)
  else if (first) problem = unclosed(prompt, first.at, open.length)
  return { root, choices, names: [...names], missing: [...missing], problem }
}
