import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import { MainEvents } from '@main/events'
import { ChatService } from '@main/services/chat/ChatService'
import { ChatStore } from '@main/services/chat/ChatStore'
import type { ChatDeltaEvent, ChatUpdatedEvent } from '@shared/chat/types'
import { AppFailure } from '@shared/result'
import { FakeGateway } from '@test/support/FakeTextGateway'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'

let dir: string
let gateway: FakeGateway
let events: MainEvents
let deltas: ChatDeltaEvent[]
let updates: ChatUpdatedEvent[]
const services: ChatService[] = []

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

function open(options: { persistMs?: number; flushMs?: number; purgeAfterMs?: number } = {}) {
  const service = new ChatService({
    store: new ChatStore(join(dir, 'chat.sqlite')),
    gateway,
    events,
    flushMs: options.flushMs ?? 20,
    persistMs: options.persistMs ?? 60,
    purgeAfterMs: options.purgeAfterMs ?? 60_000,
  })
  services.push(service)
  return service
}

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'chat-service-'))
  gateway = new FakeGateway()
  events = new MainEvents()
  deltas = []
  updates = []
  events.forward((event, payload) => {
    if (event === 'chat:delta') deltas.push(payload as ChatDeltaEvent)
    if (event === 'chat:updated') updates.push(payload as ChatUpdatedEvent)
  })
})
afterEach(async () => {
  for (const s of services.splice(0)) await s.close()
  rmSync(dir, { recursive: true, force: true })
})

const failure = (code: 'network' | 'rate_limited' | 'auth', extra = {}) =>
  new AppFailure({ code, message: `${code} from the client`, action: 'client action', ...extra })

