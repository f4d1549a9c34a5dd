/**
 * Prompt wildcards for batches: `{red|blue|green}` inline and `__name__` for a named list, each
 * expanded into every combination. Counting never builds the variants, so a prompt that would
 * make millions of them is refused with its true count instead of freezing the form.
 *
 * Rules (our choice, the spec has no wildcards):
 * - `{a|b}` needs at least one `|` to be a wildcard. A group without one (`{a}`, `{}`, and the art
 *   models' emphasis `{{masterpiece}}`) stays exactly as typed, braces included.
 * - Groups do not nest: a `{` that meets another `{` before its `}` is literal, as is any `{` or
 *   `}` without a partner. `\{`, `\}` and `\|` are always literal (the backslash is dropped).
 * - `__name__` uses the list of that name (letters, digits, `-`, single `_` inside); list values
 *   and group options are used as written (no wildcards inside them).
 */
import { MAX_BATCH } from './types'

/** One prompt a wildcard prompt makes, with the choice made for each wildcard in order. */
export interface WildcardVariant {
  text: string
  picks: string[]
}

export interface WildcardExpansion {
  /** Every combination, first wildcard varying slowest; empty when `count` exceeds the limit. */
  variants: WildcardVariant[]
  /** Named lists the prompt uses that do not exist or are empty (left literal in the text). */
  missing: string[]
  /** How many variants the prompt makes (1 without wildcards); beyond 2^53 it is approximate. */
  count: number
}

/** A piece of a parsed prompt: text, or a choice among options (from a group or a list). */
type Segment = string | { options: readonly string[] }

const ESCAPABLE = new Set(['{', '}', '|'])
const NAME = /__([A-Za-z0-9-]+(?:_[A-Za-z0-9-]+)*)__/y

interface Group {
  options: string[]
  /** Index just past the closing `}`. */
  end: number
  /** The group as typed, for a group without `|` (kept literally). */
  raw: string
}

/** Reads `{…}` starting at `start` (a `{`); null when it is unmatched or nested. */
function readGroup(prompt: string, start: number): Group | null {
  const options: string[] = []
  let current = ''
  for (let i = start + 1; i < prompt.length; i++) {
    const c = prompt[i]!
    if (c === '\\' && ESCAPABLE.has(prompt[i + 1] ?? '')) {
      current += prompt[++i]
    } else if (c === '{') {
      return null
    } else if (c === '|') {
      options.push(current)
      current = ''
    } else if (c === '}') {
      options.push(current)
      return { options, end: i + 1, raw: prompt.slice(start, i + 1) }
    } else {
      current += c
    }
  }
  return null
}

/**
 * Splits a prompt into text and choices. `onName` decides what a `__name__` becomes: its list's
 * values, or null to keep it as text.
 */
function parse(prompt: string, onName: (name: string) => readonly string[] | null): Segment[] {
  const out: Segment[] = []
  let text = ''
  const choice = (options: readonly string[]) => {
    if (text) out.push(text)
    text = ''
    out.push({ options })
  }
  for (let i = 0; i < prompt.length;) {
    const c = prompt[i]!
    if (c === '\\' && ESCAPABLE.has(prompt[i + 1] ?? '')) {
      text += prompt[i + 1]
      i += 2
      continue
    }
    if (c === '{') {
      const group = readGroup(prompt, i)
      if (group && group.options.length > 1) choice(group.options)
      else text += group ? group.raw : c
      i = group ? group.end : i + 1
      continue
    }
    if (c === '_') {
      NAME.lastIndex = i
      const m = NAME.exec(prompt)
      if (m) {
        const values = onName(m[1]!)
        if (values) choice(values)
        else text += m[0]
        i += m[0].length
        continue
      }
    }
    text += c
    i++
  }
  if (text) out.push(text)
  return out
}

/** The list names a prompt uses, once each in order of first use (for the lists editor). */
export function wildcardNamesIn(prompt: string): string[] {
  const names = new Set<string>()
  parse(prompt, (name) => {
    names.add(name)
    return null
  })
  return [...names]
}

/**
 * Expands a prompt's wildcards into every combination. `limit` (default MAX_BATCH) bounds what
 * is built: beyond it `variants` is empty and `count` still says how many there would be, so the
 * form can say "this prompt makes 3,456 variants; at most 1000".
 */
export function expandWildcards(
  prompt: string,
  lists: ReadonlyMap<string, readonly string[]>,
  limit: number = MAX_BATCH,
): WildcardExpansion {
  const missing = new Set<string>()
  const segments = parse(prompt, (name) => {
    const values = lists.get(name)
    if (values && values.length > 0) return values
    missing.add(name)
    return null
  })
  const choices = segments.filter((s): s is { options: readonly string[] } => typeof s !== 'string')
  const count = choices.reduce((n, c) => n * c.options.length, 1)
  const result = { missing: [...missing], count }
  if (count > limit) return { ...result, variants: [] }

  const variants: WildcardVariant[] = []
  // An odometer over the choices: the last one turns fastest, so the first varies slowest.
  const at = choices.map(() => 0)
  for (let n = 0; n < count; n++) {
    let text = ''
    const picks: string[] = []
    let k = 0
    for (const s of segments) {
      if (typeof s === 'string') {
        text += s
      } else {
        const pick = s.options[at[k++]!]!
        text += pick
        picks.push(pick)
      }
    }
    variants.push({ text, picks })
    for (let j = choices.length - 1; j >= 0; j--) {
      const next = at[j]! + 1
      at[j] = next < choices[j]!.options.length ? next : 0
      if (next < choices[j]!.options.length) break
    }
  }
  return { ...result, variants }
}
