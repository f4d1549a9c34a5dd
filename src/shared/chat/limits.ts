import { msg } from '../i18n/message'

/** Bounds of what the chat area accepts; main enforces them, the renderer shows them early. */
export const CHAT_LIMITS = {
  /** One message typed by the user (characters). */
  maxMessageChars: 200_000,
  maxTitleChars: 120,
  maxSearchChars: 200,
  searchResults: 50,
} as const

/** A conversation's title from its first message: first line, trimmed, shortened. */
export function titleFrom(text: string, max = 60): string {
  const line = text.trim().split(/\r?\n/, 1)[0]?.replace(/\s+/g, ' ').trim() ?? ''
  if (!line) return msg('chatNewConversation')
  return line.length > max ? `${line.slice(0, max - 1).trimEnd()}…` : line
}
