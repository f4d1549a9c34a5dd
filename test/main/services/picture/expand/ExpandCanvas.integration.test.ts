/**
 * Expanding the canvas (issue #31) with the real container against the simulator: the padded
 * picture and its mask are built and staged, the infill goes through tasks:submit (admission:
 * priced, budget-checked, journaled), and the saved result names its parent.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'

import { dispatch } from '@main/ipc/dispatch'
import type { Channel, Handlers, InputOf, OutputOf } from '@shared/ipc/contract'
import { expandRequest } from '@shared/library/expand'
import type { Result } from '@shared/result'
import { type Simulator, startSimulator } from '@simulator'
import { createTestApp } from '@test/support/testContainer'
import sharp from 'sharp'
import { afterEach, describe, expect, it } from 'vitest'

const cleanups: Array<() => Promise<void>> = []
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c()
})

async function setup() {
  const sim: Simulator = await startSimulator({ timeScale: 0.01 })
  cleanups.push(() => sim.close())
  const app = createTestApp()
  cleanups.push(() => app.close())
  await app.container.settings.connect(sim.baseUrl, sim.accounts.full.key)
  const call = <C extends Channel>(channel: C, input: InputOf<C>) =>
    dispatch(app.handlers as Handlers, channel, input, { senderId: 1 }) as Promise<
      Result<OutputOf<C>>
    >
  const value = async <C extends Channel>(channel: C, input: InputOf<C>) => {
    const r = await call(channel, input)
    if (!r.ok) throw new Error(`${channel}: ${r.error.code} ${r.error.message}`)
    return r.value
  }
  return { sim, app, call, value }
}

async function until<T>(
  check: () => Promise<T | null | undefined | false>,
  ms = 30_000,
): Promise<T> {
  const end = Date.now() + ms
  for (;;) {
    const v = await check()
    if (v) return v
    if (Date.now() > end) throw new Error('timed out waiting')
    await new Promise((r) => setTimeout(r, 25))
  }
}

describe('expand the canvas (issue #31)', () => {
  it('builds image and mask, sends the infill through admission, and links the result to its parent', async () => {
    const { sim, app, call, value } = await setup()
    const parent = await app.container.library.save({
      kind: 'art',
      model: 'art-diffusion-5-full',
      prompt: 'a pier at dawn',
      params: {},
      file: {
        bytes: await sharp({
          create: { width: 1024, height: 1024, channels: 3, background: '#3366aa' },
        })
          .png()
          .toBuffer(),
        ext: 'png',
      },
    })
    const requestId = 'expand-test-0001'
    const prepared = await value('picture:expandPrepare', {
      id: parent.id,
      spec: { mode: 'sides', left: 0, right: 1024, top: 0, bottom: 0 },
      requestId,
      model: 'art-diffusion-5-full',
    })
    expect(prepared.plan).toEqual({ width: 2048, height: 1024, x: 0, y: 0, w: 1024, h: 1024 })
    // The mask: black over the kept picture (minus the overlap), white over the new strip.
    const mask = await sharp(readFileSync(prepared.mask))
      .extractChannel(0)
      .raw()
      .toBuffer({ resolveWithObject: true })
    expect([mask.info.width, mask.info.height, mask.info.channels]).toEqual([2048, 1024, 1])
    expect(mask.data[100 * 2048 + 10]).toBe(0)
    expect(mask.data[100 * 2048 + 1012]).toBe(0)
    expect(mask.data[100 * 2048 + 1020]).toBe(255)
    expect(mask.data[100 * 2048 + 2000]).toBe(255)
    const img = await sharp(readFileSync(prepared.image))
      .raw()
      .toBuffer({ resolveWithObject: true })
    expect([img.info.width, img.info.height]).toEqual([2048, 1024])
    // The new strip starts from the edge's colour, not black.
    expect([
      ...img.data.subarray(
        (10 * 2048 + 1900) * img.info.channels,
        (10 * 2048 + 1900) * img.info.channels + 3,
      ),
    ]).toEqual([0x33, 0x66, 0xaa])

    // A daily cap below the price: admission refuses, nothing reaches the service.
    await value('budget:set', {
      budgets: { dailyUsd: 0.01, monthlyUsd: null, perKind: {}, warnAt: 0.8 },
    })
    const native = expandRequest(prepared.plan, {
      prompt: 'a pier at dawn, wide',
      negativePrompt: '',
      model: 'art-diffusion-5-full',
      steps: 50,
      seed: 11,
    })
    const request = { ...native, parameters: { ...native.parameters } }
    const refused = await call('tasks:submit', {
      kind: 'native',
      requestId,
      request,
      image: prepared.image,
      mask: prepared.mask,
    })
    expect(refused.ok).toBe(false)
    expect(sim.requests().filter((r) => r.path === '/ai/generate-image')).toHaveLength(0)

    await value('budget:set', {
      budgets: { dailyUsd: null, monthlyUsd: null, perKind: {}, warnAt: 0.8 },
    })
    const task = await value('tasks:submit', {
      kind: 'native',
      requestId,
      request,
      image: prepared.image,
      mask: prepared.mask,
    })
    expect(task.costUsd).toBeGreaterThan(0.01)
    const saved = await until(async () => {
      const t = (await value('tasks:list', {})).find((x) => x.id === task.id)
      return t?.state === 'saved' ? t : null
    })
    expect(sim.ledger.charges()).toHaveLength(1)
    const resultId = saved.results[0]!.libraryId
    const lineage = await value('picture:lineage', { id: resultId })
    expect(lineage.madeFrom).toMatchObject({
      id: parent.id,
      operation: 'outpaint',
      model: 'art-diffusion-5-full',
      params: { mode: 'sides', right: 1024, width: 2048, height: 1024 },
    })
    expect((await value('picture:lineage', { id: parent.id })).derived.map((d) => d.id)).toEqual([
      resultId,
    ])
    const sidecar = JSON.parse(
      readFileSync(
        join(app.dir, 'Library', (await value('library:get', { id: resultId })).relPath + '.json'),
        'utf8',
      ),
    )
    expect(sidecar.derivedFrom.parentId).toBe(parent.id)
  }, 60_000)

  it('refuses a shape it cannot reach, before building anything', async () => {
    const { call, app } = await setup()
    const parent = await app.container.library.save({
      kind: 'art',
      model: 'm',
      prompt: 'p',
      params: {},
      file: {
        bytes: await sharp({ create: { width: 64, height: 64, channels: 3, background: '#000' } })
          .png()
          .toBuffer(),
        ext: 'png',
      },
    })
    const same = await call('picture:expandPrepare', {
      id: parent.id,
      spec: { mode: 'ratio', ratio: '1:1' },
      requestId: 'expand-test-0002',
      model: 'art-diffusion-5-full',
    })
    expect(same.ok ? null : same.error.message).toMatch(/already 1:1/)
  })
})
