/**
 * Prompt wildcards for batches: `{red|blue|green}` inline and `__name__` for a named list, each
 * expanded into every combination. Counting never builds the variants, so a prompt that would
 * make millions of them is refused with its true count instead of freezing the form. A prompt
 * whose wildcards cannot be read is refused whole: no variant is ever made with broken syntax or
 * an unknown list left in as literal text, because every variant is a paid request.
 *
 * Rules (our choice, the spec has no wildcards):
 * - `{a|b}` is a group: a `{`…`}` with at least one `|` at its own level. A `{`…`}` without one
 *   (`{a}`, `{}`, the art models' emphasis `{{masterpiece}}`) is emphasis and stays exactly as
 *   typed, braces included; groups inside it still expand (`{{red|blue} hair}` → `{red hair}`,
 *   `{blue hair}`).
 * - Groups nest and are flattened to their leaves: `{a|{b|c}} cat` makes "a cat", "b cat",
 *   "c cat" (3 variants, not 2 × 2). An option holding several groups makes their product:
 *   `{a|{b|c} {d|e}}` makes a, b d, b e, c d, c e. Emphasis in an option keeps its braces
 *   (`{a|{{b}}}` makes a and {{b}}), and options may use lists (`{__colours__|plain}`).
 * - Braces must balance. An unclosed `{` or an unmatched `}` anywhere refuses the prompt with
 *   its position and a hint to escape it; `\{`, `\}` and `\|` are always literal (the backslash
 *   is dropped; a backslash before anything else stays). A `|` outside any group is literal.
 * - Braces (groups and emphasis alike) nest at most MAX_NESTING (100) deep; deeper is refused.
 * - `__name__` uses the list of that name (letters, digits, `-`, single `_` inside); a name with
 *   no list, or an empty one, refuses the prompt, at the top level and inside groups alike. List
 *   values are used as written (no wildcards inside them, so lists cannot loop).
 * - Picks: each variant records one pick per top-level wildcard (a group or list not inside
 *   another group's option; emphasis does not count as a level), the text it chose there, fully
 *   expanded (`{a|{b|c}}` picks "b", not "{b|c}").
 */
import { MAX_BATCH } from './types'
import { parseWildcards, type WildcardChoice, type WildcardSequence } from './wildcardSyntax'

/** One prompt a wildcard prompt makes, with the choice made for each wildcard in order. */
export interface WildcardVariant {
  text: string
  picks: string[]
}

export interface WildcardExpansion {
  /** Every combination, first wildcard varying slowest; empty when refused or over the limit. */
  variants: WildcardVariant[]
  /** Named lists the prompt uses that do not exist or are empty (these refuse the prompt). */
  missing: string[]
  /** Why the prompt's syntax is refused (an unbalanced brace, with where), or null. */
  problem: string | null
  /**
   * How many variants the prompt makes (1 without wildcards, 0 when refused); beyond 2^53 it is
   * approximate.
   */
  count: number
}

/**
 * Adds every text a sequence makes to `out`, its last choice turning fastest, given its choices'
 * texts. Plain loops: this runs for every choice of a prompt within the limit.
 */
function addTexts(
  seq: WildcardSequence,
  texts: ReadonlyMap<WildcardChoice, string[]>,
  out: string[],
): void {
  let made = ['']
  for (const part of seq.parts) {
    const options = typeof part === 'string' ? [part] : texts.get(part)!
    const next: string[] = []
    for (const t of made) for (const o of options) next.push(t + o)
    made = next
  }
  for (const t of made) out.push(t)
}

/**
 * The variants of a prompt whose count is within the limit. Each choice's texts are made once,
 * inner choices first (the order they closed in), so no step recurses and a chain of nested
 * groups costs what its texts cost. The top-level choices then turn like an odometer.
 */
function variantsOf(root: WildcardSequence, choices: readonly WildcardChoice[]): WildcardVariant[] {
  const texts = new Map<WildcardChoice, string[]>()
  for (const choice of choices) {
    const out: string[] = []
    for (const option of choice.options) addTexts(option, texts, out)
    texts.set(choice, out)
  }
  const top = root.parts.filter((p): p is WildcardChoice => typeof p !== 'string')
  const at = top.map(() => 0)
  const variants: WildcardVariant[] = []
  for (let n = 0; n < root.count; n++) {
    let text = ''
    const picks: string[] = []
    let k = 0
    for (const part of root.parts) {
      const pick = typeof part === 'string' ? null : texts.get(part)![at[k++]!]!
      text += pick ?? part
      if (pick !== null) picks.push(pick)
    }
    variants.push({ text, picks })
    // The last choice turns fastest, so the first varies slowest.
    for (let j = top.length - 1; j >= 0; j--) {
      at[j] = (at[j]! + 1) % top[j]!.count
      if (at[j] !== 0) break
    }
  }
  return variants
}

/** The list names a prompt uses, once each in order of first use (for the lists editor). */
export function wildcardNamesIn(prompt: string): string[] {
  return parseWildcards(prompt, new Map()).names
}

/**
 * Expands a prompt's wildcards into every combination. `limit` (default MAX_BATCH) bounds what
 * is built: beyond it `variants` is empty and `count` still says how many there would be, so the
 * form can say "this prompt makes 3,456 variants; at most 1000". A prompt with an unbalanced
 * brace (`problem`) or an unknown list (`missing`) makes nothing: count 0, no variants.
 */
export function expandWildcards(
  prompt: string,
  lists: ReadonlyMap<string, readonly string[]>,
  limit: number = MAX_BATCH,
): WildcardExpansion {
  const { root, choices, missing, problem } = parseWildcards(prompt, lists)
  if (problem !== null || missing.length > 0) return { variants: [], missing, problem, count: 0 }
  const variants = root.count > limit ? [] : variantsOf(root, choices)
  return { variants, missing, problem, count: root.count }
}
