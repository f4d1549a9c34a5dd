import { promptTerms, type TermCount, termKey } from '@shared/library/promptTerms'
import { useEffect, useMemo, useState } from 'react'

import { promptTokens } from '../api/library'
import { type FormId, useFormsStore } from '../stores/forms'

/** Typed characters before suggestions appear. */
export const MIN_FRAGMENT = 2
/** Suggestions shown at most. */
export const MAX_SUGGESTIONS = 8
/** Quiet time after a keystroke before main is asked (typing fast asks once). */
export const ASK_DELAY_MS = 120

/** What is being typed at the caret: the current tag (since the last separator) and word. */
export interface Fragment {
  caret: number
  tagStart: number
  tag: string
  wordStart: number
  word: string
}

/** One suggestion and where it goes: it replaces the text from `start` to the caret. */
export interface Suggestion {
  key: string
  text: string
  /** Prompts using it: the library's plus this form's remembered prompts. */
  count: number
  start: number
}

const WORD_CHAR = /[\p{L}\p{N}_'’-]/u

/**
 * The tag and word being typed at the caret, or null when the caret sits inside a word (a
 * completion there would split it). A tag starts after the last `,` `;` `|` or new line, past
 * spaces and weighting brackets; a word starts after the last character that is not a letter,
 * digit, `_`, `'` or `-`.
 */
export function fragmentAt(text: string, caret: number): Fragment | null {
  if (caret < 0 || caret > text.length) return null
  if (caret < text.length && WORD_CHAR.test(text[caret]!)) return null
  const before = text.slice(0, caret)
  let tagStart = Math.max(...[',', '\n', ';', '|'].map((s) => before.lastIndexOf(s))) + 1
  while (tagStart < caret && /[\s{[(]/.test(text[tagStart]!)) tagStart++
  let wordStart = caret
  while (wordStart > tagStart && WORD_CHAR.test(text[wordStart - 1]!)) wordStart--
  return {
    caret,
    tagStart,
    tag: text.slice(tagStart, caret),
    wordStart,
    word: text.slice(wordStart, caret),
  }
}

/** The prefixes worth asking about: the tag, and the word too when the tag has several words. */
export function queriesOf(f: Fragment | null): Array<{ prefix: string; start: number }> {
  if (!f) return []
  const out: Array<{ prefix: string; start: number }> = []
  if (f.tag.trim().length >= MIN_FRAGMENT) out.push({ prefix: f.tag, start: f.tagStart })
  if (f.wordStart > f.tagStart && f.word.length >= MIN_FRAGMENT)
    out.push({ prefix: f.word, start: f.wordStart })
  return out
}

/** Terms of remembered prompts with the number of prompts using each. */
export function countTerms(prompts: readonly string[]): Map<string, TermCount> {
  const out = new Map<string, TermCount>()
  for (const prompt of prompts) {
    for (const [key, text] of promptTerms(prompt)) {
      const t = out.get(key)
      if (t) t.count++
      else out.set(key, { text, count: 1 })
    }
  }
  return out
}

/**
 * Suggestions for the fragment, ranked by use: a term's count is the library's (main's answer
 * for the prefix) plus the form's history (prompts not saved in the library yet count too). What
 * is already typed in full is not suggested; ties go to the shorter, then alphabetical.
 */
export function rankSuggestions(
  f: Fragment | null,
  library: (prefix: string) => readonly TermCount[] | undefined,
  history: ReadonlyMap<string, TermCount>,
): Suggestion[] {
  const byKey = new Map<string, Suggestion>()
  for (const { prefix, start } of queriesOf(f)) {
    const p = termKey(prefix)
    const add = (key: string, text: string, count: number) => {
      if (key === p || !key.startsWith(p)) return
      const s = byKey.get(key)
      if (s && s.start === start) s.count += count
      else if (!s) byKey.set(key, { key, text, count, start })
    }
    for (const t of library(prefix) ?? []) add(termKey(t.text), t.text, t.count)
    for (const [key, t] of history) add(key, t.text, t.count)
  }
  return [...byKey.values()]
    .sort((a, b) => b.count - a.count || a.key.length - b.key.length || (a.key < b.key ? -1 : 1))
    .slice(0, MAX_SUGGESTIONS)
}

/**
 * The prompt with a suggestion accepted, and where the caret goes. At the end of the prompt a
 * completed tag gets ", " after it (ready for the next tag) and a completed word a space; in the
 * middle nothing is added.
 */
export function acceptSuggestion(
  text: string,
  f: Fragment,
  s: Suggestion,
): { text: string; caret: number } {
  const atEnd = text.slice(f.caret).trim() === ''
  const suffix = !atEnd ? '' : s.start === f.tagStart ? ', ' : ' '
  const head = text.slice(0, s.start) + s.text + suffix
  return { text: head + (atEnd ? '' : text.slice(f.caret)), caret: head.length }
}

/** Library answers by prefix key, kept a minute (new results' prompts show up after that). */
const libraryCache = new Map<string, { at: number; terms: readonly TermCount[] }>()
const CACHE_MAX = 500
const CACHE_MS = 60_000

const cached = (key: string): readonly TermCount[] | undefined => {
  const hit = libraryCache.get(key)
  return hit && Date.now() - hit.at < CACHE_MS ? hit.terms : undefined
}

/** Forgets cached library answers (tests; a library that changed a lot). */
export const clearSuggestionCache = () => libraryCache.clear()

/**
 * Suggestions for what is being typed at `caret` (null: not typing, nothing to suggest): the
 * library's terms (`library:promptTokens`, asked once per prefix after a short pause) ranked
 * together with this form's prompt history.
 */
export function usePromptSuggestions(
  form: FormId,
  value: string,
  caret: number | null,
): { fragment: Fragment | null; suggestions: Suggestion[] } {
  const history = useFormsStore((s) => s.history[form])
  const counts = useMemo(() => countTerms(history), [history])
  const fragment = useMemo(() => (caret === null ? null : fragmentAt(value, caret)), [value, caret])
  const [, setVersion] = useState(0)
  const missing = queriesOf(fragment)
    .map((q) => termKey(q.prefix))
    .filter((k) => cached(k) === undefined)
    .join('\n')

  useEffect(() => {
    if (!missing) return
    let live = true
    const timer = setTimeout(() => {
      for (const prefix of missing.split('\n')) {
        void promptTokens({ prefix, limit: 20 }).then((r) => {
          if (libraryCache.size >= CACHE_MAX) libraryCache.delete(libraryCache.keys().next().value!)
          libraryCache.set(prefix, { at: Date.now(), terms: r.ok ? r.value : [] })
          if (live) setVersion((v) => v + 1)
        })
      }
    }, ASK_DELAY_MS)
    return () => {
      live = false
      clearTimeout(timer)
    }
  }, [missing])

  const suggestions = rankSuggestions(fragment, (p) => cached(termKey(p)), counts)
  return { fragment, suggestions }
}