describe('ChatService replies', () => {
  it('streams a reply as coalesced deltas whose concatenation is the stored text', async () => {
    const chat = open()
    const stream = gateway.nextStream()
    const sent = await chat.send({
      text: 'Tell me a story',
      model: 'std-6-sol',
      endpoint: 'chat.completions',
      stream: true,
    })
    expect(sent.conversation.title).toBe('Tell me a story')
    expect(sent.conversation.busy).toBe(true)
    const words = Array.from({ length: 200 }, (_, i) => `w${i} `)
    stream.push(...words)
    await sleep(50)
    stream.push('end.')
    stream.end()
    await chat.idle(sent.conversation.id)

    const full = words.join('') + 'end.'
    const mine = deltas.filter((d) => d.messageId === sent.assistantMessageId)
    expect(mine.map((d) => d.append).join('')).toBe(full)
    // 201 deltas from the service became a handful of events, each continuing the previous one.
    expect(mine.length).toBeLessThanOrEqual(4)
    let offset = 0
    for (const d of mine) {
      expect(d.offset).toBe(offset)
      offset += d.append.length
    }
    const view = chat.get(sent.conversation.id)
    expect(view.busy).toBe(false)
    expect(view.messages.map((m) => [m.role, m.status, m.content])).toEqual([
      ['user', 'complete', 'Tell me a story'],
      ['assistant', 'complete', full],
    ])
    const last = updates.at(-1)!
    expect(last.message).toMatchObject({
      id: sent.assistantMessageId,
      status: 'complete',
      content: full,
    })
    expect(last.conversation.busy).toBe(false)
    expect(gateway.calls[0]).toEqual({
      kind: 'chatStream',
      model: 'std-6-sol',
      messages: [{ role: 'user', content: 'Tell me a story' }],
    })
  })

  it('writes the partial text to disk while streaming, so a crash keeps it (marked incomplete)', async () => {
    const chat = open({ persistMs: 40 })
    const stream = gateway.nextStream()
    const sent = await chat.send({ text: 'q', model: 'lite-v4.1-flash', stream: true })
    stream.push('The first half ')
    await sleep(120)
    // Another connection to the same file sees the partial text: it is committed, not in memory.
    const reader = new ChatStore(join(dir, 'chat.sqlite'))
    expect(reader.message(sent.assistantMessageId)).toMatchObject({
      status: 'streaming',
      content: 'The first half ',
    })
    reader.close()
    // get() includes text that has not reached disk yet.
    stream.push('and more')
    await sleep(5)
    expect(chat.get(sent.conversation.id).messages[1]!.content).toBe('The first half and more')

    // "Crash": a new service opens the file while the old one never finished.
    const after = new ChatService({
      store: new ChatStore(join(dir, 'chat.sqlite')),
      gateway,
      events,
    })
    services.push(after)
    const m = after.get(sent.conversation.id).messages[1]!
    expect(m.status).toBe('incomplete')
    expect(m.content).toMatch(/^The first half /)
    expect(m.error?.action).toContain('partial reply is kept')
  })

  it('Stop aborts the request and keeps the partial reply as stopped', async () => {
    const chat = open()
    const stream = gateway.nextStream()
    const sent = await chat.send({
      text: 'q',
      model: 'std-6-sol',
      endpoint: 'chat.completions',
      stream: true,
    })
    stream.push('partial ')
    await sleep(30)
    expect(await chat.stop(sent.conversation.id)).toEqual({ stopped: true })
    expect(stream.signal?.aborted).toBe(true)
    const m = chat.get(sent.conversation.id).messages[1]!
    expect(m).toMatchObject({ status: 'stopped', content: 'partial ', error: null })
    expect(await chat.stop(sent.conversation.id)).toEqual({ stopped: false })
  })

  it('a connection lost mid-stream leaves the partial reply marked incomplete with what to do', async () => {
    const chat = open()
    const stream = gateway.nextStream()
    const sent = await chat.send({
      text: 'q',
      model: 'std-6-sol',
      endpoint: 'chat.completions',
      stream: true,
    })
    stream.push('Half of it')
    stream.fail(failure('network'))
    await chat.idle(sent.conversation.id)
    const m = chat.get(sent.conversation.id).messages[1]!
    expect(m.status).toBe('incomplete')
    expect(m.content).toBe('Half of it')
    expect(m.error).toMatchObject({ code: 'network' })
    expect(m.error!.message).toContain('lost while the reply was arriving')
    expect(m.error!.action).toMatch(/partial reply is kept.*Regenerate/)
  })

  it('a 429 before any text is a failed reply that says how long to wait', async () => {
    const chat = open()
    const stream = gateway.nextStream()
    const sent = await chat.send({
      text: 'q',
      model: 'std-6-sol',
      endpoint: 'chat.completions',
      stream: true,
    })
    stream.fail(failure('rate_limited', { retryAfterMs: 2500, status: 429 }))
    await chat.idle(sent.conversation.id)
    const m = chat.get(sent.conversation.id).messages[1]!
    expect(m).toMatchObject({ status: 'error', content: '' })
    expect(m.error).toMatchObject({ code: 'rate_limited', status: 429 })
    expect(m.error!.action).toContain('Wait 3 s')
  })

  it('an auth failure keeps the client’s advice', async () => {
    const chat = open()
    gateway.plain = async () => {
      throw failure('auth')
    }
    const sent = await chat.send({
      text: 'q',
      model: 'std-6-sol',
      endpoint: 'responses',
      stream: false,
    })
    await chat.idle(sent.conversation.id)
    expect(chat.get(sent.conversation.id).messages[1]!.error).toMatchObject({
      code: 'auth',
      action: 'client action',
    })
  })

  it('a model the account may not use tells the user to pick another, and refreshes the list', async () => {
    const chat = open()
    await chat.models()
    gateway.plain = async () => {
      throw new AppFailure({
        code: 'model_unavailable',
        message: 'no access',
        serverCode: 'model_not_found',
        status: 404,
      })
    }
    gateway.models = ['lite-v4.1-flash']
    const sent = await chat.send({ text: 'q', model: 'std-6-sol', stream: false })
    await chat.idle(sent.conversation.id)
    const m = chat.get(sent.conversation.id).messages[1]!
    expect(m).toMatchObject({
      status: 'error',
      error: { code: 'model_unavailable', serverCode: 'model_not_found' },
    })
    expect(m.error!.action).toMatch(/Pick another model.*resending will not help/)
    // The refusal made the cached list stale: it is fetched again and std-6-sol is gone.
    expect((await chat.models()).models.map((o) => o.id)).toEqual(['lite-v4.1-flash'])
  })

  it('uses the plain endpoints when streaming is off, and responses without a streaming variant', async () => {
    const chat = open()
    const a = await chat.send({ text: 'one', model: 'lite-v4.1-flash', stream: false })
    await chat.idle(a.conversation.id)
    expect(chat.get(a.conversation.id).messages[1]).toMatchObject({
      content: 'plain chat reply',
      status: 'complete',
      streamed: false,
    })
    const b = await chat.send({
      text: 'two',
      model: 'std-6-astra',
      endpoint: 'responses',
      stream: true,
    })
    await chat.idle(b.conversation.id)
    expect(chat.get(b.conversation.id).messages[1]).toMatchObject({
      content: 'plain responses reply',
      streamed: false,
    })
    expect(gateway.calls.map((c) => c.kind)).toEqual(['chat', 'responses'])
    expect(gateway.calls[1]).toMatchObject({ input: [{ role: 'user', content: 'two' }] })
  })
})

