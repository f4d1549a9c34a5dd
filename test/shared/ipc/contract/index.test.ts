import { existsSync } from 'node:fs'
import { resolve } from 'node:path'

import { describe, expect, it, vi } from 'vitest'
import { z } from 'zod'

vi.mock('electron', () => ({}))

import { dispatch } from '@main/ipc/dispatch'
import { buildApi } from '@shared/ipc/buildApi'
import {
  CHANNELS,
  eventContract,
  EVENTS,
  type Handlers,
  invokeContract,
  splitChannel,
} from '@shared/ipc/contract'
import { AppFailure } from '@shared/result'
import { createTestApp } from '@test/support/testContainer'

describe('IPC contract', () => {
  it('names every channel domain:verb and gives each a zod object schema', () => {
    expect(CHANNELS.length).toBeGreaterThan(5)
    for (const channel of CHANNELS) {
      expect(channel).toMatch(/^[a-z]+:[a-zA-Z]+$/)
      const def = invokeContract[channel]
      expect(def.input, channel).toBeInstanceOf(z.ZodObject)
      expect(def.doc.length, `${channel} has documentation`).toBeGreaterThan(10)
    }
  })

  it('has one file per channel domain, named after it, and documented events', () => {
    const domains = new Set([...CHANNELS, ...EVENTS].map((name) => name.split(':')[0]!))
    const folder = resolve(import.meta.dirname, '../../../../src/shared/ipc/contract')
    for (const domain of domains) {
      expect(existsSync(resolve(folder, `${domain}.ts`)), `contract/${domain}.ts`).toBe(true)
    }
    for (const name of EVENTS) {
      expect(name).toMatch(/^[a-z]+:[a-zA-Z]+$/)
      expect(eventContract[name].doc.length, `${name} has documentation`).toBeGreaterThan(10)
    }
  })

  it('makes a handler map that lacks a channel fail typecheck', () => {
    const complete = Object.fromEntries(CHANNELS.map((c) => [c, () => null])) as unknown as Handlers
    const { 'app:info': dropped, ...lacking } = complete
    // @ts-expect-error -- 'app:info' has no handler, so this map does not satisfy Handlers
    const checked = lacking satisfies Handlers
    expect(typeof dropped).toBe('function')
    expect(Object.keys(checked)).toHaveLength(CHANNELS.length - 1)
  })

  it('has a handler for every channel and nothing else', async () => {
    const app = createTestApp()
    try {
      expect(Object.keys(app.handlers).sort()).toEqual([...CHANNELS].sort())
      for (const channel of CHANNELS) expect(typeof app.handlers[channel]).toBe('function')
    } finally {
      await app.close()
    }
  })

  it.each(CHANNELS.map((c) => [c]))(
    '%s answers a malformed payload with a validation Result',
    async (channel) => {
      const app = createTestApp()
      try {
        // A string is never a valid payload object; an object with an unknown key is refused (strict schemas).
        for (const bad of ['nonsense', 42, null, { __unexpected: true }]) {
          const result = await dispatch(app.handlers, channel, bad, { senderId: 1 })
          expect(result.ok, `${channel} accepted ${JSON.stringify(bad)}`).toBe(false)
          if (!result.ok) expect(result.error.code).toBe('validation')
        }
      } finally {
        await app.close()
      }
    },
  )

  it('refuses unknown channels without throwing', async () => {
    const app = createTestApp()
    try {
      const result = await dispatch(app.handlers, 'settings:exfiltrate', {}, { senderId: 1 })
      expect(result).toMatchObject({ ok: false, error: { code: 'not_found' } })
      const proto = await dispatch(app.handlers, '__proto__', {}, { senderId: 1 })
      expect(proto).toMatchObject({ ok: false, error: { code: 'not_found' } })
    } finally {
      await app.close()
    }
  })

  it('passes an AppFailure through and hides unexpected errors behind a generic message', async () => {
    const app = createTestApp()
    const seen: unknown[] = []
    try {
      const handlers = {
        ...app.handlers,
        'settings:get': () => {
          throw new AppFailure({ code: 'storage', message: 'Disk full', action: 'Free space' })
        },
        'app:info': () => {
          throw new Error('secret internals /home/user/.config')
        },
      }
      const failure = await dispatch(handlers, 'settings:get', {}, { senderId: 1 })
      expect(failure).toEqual({
        ok: false,
        error: { code: 'storage', message: 'Disk full', action: 'Free space' },
      })
      const unexpected = await dispatch(handlers, 'app:info', {}, { senderId: 1 }, (_c, e) =>
        seen.push(e),
      )
      expect(unexpected.ok).toBe(false)
      if (!unexpected.ok) {
        expect(unexpected.error.code).toBe('internal')
        expect(unexpected.error.message).not.toContain('secret internals')
      }
      expect(seen).toHaveLength(1)
    } finally {
      await app.close()
    }
  })

  it('builds an API with exactly one function per channel and a checked event subscription', async () => {
    const calls: Array<[string, unknown]> = []
    const api = buildApi({
      invoke: async (channel, payload) => {
        calls.push([channel, payload])
        return { ok: true, value: null }
      },
      subscribe: () => () => {},
      pathForFile: async () => '',
    }) as unknown as Record<string, Record<string, (p: unknown) => Promise<unknown>>> & {
      on: (e: string, l: () => void) => () => void
    }
    const exposed = Object.entries(api)
      .filter(([, v]) => typeof v === 'object')
      .flatMap(([d, verbs]) => Object.keys(verbs).map((v) => `${d}:${v}`))
    expect(exposed.sort()).toEqual([...CHANNELS].sort())
    expect('invoke' in api).toBe(false)
    const [domain, verb] = splitChannel(CHANNELS[0]!)
    await api[domain]![verb]!({})
    expect(calls).toEqual([[CHANNELS[0], {}]])
    expect(() => api.on('not:anEvent', () => {})).toThrow(/Unknown event/)
    expect(typeof api.on(EVENTS[0]!, () => {})).toBe('function')
  })
})
