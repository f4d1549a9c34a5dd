import { applyDelta, applyUpdated, upsertSummary } from '@renderer/stores/chat/reducers'
import type { ChatMessageView, ConversationView } from '@shared/chat/types'
import { describe, expect, it } from 'vitest'

const message = (
  id: string,
  seq: number,
  content: string,
  status: ChatMessageView['status'] = 'complete',
): ChatMessageView => ({
  id,
  conversationId: 'c',
  seq,
  role: seq % 2 ? 'user' : 'assistant',
  content,
  status,
  error: null,
  model: 'std-6-sol',
  endpoint: 'chat.completions',
  streamed: true,
  createdAt: seq,
  updatedAt: seq,
})

const view = (messages: ChatMessageView[]): ConversationView => ({
  id: 'c',
  title: 'T',
  model: 'std-6-sol',
  endpoint: 'chat.completions',
  createdAt: 0,
  updatedAt: 0,
  messageCount: messages.length,
  preview: '',
  busy: true,
  messages,
})

describe('chat store reducers', () => {
  const base = view([message('u', 1, 'hi'), message('a', 2, 'Hel', 'pending')])

  it('appends a delta that continues the text and marks the reply streaming', () => {
    const { current, resync } = applyDelta(base, {
      conversationId: 'c',
      messageId: 'a',
      offset: 3,
      append: 'lo',
    })
    expect(resync).toBe(false)
    expect(current!.messages[1]).toMatchObject({ content: 'Hello', status: 'streaming' })
  })

  it('skips a delta already contained in a fresher snapshot and trims an overlapping one', () => {
    expect(
      applyDelta(base, { conversationId: 'c', messageId: 'a', offset: 0, append: 'He' }).current,
    ).toBe(base)
    const { current } = applyDelta(base, {
      conversationId: 'c',
      messageId: 'a',
      offset: 1,
      append: 'ello',
    })
    expect(current!.messages[1]!.content).toBe('Hello')
  })

  it('asks for a refetch on a gap or an unknown message, and ignores other conversations', () => {
    expect(
      applyDelta(base, { conversationId: 'c', messageId: 'a', offset: 9, append: 'x' }).resync,
    ).toBe(true)
    expect(
      applyDelta(base, { conversationId: 'c', messageId: 'zz', offset: 0, append: 'x' }).resync,
    ).toBe(true)
    const other = applyDelta(base, { conversationId: 'd', messageId: 'a', offset: 3, append: 'x' })
    expect(other).toEqual({ current: base, resync: false })
  })

  it('applies updates: replaces the message, removes the replaced ones, keeps seq order', () => {
    const summary = { ...base, busy: false, messages: undefined }
    const next = applyUpdated(base, {
      conversation: summary,
      message: message('b', 3, 'new reply', 'complete'),
      removedMessageIds: ['a'],
    })!
    expect(next.busy).toBe(false)
    expect(next.messages.map((m) => m.id)).toEqual(['u', 'b'])
    const final = applyUpdated(next, {
      conversation: summary,
      message: message('b', 3, 'final', 'stopped'),
      removedMessageIds: [],
    })!
    expect(final.messages[1]).toMatchObject({ content: 'final', status: 'stopped' })
  })

  it('keeps the conversation list most recent first', () => {
    const a = { ...base, id: 'a', updatedAt: 1 }
    const b = { ...base, id: 'b', updatedAt: 2 }
    expect(upsertSummary([b, a], { ...a, updatedAt: 3 }).map((c) => c.id)).toEqual(['a', 'b'])
  })
})
