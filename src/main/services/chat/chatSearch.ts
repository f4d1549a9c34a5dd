import { SNIPPET_MARK_END, SNIPPET_MARK_START } from '@shared/chat/types'

/**
 * Words of a search box turned into an FTS5 query: each word a quoted prefix term, all required.
 * Quoting makes FTS5 syntax (AND, NEAR, *, :, ") plain text, so no input can break the query.
 */
export function ftsQuery(input: string): string | null {
  const words = input
    .split(/\s+/)
    .map((w) => w.replace(/"/g, '').trim())
    .filter((w) => /[\p{L}\p{N}]/u.test(w))
  if (words.length === 0) return null
  return words.map((w) => `"${w}"*`).join(' ')
}

export const likePattern = (input: string): string =>
  `%${input.replace(/[\\%_]/g, (c) => `\\${c}`)}%`

/** A title hit marked the way FTS5 snippets are, so the list shows both alike. */
export function markTitle(title: string, text: string): string {
  const i = title.toLowerCase().indexOf(text.toLowerCase())
  if (i < 0) return title
  return (
    title.slice(0, i) +
    SNIPPET_MARK_START +
    title.slice(i, i + text.length) +
    SNIPPET_MARK_END +
    title.slice(i + text.length)
  )
}