describe('ChatService models and pairs', () => {
  it('never sends an invalid model/endpoint pair', async () => {
    const chat = open()
    await expect(
      chat.send({ text: 'x', model: 'lite-v4.1-flash', endpoint: 'responses', stream: true }),
    ).rejects.toMatchObject({ error: { code: 'validation' } })
    await expect(
      chat.send({ text: 'x', model: 'std-image-2', stream: true }),
    ).rejects.toMatchObject({ error: { code: 'validation' } })
    expect(gateway.calls).toEqual([])
    // The app picks chat completions (it streams) unless Responses is asked for...
    const first = await chat.send({ text: 'x', model: 'std-6-sol', stream: false })
    expect(first.conversation.endpoint).toBe('chat.completions')
    await chat.idle(first.conversation.id)
    const a = await chat.send({
      text: 'x',
      model: 'std-6-sol',
      endpoint: 'responses',
      stream: false,
    })
    expect(a.conversation.endpoint).toBe('responses')
    await chat.idle(a.conversation.id)
    // ...a conversation keeps its endpoint, and switching it to a chat-only model moves it to
    // chat completions.
    const b = await chat.send({
      conversationId: a.conversation.id,
      text: 'y',
      model: 'lite-v4.1-flash',
      stream: false,
    })
    await chat.idle(a.conversation.id)
    expect(b.conversation).toMatchObject({ model: 'lite-v4.1-flash', endpoint: 'chat.completions' })
    expect(gateway.calls.map((c) => `${c.kind}:${c.model}`)).toEqual([
      'chat:std-6-sol',
      'responses:std-6-sol',
      'chat:lite-v4.1-flash',
    ])
  })

  it('lists only the account’s text models, and the last list offline', async () => {
    gateway.models = ['std-6-sol', 'lite-v4.1-flash', 'std-image-2', 'unknown-x']
    const chat = open()
    const fresh = await chat.models()
    expect(fresh.source).toBe('account')
    expect(fresh.models).toEqual([
      {
        id: 'std-6-sol',
        label: 'Standard 6 Sol',
        endpoints: ['chat.completions', 'responses'],
        compact: true,
      },
      {
        id: 'lite-v4.1-flash',
        label: 'Lite v4.1 Flash',
        endpoints: ['chat.completions'],
        compact: false,
      },
    ])
    await expect(
      chat.send({ text: 'x', model: 'std-6-astra', stream: false }),
    ).rejects.toMatchObject({ error: { code: 'model_unavailable' } })

    // Next start, offline: the cached list is still offered, with the reason it is not fresh.
    gateway.models = new AppFailure({ code: 'network', message: 'offline' })
    const later = open()
    // At once, with no request: the stored list.
    expect(later.cachedModels()).toMatchObject({ source: 'cache', error: null })
    expect(later.cachedModels().models.map((m) => m.id)).toEqual(['std-6-sol', 'lite-v4.1-flash'])
    const cached = await later.models()
    expect(cached.source).toBe('cache')
    expect(cached.models.map((m) => m.id)).toEqual(['std-6-sol', 'lite-v4.1-flash'])
    expect(cached.error).toMatchObject({ code: 'network' })
  })

  it('reports no models (not a guess) when the list was never fetched', async () => {
    gateway.models = new AppFailure({ code: 'not_connected', message: 'no key' })
    const view = await open().models()
    expect(view).toMatchObject({ models: [], source: 'none', error: { code: 'not_connected' } })
  })
})

