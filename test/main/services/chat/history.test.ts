import type { StoredMessage } from '@main/services/chat/ChatStore'
import { compactionTurns, historyTurns } from '@main/services/chat/history'
import { describe, expect, it } from 'vitest'

const stored = (
  role: StoredMessage['role'],
  content: string,
  raw: unknown = null,
): StoredMessage => ({
  id: Math.random().toString(36),
  conversationId: 'c',
  seq: 0,
  role,
  content,
  status: 'complete',
  error: null,
  model: null,
  endpoint: null,
  streamed: false,
  createdAt: 0,
  updatedAt: 0,
  raw,
})

describe('history sent with a request', () => {
  it('sends user and assistant text, partial replies included, empty failures left out', () => {
    const turns = historyTurns([
      stored('user', 'a'),
      stored('assistant', ''),
      stored('user', 'b'),
      stored('assistant', 'part'),
    ])
    expect(turns).toEqual([
      { role: 'user', content: 'a' },
      { role: 'user', content: 'b' },
      { role: 'assistant', content: 'part' },
    ])
  })

  it('replaces what a compaction covered by its message items, and keeps everything when it is opaque', () => {
    const readable = [
      {
        type: 'message',
        role: 'user',
        content: [{ type: 'input_text', text: 'gist of questions' }],
      },
      { type: 'message', role: 'assistant', content: 'gist of answers' },
      { type: 'compaction', encrypted_content: 'opaque' },
    ]
    expect(compactionTurns(readable)).toEqual([
      { role: 'user', content: 'gist of questions' },
      { role: 'assistant', content: 'gist of answers' },
    ])
    const before = [stored('user', 'old q'), stored('assistant', 'old a')]
    expect(
      historyTurns([...before, stored('compaction', '', readable), stored('user', 'new')]),
    ).toEqual([
      { role: 'user', content: 'gist of questions' },
      { role: 'assistant', content: 'gist of answers' },
      { role: 'user', content: 'new' },
    ])
    const opaque = [{ type: 'compaction', encrypted_content: 'x' }]
    expect(
      historyTurns([...before, stored('compaction', '', opaque), stored('user', 'new')]),
    ).toEqual([
      { role: 'user', content: 'old q' },
      { role: 'assistant', content: 'old a' },
      { role: 'user', content: 'new' },
    ])
  })
})
