import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import { MainEvents } from '@main/events'
import type { ChatService } from '@main/services/chat/ChatService'
import { createChatService } from '@main/services/chat/createChatService'
import { ServiceClient } from '@main/services/client/ServiceClient'
import type { ChatDeltaEvent } from '@shared/chat/types'
import { type Simulator, startSimulator } from '@simulator'
import { replyFor } from '@simulator/routes/text'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'

let sim: Simulator
let dir: string
let events: MainEvents
let deltas: ChatDeltaEvent[]
let key: string
let chat: ChatService
let client: ServiceClient

beforeAll(async () => {
  // Fast latency, but streamed words arrive 60 ms apart over real HTTP (slower than coalescing).
  sim = await startSimulator({ timeScale: 0.05, timings: { textChunkMs: 1200 } })
})
afterAll(() => sim.close())

function open(): ChatService {
  events = new MainEvents()
  deltas = []
  events.forward((event, payload) => {
    if (event === 'chat:delta') deltas.push(payload as ChatDeltaEvent)
  })
  client = new ServiceClient({ connection: async () => ({ baseUrl: sim.baseUrl, key }) })
  return createChatService({ userDataDir: dir, events, client })
}

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'chat-sim-'))
  key = sim.accounts.full.key
  sim.faults.clear()
  chat = open()
})
afterEach(async () => {
  await chat.close()
  await client.close()
  rmSync(dir, { recursive: true, force: true })
})

async function reply(conversationId: string) {
  await chat.idle(conversationId)
  return chat.get(conversationId).messages.at(-1)!
}