describe('ChatService conversation editing', () => {
  async function twoTurns(chat: ChatService) {
    const a = await chat.send({ text: 'first', model: 'lite-v4.1-flash', stream: false })
    await chat.idle(a.conversation.id)
    const b = await chat.send({ conversationId: a.conversation.id, text: 'second', stream: false })
    await chat.idle(a.conversation.id)
    gateway.calls = []
    return { id: a.conversation.id, b }
  }

  it('regenerate replaces the last reply and sends the same history', async () => {
    const chat = open()
    const { id, b } = await twoTurns(chat)
    gateway.plain = async () => ({ text: 'another take', raw: {} })
    const r = await chat.regenerate({ conversationId: id, stream: false })
    await chat.idle(id)
    expect(r.userMessageId).toBe(b.userMessageId)
    const view = chat.get(id)
    expect(view.messages.map((m) => m.content)).toEqual([
      'first',
      'plain chat reply',
      'second',
      'another take',
    ])
    expect(gateway.calls[0]).toMatchObject({
      messages: [
        { role: 'user', content: 'first' },
        { role: 'assistant', content: 'plain chat reply' },
        { role: 'user', content: 'second' },
      ],
    })
    expect(updates.some((u) => u.removedMessageIds.includes(b.assistantMessageId))).toBe(true)
  })

  it('edit and resend changes the last user message and asks again', async () => {
    const chat = open()
    const { id } = await twoTurns(chat)
    await chat.editLast({ conversationId: id, text: 'second, edited', stream: false })
    await chat.idle(id)
    expect(chat.get(id).messages.map((m) => m.content)).toEqual([
      'first',
      'plain chat reply',
      'second, edited',
      'plain chat reply',
    ])
    expect(gateway.calls[0]).toMatchObject({
      messages: [{}, {}, { role: 'user', content: 'second, edited' }],
    })
  })

  it('refuses a second request while a reply arrives', async () => {
    const chat = open()
    const stream = gateway.nextStream()
    const sent = await chat.send({
      text: 'q',
      model: 'std-6-sol',
      endpoint: 'chat.completions',
      stream: true,
    })
    await expect(
      chat.send({ conversationId: sent.conversation.id, text: 'again', stream: true }),
    ).rejects.toMatchObject({ error: { code: 'validation' } })
    await expect(
      chat.regenerate({ conversationId: sent.conversation.id, stream: true }),
    ).rejects.toMatchObject({
      error: { code: 'validation' },
    })
    stream.end()
    await chat.idle(sent.conversation.id)
  })

  it('compacts with the responses models only, stores what came back, and continues from it', async () => {
    const chat = open()
    const { id } = await twoTurns(chat)
    await expect(chat.compact(id)).rejects.toMatchObject({ error: { code: 'unsupported' } })

    const s = await chat.send({
      conversationId: id,
      text: 'third',
      model: 'std-6-sol',
      endpoint: 'responses',
      stream: false,
    })
    await chat.idle(s.conversation.id)
    gateway.calls = []
    const view = await chat.compact(id)
    const compaction = view.messages.at(-1)!
    expect(compaction).toMatchObject({ role: 'compaction', content: 'SUMMARY', compactedItems: 1 })
    expect(gateway.calls[0]).toMatchObject({ kind: 'compact', model: 'std-6-sol' })
    expect((gateway.calls[0] as { input: unknown[] }).input).toHaveLength(6)
    // The raw output is stored verbatim with the conversation.
    const reader = new ChatStore(join(dir, 'chat.sqlite'))
    expect(reader.message(compaction.id)!.raw).toEqual([
      { type: 'message', role: 'assistant', content: [{ type: 'output_text', text: 'SUMMARY' }] },
    ])
    reader.close()
    await expect(chat.compact(id)).rejects.toMatchObject({ error: { code: 'validation' } })
    // A reply from before the compaction cannot be regenerated away.
    await expect(chat.regenerate({ conversationId: id, stream: false })).rejects.toMatchObject({
      error: { code: 'validation' },
    })

    gateway.calls = []
    await chat.send({ conversationId: id, text: 'fourth', stream: false })
    await chat.idle(id)
    expect(gateway.calls[0]).toMatchObject({
      kind: 'responses',
      input: [
        { role: 'assistant', content: 'SUMMARY' },
        { role: 'user', content: 'fourth' },
      ],
    })
    // After the compaction, the new turn can be edited as usual.
    await chat.editLast({ conversationId: id, text: 'fourth, edited', stream: false })
    await chat.idle(id)
    expect(chat.get(id).messages.map((m) => m.role)).toEqual([
      'user',
      'assistant',
      'user',
      'assistant',
      'user',
      'assistant',
      'compaction',
      'user',
      'assistant',
    ])
  })

  it('delete stops the reply, hides the conversation, and undo brings it back', async () => {
    const chat = open()
    const stream = gateway.nextStream()
    const sent = await chat.send({
      text: 'secret plans',
      model: 'std-6-sol',
      endpoint: 'chat.completions',
      stream: true,
    })
    stream.push('partial')
    await sleep(30)
    const receipt = await chat.delete(sent.conversation.id)
    expect(stream.signal?.aborted).toBe(true)
    expect(chat.list()).toEqual([])
    expect(chat.search('secret')).toEqual([])
    expect(() => chat.get(sent.conversation.id)).toThrow(AppFailure)
    const restored = chat.undoDelete(receipt.undoToken)
    expect(restored.id).toBe(sent.conversation.id)
    expect(chat.get(sent.conversation.id).messages[1]).toMatchObject({
      status: 'stopped',
      content: 'partial',
    })
    expect(() => chat.undoDelete(receipt.undoToken)).toThrow(AppFailure)
  })

  it('renames, and refuses unknown conversations with not_found', async () => {
    const chat = open()
    const created = chat.create({ model: 'std-5.6-sol' })
    expect(created).toMatchObject({
      endpoint: 'chat.completions',
      title: 'New conversation',
      messages: [],
    })
    expect(chat.rename(created.id, '  Plans  ').title).toBe('Plans')
    expect(() => chat.rename('nope', 'x')).toThrow(
      expect.objectContaining({ error: expect.objectContaining({ code: 'not_found' }) }),
    )
  })

  it('closing the app during a reply keeps it as incomplete', async () => {
    const chat = open()
    const stream = gateway.nextStream()
    const sent = await chat.send({
      text: 'q',
      model: 'std-6-sol',
      endpoint: 'chat.completions',
      stream: true,
    })
    stream.push('so far')
    await sleep(30)
    await chat.close()
    const reader = new ChatStore(join(dir, 'chat.sqlite'))
    expect(reader.message(sent.assistantMessageId)).toMatchObject({
      status: 'incomplete',
      content: 'so far',
      error: { code: 'cancelled' },
    })
    reader.close()
  })
})
