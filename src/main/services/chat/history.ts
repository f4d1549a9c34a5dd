import type { StoredMessage } from './ChatStore'
import type { TextTurn } from './TextGateway'

const ROLES = new Set(['system', 'user', 'assistant'])

/** The turns a reply is based on: user and assistant text, partial replies included. */
const turnsOf = (messages: readonly StoredMessage[]): TextTurn[] =>
  messages
    .filter((m) => (m.role === 'user' || m.role === 'assistant') && m.content.length > 0)
    .map((m) => ({ role: m.role as 'user' | 'assistant', content: m.content }))

const textOf = (content: unknown): string => {
  if (typeof content === 'string') return content
  if (!Array.isArray(content)) return ''
  return content
    .map((p) =>
      p && typeof p === 'object' && typeof (p as { text?: unknown }).text === 'string'
        ? (p as { text: string }).text
        : '',
    )
    .join('')
}

/**
 * The turns a compaction's output stands for: its message items (role + text), in order. Items
 * without a role or text (opaque, encrypted state) cannot be sent as messages and are skipped;
 * when none is left, the compaction cannot replace the history and the full history is sent.
 */
export function compactionTurns(output: unknown): TextTurn[] {
  if (!Array.isArray(output)) return []
  const turns: TextTurn[] = []
  for (const item of output) {
    if (!item || typeof item !== 'object') continue
    const { role, content } = item as { role?: unknown; content?: unknown }
    const text = textOf(content)
    if (typeof role === 'string' && ROLES.has(role) && text.trim()) {
      turns.push({ role: role as TextTurn['role'], content: text })
    }
  }
  return turns
}

/** Readable text of a compaction's output (shown in the conversation and searchable). */
export const compactionText = (output: unknown): string =>
  compactionTurns(output)
    .map((t) => t.content)
    .join('\n\n')

const lastCompaction = (messages: readonly StoredMessage[]): number => {
  for (let i = messages.length - 1; i >= 0; i--) if (messages[i]!.role === 'compaction') return i
  return -1
}

/**
 * What a request sends for a stored history: after a compaction whose output holds messages,
 * those messages stand in for everything before it, followed by the later turns; otherwise the
 * whole history (an opaque compaction loses nothing, the request is only longer).
 */
export function historyTurns(messages: readonly StoredMessage[]): TextTurn[] {
  const k = lastCompaction(messages)
  if (k < 0) return turnsOf(messages)
  const replacement = compactionTurns(messages[k]!.raw)
  if (replacement.length === 0) return turnsOf(messages)
  return [...replacement, ...turnsOf(messages.slice(k + 1))]
}

/** Whether anything was said after the last compaction (else compacting again is pointless). */
export const hasTurnsSinceCompaction = (messages: readonly StoredMessage[]): boolean =>
  turnsOf(messages.slice(lastCompaction(messages) + 1)).length > 0
