/**
 * How prompts are cut into the terms prompt autocomplete suggests (issue #16), in one place so
 * main (the library's prompts, services/library/vocabulary/promptVocab.ts) and the renderer (the
 * form's prompt history) count the same terms: every comma-separated tag that is short enough to be
 * a tag, and every word. Keys are lower-case; the label is the text as the user wrote it.
 */

/** A tag longer than this, or with more words, is a sentence: only its words count. */
export const MAX_TAG_CHARS = 64
export const MAX_TAG_WORDS = 6
/** Words and tags shorter than this are not worth suggesting. */
export const MIN_TERM_CHARS = 2

/** Characters that separate tags in a prompt. */
export const TAG_SEPARATORS = /[,\n;|]/
const WORD = /[\p{L}\p{N}][\p{L}\p{N}_'’-]*/gu

/** The lookup key of a term or a typed prefix: lower-case, single spaces. */
export const termKey = (text: string): string =>
  text.normalize('NFC').replace(/\s+/g, ' ').trim().toLowerCase()

const WEIGHTED = /[:{}[\]()]/

/**
 * Strips prompt weighting from a tag: NovelAI's `1.2::tag::` and `{tag}` / `[tag]`, A1111's
 * `(tag:1.2)`, so "{{blue hair}}" and "blue hair" count as one tag.
 */
export function cleanTag(raw: string): string {
  if (!WEIGHTED.test(raw)) return raw.trim().replace(/\s+/g, ' ')
  return raw
    .replace(/^\s*-?\d+(\.\d+)?::/, '')
    .replace(/::\s*$/, '')
    .replace(/:\s*-?\d+(\.\d+)?\s*\)+\s*$/, ')')
    .replace(/^[\s{}[\]()]+|[\s{}[\]()]+$/g, '')
    .replace(/\s+/g, ' ')
}

/**
 * Calls `visit` with every term of one prompt, key and label: its tags (when tag-sized) and its
 * words, in order, repeats included (the caller counts each key once per prompt). Written for
 * speed, since the library's 100k prompts go through it: one NFC pass, one regex walk per tag,
 * nothing allocated per prompt beyond the strings.
 */
export function visitTerms(prompt: string, visit: (key: string, label: string) => void): void {
  // eslint-disable-next-line no-control-regex
  const text = /[^\x00-\x7f]/.test(prompt) ? prompt.normalize('NFC') : prompt
  for (const part of text.split(TAG_SEPARATORS)) {
    const tag = cleanTag(part)
    if (tag.length >= MIN_TERM_CHARS && tag.length <= MAX_TAG_CHARS && words(tag) <= MAX_TAG_WORDS)
      visit(tag.toLowerCase(), tag)
    WORD.lastIndex = 0
    for (let m = WORD.exec(part); m; m = WORD.exec(part)) {
      if (m[0].length >= MIN_TERM_CHARS) visit(m[0].toLowerCase(), m[0])
    }
  }
}

/** The distinct terms of one prompt, key → label (the first spelling in the prompt). */
export function promptTerms(prompt: string): Map<string, string> {
  const out = new Map<string, string>()
  visitTerms(prompt, (key, label) => {
    if (!out.has(key)) out.set(key, label)
  })
  return out
}

function words(tag: string): number {
  let n = 1
  for (let i = tag.indexOf(' '); i >= 0; i = tag.indexOf(' ', i + 1)) n++
  return n
}

/** A suggestion: the term as written and in how many prompts it was used. */
export interface TermCount {
  text: string
  count: number
}
