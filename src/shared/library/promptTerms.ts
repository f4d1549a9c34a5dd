/**
 * How prompts are cut into the terms prompt autocomplete suggests (issue #16), in one place so
 * main (the library's prompts, services/library/promptVocab.ts) and the renderer (the form's
 * prompt history) count the same terms: every comma-separated tag that is short enough to be a
 * tag, and every word. Keys are lower-case; the label is the text as the user wrote it.
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
  text.normalize('NFC').toLowerCase().replace(/\s+/g, ' ').trim()

/**
 * Strips prompt weighting from a tag: NovelAI's `1.2::tag::` and `{tag}` / `[tag]`, A1111's
 * `(tag:1.2)`, so "{{blue hair}}" and "blue hair" count as one tag.
 */
export function cleanTag(raw: string): string {
  return raw
    .replace(/^\s*-?\d+(\.\d+)?::/, '')
    .replace(/::\s*$/, '')
    .replace(/:\s*-?\d+(\.\d+)?\s*\)+\s*$/, ')')
    .replace(/^[\s{}[\]()]+|[\s{}[\]()]+$/g, '')
    .replace(/\s+/g, ' ')
}

/**
 * The distinct terms of one prompt, key → label: its tags (when tag-sized) and its words. A
 * prompt counts each term once, so counts over many prompts are "used in N prompts".
 */
export function promptTerms(prompt: string): Map<string, string> {
  const out = new Map<string, string>()
  for (const part of prompt.split(TAG_SEPARATORS)) {
    const tag = cleanTag(part)
    if (
      tag.length >= MIN_TERM_CHARS &&
      tag.length <= MAX_TAG_CHARS &&
      tag.split(' ').length <= MAX_TAG_WORDS
    ) {
      const key = termKey(tag)
      if (!out.has(key)) out.set(key, tag)
    }
    for (const m of part.matchAll(WORD)) {
      const word = m[0]
      if (word.length < MIN_TERM_CHARS) continue
      const key = termKey(word)
      if (!out.has(key)) out.set(key, word)
    }
  }
  return out
}

/** A suggestion: the term as written and in how many prompts it was used. */
export interface TermCount {
  text: string
  count: number
}
