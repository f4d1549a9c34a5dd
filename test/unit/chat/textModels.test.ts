import { describe, expect, it } from 'vitest'

import type { StoredMessage } from '../../../src/main/services/chat/ChatStore'
import { compactionTurns, historyTurns } from '../../../src/main/services/chat/history'
import { titleFrom } from '../../../src/shared/chat/limits'
import {
  canCompact,
  defaultEndpoint,
  endpointFor,
  isValidPair,
  TEXT_MODELS,
  textEndpointsFor,
} from '../../../src/shared/chat/models'

describe('text model / endpoint pairs (from the catalog)', () => {
  it('knows the four text models and which endpoints each accepts', () => {
    expect(TEXT_MODELS.map((m) => m.id)).toEqual([
      'std-6-sol',
      'std-6-astra',
      'std-5.6-sol',
      'lite-v4.1-flash',
    ])
    for (const id of ['std-6-sol', 'std-6-astra', 'std-5.6-sol']) {
      expect(textEndpointsFor(id)).toEqual(['chat.completions', 'responses'])
      expect(canCompact(id)).toBe(true)
    }
    expect(textEndpointsFor('lite-v4.1-flash')).toEqual(['chat.completions'])
    expect(canCompact('lite-v4.1-flash')).toBe(false)
    expect(isValidPair('lite-v4.1-flash', 'responses')).toBe(false)
    expect(textEndpointsFor('std-image-2')).toEqual([])
    expect(defaultEndpoint('std-image-2')).toBeNull()
  })

  it('keeps a wanted endpoint only where the model accepts it', () => {
    expect(endpointFor('std-6-sol', 'responses')).toBe('responses')
    expect(endpointFor('lite-v4.1-flash', 'responses')).toBe('chat.completions')
    expect(endpointFor('std-6-sol', undefined)).toBe('chat.completions')
  })

  it('titles a conversation from the first line of its first message', () => {
    expect(titleFrom('  Plan a trip\nto Kyoto')).toBe('Plan a trip')
    expect(titleFrom('   ')).toBe('New conversation')
    expect(titleFrom('x'.repeat(80))).toHaveLength(60)
  })
})

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
