import { readFileSync } from 'node:fs'
import { join } from 'node:path'

import { dispatch } from '@main/ipc/dispatch'
import { makePng } from '@test/support/mediaFixtures'
import { createTestApp } from '@test/support/testContainer'
import { afterEach, describe, expect, it, vi } from 'vitest'

vi.mock('electron', () => ({}))

const cleanups: Array<() => Promise<void>> = []
afterEach(async () => {
  for (const c of cleanups.splice(0)) await c()
})

function app() {
  const a = createTestApp()
  cleanups.push(() => a.close())
  return a
}

describe('presets:* through IPC (the real container)', () => {
  it('saves into userData/presets.json, lists per form, deletes, and refuses bad payloads', async () => {
    const a = app()
    const call = (channel: string, payload: unknown) =>
      dispatch(a.handlers, channel, payload, { senderId: 1 })
    const fields = { model: 'std-image-2', quality: 'high', n: '1' }
    expect(await call('presets:save', { form: 'images', name: ' Crisp ', fields })).toMatchObject({
      ok: true,
      value: [{ form: 'images', name: 'Crisp', fields }],
    })
    expect(await call('presets:list', { form: 'art' })).toEqual({ ok: true, value: [] })
    const file = JSON.parse(readFileSync(join(a.dir, 'userData', 'presets.json'), 'utf8')) as {
      presets: unknown[]
    }
    expect(file.presets).toHaveLength(1)
    expect(await call('presets:delete', { form: 'images', name: 'Crisp' })).toEqual({
      ok: true,
      value: [],
    })
    for (const bad of [
      { form: 'chat', name: 'x', fields: {} },
      { form: 'images', name: '   ', fields: {} },
      { form: 'images', name: 'x', fields: { big: 'x'.repeat(20_001) } },
      { form: 'images', name: 'x', fields: { nested: { deep: { deeper: 1 } } } },
    ]) {
      const r = await call('presets:save', bad)
      expect(r.ok, JSON.stringify(bad).slice(0, 80)).toBe(false)
      if (!r.ok) expect(r.error.code).toBe('validation')
    }
  })
})

describe('library:promptTokens through IPC', () => {
  it("suggests the library prompts' tags and words by use", async () => {
    const a = app()
    const png = await makePng(8, 8)
    for (const prompt of ['1girl, blue hair, smile', 'blue hair, night sky', 'blue sky']) {
      await a.container.library.save({
        kind: 'image',
        model: 'std-image-2',
        prompt,
        params: {},
        file: { bytes: png, ext: 'png' },
      })
    }
    const r = await dispatch(
      a.handlers,
      'library:promptTokens',
      { prefix: 'Blue', limit: 3 },
      { senderId: 1 },
    )
    expect(r).toEqual({
      ok: true,
      value: [
        { text: 'blue', count: 3 },
        { text: 'blue hair', count: 2 },
        { text: 'blue sky', count: 1 },
      ],
    })
    const empty = await dispatch(
      a.handlers,
      'library:promptTokens',
      { prefix: '' },
      { senderId: 1 },
    )
    expect(empty.ok).toBe(false)
  })
})