describe('chat against the simulator over loopback', () => {
  it('lists the account’s text models', async () => {
    expect((await chat.models()).models.map((m) => m.id)).toEqual([
      'std-6-sol',
      'std-6-astra',
      'std-5.6-sol',
      'lite-v4.1-flash',
    ])
    key = sim.accounts.restricted.key
    events.emit('settings:changed', null as never)
    const restricted = await chat.models()
    expect(restricted.models.map((m) => m.id)).toEqual(['std-6-sol', 'lite-v4.1-flash'])
    // The picker's limits are enforced by main too.
    await expect(
      chat.send({ text: 'hi', model: 'std-6-astra', stream: true }),
    ).rejects.toMatchObject({ error: { code: 'model_unavailable' } })
  })

  it('streams a chat completion as several deltas and stores the whole reply', async () => {
    const sent = await chat.send({ text: 'Write one line', model: 'lite-v4.1-flash', stream: true })
    const m = await reply(sent.conversation.id)
    const expected = replyFor('lite-v4.1-flash', 'Write one line')
    expect(m).toMatchObject({ status: 'complete', content: expected, error: null })
    const mine = deltas.filter((d) => d.messageId === m.id)
    expect(mine.length).toBeGreaterThan(3)
    expect(mine.map((d) => d.append).join('')).toBe(expected)
  })

  it('answers plainly on chat completions and on responses, and continues a conversation', async () => {
    const a = await chat.send({ text: 'plain please', model: 'std-6-astra', stream: false })
    expect((await reply(a.conversation.id)).content).toBe(replyFor('std-6-astra', 'plain please'))
    const b = await chat.send({
      conversationId: a.conversation.id,
      text: 'and via responses',
      endpoint: 'responses',
      stream: true,
    })
    expect(b.conversation.endpoint).toBe('responses')
    const m = await reply(a.conversation.id)
    expect(m).toMatchObject({ status: 'complete', endpoint: 'responses' })
    expect(m.content).toBe(replyFor('std-6-astra', 'and via responses'))
  })

  it('compacts with /v1/responses/compact, stores what came back and goes on from it', async () => {
    const a = await chat.send({ text: 'a long story', model: 'std-5.6-sol', stream: false })
    await reply(a.conversation.id)
    const view = await chat.compact(a.conversation.id)
    const compaction = view.messages.at(-1)!
    expect(compaction.role).toBe('compaction')
    expect(compaction.compactedItems).toBe(1)
    expect(compaction.content).toContain('Summary of the conversation:')
    await chat.send({ conversationId: a.conversation.id, text: 'go on', stream: true })
    expect(await reply(a.conversation.id)).toMatchObject({
      status: 'complete',
      content: replyFor('std-5.6-sol', 'go on'),
    })
    // Reopening (a restart) reads the compaction back from disk.
    await chat.close()
    chat = open()
    expect(chat.get(a.conversation.id).messages.map((m) => m.role)).toEqual([
      'user',
      'assistant',
      'compaction',
      'user',
      'assistant',
    ])
  })

  it('keeps the partial reply, marked incomplete, when the stream is cut mid-reply', async () => {
    sim.faults.inject({ kind: 'sse-drop', route: 'POST /v1/chat/completions', afterEvents: 4 })
    const sent = await chat.send({ text: 'cut me off please', model: 'std-6-sol', stream: true })
    const m = await reply(sent.conversation.id)
    const full = replyFor('std-6-sol', 'cut me off please')
    expect(m.status).toBe('incomplete')
    expect(m.content.length).toBeGreaterThan(0)
    expect(m.content.length).toBeLessThan(full.length)
    expect(full.startsWith(m.content)).toBe(true)
    expect(m.error).toMatchObject({ code: 'network' })
    expect(m.error!.action).toMatch(/partial reply is kept.*Regenerate/)
    expect(sim.faults.fired().map((f) => f.kind)).toEqual(['sse-drop'])

    // Regenerate replaces it with a full reply.
    await chat.regenerate({ conversationId: sent.conversation.id, stream: true })
    expect(await reply(sent.conversation.id)).toMatchObject({ status: 'complete', content: full })
  })

  it('shows a 429 in the conversation with the wait the service asked for', async () => {
    sim.faults.inject({
      kind: 'status',
      status: 429,
      retryAfterSeconds: 7,
      route: 'POST /v1/chat/completions',
    })
    const sent = await chat.send({ text: 'too fast', model: 'std-6-sol', stream: true })
    const m = await reply(sent.conversation.id)
    expect(m).toMatchObject({ status: 'error', content: '' })
    expect(m.error).toMatchObject({ code: 'rate_limited', status: 429, retryAfterMs: 7000 })
    expect(m.error!.action).toContain('Wait 7 s')
  })

  it('Stop closes the HTTP stream and keeps what arrived', async () => {
    const sent = await chat.send({
      text: 'a reply with quite a few words in it to stream slowly',
      model: 'std-6-sol',
      stream: true,
    })
    const started = Date.now()
    while (!deltas.some((d) => d.messageId === sent.assistantMessageId)) {
      if (Date.now() - started > 10_000) throw new Error('no delta arrived')
      await new Promise((r) => setTimeout(r, 20))
    }
    const t0 = Date.now()
    expect(await chat.stop(sent.conversation.id)).toEqual({ stopped: true })
    expect(Date.now() - t0).toBeLessThan(1000)
    const m = chat.get(sent.conversation.id).messages.at(-1)!
    expect(m.status).toBe('stopped')
    expect(m.content.length).toBeGreaterThan(0)
    const full = replyFor('std-6-sol', 'a reply with quite a few words in it to stream slowly')
    expect(m.content.length).toBeLessThan(full.length)
  })

  it('401 and 403 are shown with what to do', async () => {
    key = 'sk-wrong-key-000000000000000000000'
    const models = await chat.models(true)
    expect(models.error).toMatchObject({ code: 'auth' })
    const a = await chat.send({ text: 'hello', model: 'std-6-sol', stream: true })
    expect((await reply(a.conversation.id)).error).toMatchObject({
      code: 'auth',
      status: 401,
      action: 'Check the key in Settings.',
    })

    // The cached list says std-6-astra, but the key in use now may not call it.
    key = sim.accounts.full.key
    await chat.models(true)
    key = sim.accounts.restricted.key
    const b = await chat.send({ text: 'hello', model: 'std-6-astra', stream: false })
    const m = await reply(b.conversation.id)
    expect(m.error).toMatchObject({ code: 'forbidden', status: 403 })
    expect(m.error!.action).toMatch(/restrictions|permissions/)
    // The refusal invalidates the list: the next send is refused locally.
    await expect(
      chat.send({ conversationId: b.conversation.id, text: 'again', stream: false }),
    ).rejects.toMatchObject({ error: { code: 'model_unavailable' } })
  })

  it('reads stored conversations offline, with the last model list', async () => {
    const a = await chat.send({ text: 'keep me', model: 'lite-v4.1-flash', stream: false })
    await reply(a.conversation.id)
    await chat.models()
    await chat.close()
    key = ''
    await client.close()
    client = new ServiceClient({ connection: async () => null })
    chat = createChatService({ userDataDir: dir, events, client })
    expect(chat.list().map((c) => c.title)).toEqual(['keep me'])
    expect(chat.get(a.conversation.id).messages).toHaveLength(2)
    expect(chat.search('keep')).toHaveLength(1)
    const models = await chat.models()
    expect(models.source).toBe('cache')
    expect(models.models).toHaveLength(4)
    expect(models.error).toMatchObject({ code: 'not_connected' })
  })
})
