import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import { ChatStore, ftsQuery } from '@main/services/chat/ChatStore'
import { SNIPPET_MARK_END, SNIPPET_MARK_START } from '@shared/chat/types'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'

let dir: string
let store: ChatStore

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'chat-store-'))
  store = new ChatStore(join(dir, 'chat.sqlite'))
})
afterEach(() => {
  store.close()
  rmSync(dir, { recursive: true, force: true })
})

function conversation(id: string, title: string, now: number, texts: string[] = []) {
  store.createConversation({ id, title, model: 'std-6-sol', endpoint: 'responses', now })
  texts.forEach((content, i) =>
    store.insertMessage({
      id: `${id}-m${i}`,
      conversationId: id,
      role: i % 2 === 0 ? 'user' : 'assistant',
      content,
      status: 'complete',
      model: 'std-6-sol',
      endpoint: 'responses',
      streamed: true,
      now: now + i,
    }),
  )
}

describe('ChatStore', () => {
  it('is a WAL database in the given file, and keeps conversations across a reopen', () => {
    expect(store.db.pragma('journal_mode', { simple: true })).toBe('wal')
    conversation('a', 'Alpha', 1000, ['hello', 'hi there'])
    store.close()
    store = new ChatStore(join(dir, 'chat.sqlite'))
    const [a] = store.listConversations()
    expect(a).toMatchObject({ id: 'a', title: 'Alpha', messageCount: 2, preview: 'hi there' })
    expect(store.messages('a').map((m) => [m.seq, m.role, m.content])).toEqual([
      [1, 'user', 'hello'],
      [2, 'assistant', 'hi there'],
    ])
  })

  it('lists the most recently active conversation first', () => {
    conversation('old', 'Old', 1000, ['one'])
    conversation('new', 'New', 2000, ['two'])
    expect(store.listConversations().map((c) => c.id)).toEqual(['new', 'old'])
    store.insertMessage({
      id: 'x',
      conversationId: 'old',
      role: 'user',
      content: 'again',
      status: 'complete',
      model: null,
      endpoint: null,
      streamed: false,
      now: 3000,
    })
    expect(store.listConversations().map((c) => c.id)).toEqual(['old', 'new'])
  })

  it('finds words in message text by prefix, ignoring accents, one hit per conversation', () => {
    conversation('a', 'Cooking', 1000, ['How do I make crème brûlée?', 'Caramelise the sugar.'])
    conversation('b', 'Travel', 2000, ['Best trains in Japan', 'The shinkansen is fast.'])
    const hits = store.search('creme brul', 10)
    expect(hits).toHaveLength(1)
    expect(hits[0]).toMatchObject({ conversationId: 'a', title: 'Cooking', messageId: 'a-m0' })
    expect(hits[0]!.snippet).toContain(`${SNIPPET_MARK_START}crème${SNIPPET_MARK_END}`)
    expect(store.search('shinkan', 10).map((h) => h.conversationId)).toEqual(['b'])
    // Every word must match.
    expect(store.search('japan sugar', 10)).toEqual([])
  })

  it('treats FTS syntax in the search box as plain words', () => {
    conversation('a', 'Syntax', 1000, ['use NEAR and AND OR NOT in "quotes" col:value'])
    for (const q of ['"', 'NEAR(', 'AND', '*', 'col:value', '(((', '-x', '^a']) {
      expect(() => store.search(q, 10)).not.toThrow()
    }
    expect(store.search('col:value', 10).map((h) => h.conversationId)).toEqual(['a'])
    // A NUL or other control character (issue #13: it gave "internal") is a word break.
    expect(store.search('col:value\u0000', 10).map((h) => h.conversationId)).toEqual(['a'])
    expect(store.search('NEAR\u0000and\u0007', 10).map((h) => h.conversationId)).toEqual(['a'])
    expect(store.search('\u0000', 10)).toEqual([])
    expect(ftsQuery('  ')).toBeNull()
    expect(ftsQuery('a"b c')).toBe('"ab"* "c"*')
  })

  it('matches titles too, and keeps the index in step when text changes', () => {
    conversation('a', 'Quarterly report', 1000, ['draft'])
    expect(store.search('quarterly', 10)[0]).toMatchObject({ conversationId: 'a', messageId: null })
    store.updateMessage('a-m0', { content: 'final wording', now: 1100 })
    expect(store.search('draft', 10)).toEqual([])
    expect(store.search('wording', 10).map((h) => h.messageId)).toEqual(['a-m0'])
  })

  it('soft-deletes with an undo token, hides the conversation, restores it, purges later', () => {
    conversation('a', 'Alpha', 1000, ['findable words'])
    expect(store.softDelete('a', 'tok-1', 5000)).toBe(true)
    expect(store.listConversations()).toEqual([])
    expect(store.summary('a')).toBeNull()
    expect(store.search('findable', 10)).toEqual([])
    expect(store.undoDelete('nope')).toBeNull()
    expect(store.undoDelete('tok-1')).toBe('a')
    expect(store.undoDelete('tok-1')).toBeNull()
    expect(store.search('findable', 10)).toHaveLength(1)

    store.softDelete('a', 'tok-2', 5000)
    expect(store.purgeDeleted(5000)).toBe(0)
    expect(store.purgeDeleted(5001)).toBe(1)
    expect(store.undoDelete('tok-2')).toBeNull()
    expect(store.messages('a')).toEqual([])
    // The FTS index lost the rows as well (an external-content index would otherwise fail here).
    const { n } = store.db.prepare(`SELECT count(*) AS n FROM messages_fts`).get() as { n: number }
    expect(n).toBe(0)
  })

  it('marks replies that were arriving at a crash incomplete (text kept) or failed (no text)', () => {
    conversation('a', 'Alpha', 1000, ['question'])
    store.insertMessage({
      id: 'partial',
      conversationId: 'a',
      role: 'assistant',
      content: 'half an ans',
      status: 'streaming',
      model: 'std-6-sol',
      endpoint: 'responses',
      streamed: true,
      now: 1100,
    })
    store.insertMessage({
      id: 'nothing',
      conversationId: 'a',
      role: 'assistant',
      content: '',
      status: 'pending',
      model: 'std-6-sol',
      endpoint: 'responses',
      streamed: true,
      now: 1200,
    })
    const error = { code: 'cancelled' as const, message: 'closed' }
    expect(store.recoverInterrupted(error, 2000)).toBe(2)
    expect(store.message('partial')).toMatchObject({
      status: 'incomplete',
      content: 'half an ans',
      error,
    })
    expect(store.message('nothing')).toMatchObject({ status: 'error', error })
    expect(store.message('a-m0')!.status).toBe('complete')
  })

  it('stores values (the model list cache) as JSON', () => {
    expect(store.getValue('models')).toBeNull()
    store.setValue('models', { ids: ['a'], fetchedAt: 1 })
    store.setValue('models', { ids: ['b'], fetchedAt: 2 })
    expect(store.getValue('models')).toEqual({ ids: ['b'], fetchedAt: 2 })
  })
})
