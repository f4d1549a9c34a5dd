import { join } from 'node:path'

import { JsonFile } from '@main/adapters/fs/JsonFile'
import { BatchService } from '@main/services/batches/BatchService'
import { WildcardStore } from '@main/services/batches/WildcardStore'
import type { composeGrid } from '@main/services/library/files/composeGrid'
import type { BatchSpec, BatchView } from '@shared/batch/types'
import type { SubmitTaskInput } from '@shared/tasks/submit'
import { rejection } from '@test/support/rejection'
import { failure } from '@test/support/taskFakes'
import { taskServiceRig } from '@test/support/taskServiceRig'
import { afterEach, describe, expect, it } from 'vitest'

/**
 * A batch from plan to grid through the real admission, journal and engine on a virtual clock:
 * what the plan shows, what is journaled, and what pause, resume, cancel and "run first" do.
 */
const cleanups: Array<() => Promise<void>> = []
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c()
})

type GridArgs = Parameters<typeof composeGrid>[0]

function stack(
  opts: { image?: number; demo?: boolean | 'fails'; paths?: Record<string, string> } = {},
) {
  const rig = taskServiceRig({ demo: false, concurrency: { image: opts.image ?? 4 } })
  cleanups.push(() => rig.close())
  rig.gateway.onSubmit = () => ({
    type: 'outputs',
    outputs: [{ type: 'url', url: 'https://cdn.test/b.png' }],
  })
  const wildcards = new WildcardStore(new JsonFile(join(rig.dir, 'wildcards.json')))
  const grids: GridArgs[] = []
  const events: BatchView[] = []
  rig.events.forward((name, payload) => {
    if (name === 'batch:updated') events.push(payload as BatchView)
  })
  const batches = new BatchService({
    admission: rig.admission,
    gate: rig.gate,
    tasks: rig.svc,
    batches: rig.journal.batches,
    journal: rig.journal.tasks,
    wildcards,
    settings: {
      settings: async () => ({
        concurrency: { image: opts.image ?? 4, video: 8, art: 2, workbench: 2 },
      }),
      connection: async () => {
        if (opts.demo === 'fails') throw new Error('keychain locked')
        return { demo: opts.demo ?? false }
      },
      activeProject: async () => null,
    },
    events: rig.events,
    clock: rig.clock,
    library: {
      absolutePath: async (id) => {
        const path = opts.paths?.[id]
        if (!path) throw new Error(`no item ${id}`)
        return path
      },
    },
    composeGrid: async (args) => {
      grids.push(args)
      return { width: 1, height: 1 }
    },
  })
  return Object.assign(rig, { batches, wildcards, grids, events })
}

const base = (prompt = 'a {red|blue|green} kite', model = 'std-image-2'): SubmitTaskInput => ({
  kind: 'image',
  request: { model, prompt },
})
const spec = (over: Partial<BatchSpec> = {}): BatchSpec => ({
  repeat: 1,
  seedBase: null,
  x: null,
  y: null,
  title: '',
  ...over,
})

describe('BatchService: the plan', () => {
  it('lists every request with its cell, prompt, model and price, and times it by the lanes', async () => {
    const s = stack({ image: 2 })
    const plan = await s.batches.plan(
      base('a {red|blue} kite'),
      spec({ x: { field: 'quality', values: ['low', 'high'] } }),
    )
    expect(plan.kind).toBe('image')
    expect(plan.count).toBe(4)
    expect(plan.requests.map((r) => [r.index, r.x, r.y, r.repeat, r.picks, r.prompt])).toEqual([
      [0, 'low', null, 1, ['red'], 'a red kite'],
      [1, 'high', null, 1, ['red'], 'a red kite'],
      [2, 'low', null, 1, ['blue'], 'a blue kite'],
      [3, 'high', null, 1, ['blue'], 'a blue kite'],
    ])
    expect(plan.requests.every((r) => r.model === 'std-image-2' && r.seed === null)).toBe(true)
    const prices = plan.requests.map((r) => r.estimateUsd!)
    expect(prices[0]).toBeGreaterThan(0)
    expect(prices[1]).toBeGreaterThan(prices[0]!)
    expect(plan.requests[0]!.estimateLabel).toMatch(/\$/)
    expect(plan.totalUsd).toBeCloseTo(
      prices.reduce((a, b) => a + b, 0),
      9,
    )
    expect(plan).toMatchObject({
      approximate: false,
      unpriced: 0,
      budget: { fits: true, refusal: null },
      xValues: ['low', 'high'],
      yValues: [],
      missingLists: [],
      repeats: [],
    })
    const perTask = s.journal.tasks.typicalSeconds('image')
    expect(perTask).toBeGreaterThan(0)
    // 4 requests in 2 lanes: two rounds.
    expect(plan.expectedSeconds).toBe(2 * perTask)
    const odd = await s.batches.plan(base('a {red|blue|green} kite'), spec())
    expect(odd.expectedSeconds).toBe(2 * perTask) // 3 in 2 lanes: still two rounds
  })

  it('counts one lane when the setting says none', async () => {
    const s = stack({ image: 0 })
    const plan = await s.batches.plan(base('a {red|blue|green} kite'), spec())
    expect(plan.expectedSeconds).toBe(3 * s.journal.tasks.typicalSeconds('image'))
  })

  it('shortens a long prompt in the list, not in the request', async () => {
    const s = stack()
    const long = `a ${'very '.repeat(60)}long {red|blue} kite`
    const plan = await s.batches.plan(base(long), spec())
    const shown = plan.requests[0]!.prompt
    expect(shown).toHaveLength(201)
    expect(shown.endsWith('…')).toBe(true)
    expect(shown.slice(0, 200)).toBe(long.replace('{red|blue}', 'red').slice(0, 200))
    const exact = 'k'.repeat(200)
    expect((await s.batches.plan(base(exact), spec())).requests[0]!.prompt).toBe(exact)
  })

  it('shows the budget refusal of a plan over a cap, counting every request', async () => {
    const s = stack()
    const one = (await s.batches.plan(base('a kite'), spec())).totalUsd
    s.budgets = { ...s.budgets, dailyUsd: one * 2.5 }
    expect((await s.batches.plan(base('a {red|blue} kite'), spec())).budget).toEqual({
      fits: true,
      refusal: null,
    })
    const capped = await s.batches.plan(base(), spec())
    expect(capped.budget.fits).toBe(false)
    expect(capped.budget.refusal).toMatchObject({ period: 'day', kind: null })
    expect(capped.budget.refusal!.capUsd).toBeCloseTo(one * 2.5, 9)
  })

  it('names the missing wildcard lists in the refusal', async () => {
    const s = stack()
    const error = await rejection(s.batches.plan(base('a __colour__ kite on __sky__'), spec()))
    expect(error.code).toBe('validation')
    expect(error.message).toMatch(/\(no wildcard list named __colour__, __sky__\)$/)
    expect(error.action).toBeTruthy()
    await s.wildcards.save({ name: 'colour', values: ['red', 'teal'] })
    await s.wildcards.save({ name: 'sky', values: ['dawn'] })
    const plan = await s.batches.plan(base('a __colour__ kite on __sky__'), spec())
    expect(plan.requests.map((r) => r.prompt)).toEqual([
      'a red kite on dawn',
      'a teal kite on dawn',
    ])
  })

  it('words a refusal without missing lists as the planner gave it', async () => {
    const s = stack()
    const error = await rejection(s.batches.plan(base('a {red|blue kite'), spec()))
    expect(error.code).toBe('validation')
    expect(error.message).not.toMatch(/wildcard list named/)
    expect(error.fields).toBeTruthy()
  })

  it('names the request and the axis value that admission refused', async () => {
    const s = stack()
    const error = await rejection(
      s.batches.plan(
        base('a kite'),
        spec({ x: { field: 'model', values: ['std-image-2', 'nope-9'] } }),
      ),
    )
    expect(error.code).toBe('validation')
    expect(error.message).toMatch(/^Request 2 \(X nope-9\): /)
    expect(Object.keys(error.fields ?? {})).toEqual(['x.values'])
    expect(error.fields!['x.values']).toMatch(/^nope-9: /)
    const both = await rejection(
      s.batches.plan(
        base('a kite'),
        spec({
          x: { field: 'quality', values: ['low'] },
          y: { field: 'model', values: ['nope-9'] },
        }),
      ),
    )
    expect(both.message).toMatch(/^Request 1 \(X low, Y nope-9\): /)
    expect(Object.keys(both.fields ?? {}).sort()).toEqual(['x.values', 'y.values'])
    expect(both.fields!['y.values']).toMatch(/^nope-9: /)
    const plain = await rejection(s.batches.plan(base('a kite', 'nope-9'), spec({ repeat: 2 })))
    expect(plain.message).toMatch(/^Request 1: /)
    expect(Object.keys(plain.fields ?? {})).toEqual(['base'])
  })
})

describe('BatchService: submit', () => {
  it('journals one task per request with the batch row, its default title and axes, once', async () => {
    const s = stack()
    const x = { field: 'quality' as const, values: ['low', 'high'] }
    const plan = await s.batches.plan(base('a {red|blue} kite'), spec({ x }))
    const batch = await s.batches.submit(base('a {red|blue} kite'), spec({ x }), 'req-1', false)
    expect(batch).toMatchObject({
      title: 'Images × 4 · std-image-2',
      kind: 'image',
      model: 'std-image-2',
      total: 4,
      xField: 'quality',
      yField: null,
      xValues: ['low', 'high'],
      yValues: [],
      demo: false,
      createdAt: s.clock.now(),
      priority: 0,
    })
    expect(batch.estimateUsd).toBeCloseTo(plan.totalUsd, 9)
    expect(s.events.at(-1)).toEqual(batch)
    expect(s.journal.tasks.byBatch(batch.id)).toHaveLength(4)
    // The same request id answers the batch already made; nothing new is journaled.
    const heard = s.events.length
    const again = await s.batches.submit(base('other'), spec(), 'req-1', false)
    expect(again.id).toBe(batch.id)
    expect(s.events).toHaveLength(heard)
    expect(s.journal.batches.list()).toHaveLength(1)
    const named = await s.batches.submit(
      base('a kite'),
      spec({ title: 'Mine', y: x }),
      'req-2',
      false,
    )
    expect(named).toMatchObject({ title: 'Mine', xField: null, yField: 'quality' })
    expect((await s.batches.list()).map((b) => b.id).sort()).toEqual([batch.id, named.id].sort())
  })

  it('stays running while one task is saved and another is still at the server', async () => {
    const s = stack()
    // The first task sent is saved as the stack's tasks are; the next stays at the server.
    const saves = s.gateway.onSubmit
    let sent = 0
    s.gateway.onSubmit = (task, n, signal) =>
      ++sent === 1
        ? saves(task, n, signal)
        : { type: 'task', serverId: `srv-${task.id}`, status: null }
    const x = { field: 'quality' as const, values: ['low', 'high'] }
    const batch = await s.batches.submit(base('a kite'), spec({ x }), 'req-m', false)
    await s.clock.advance(120_000)
    const view = await s.batches.get(batch.id)
    expect(view.counts).toEqual({ saved: 1, running: 1 })
    expect(view.state).toBe('running')
  })

  it('runs as done once every task finished, and the grid lists each cell with its results', async () => {
    const s = stack()
    const x = { field: 'quality' as const, values: ['low', 'high'] }
    const batch = await s.batches.submit(base('a kite'), spec({ x, repeat: 2 }), 'req-g', false)
    expect(batch.state).toBe('running')
    await s.clock.advance(120_000)
    const { batch: done, cells } = await s.batches.grid(batch.id)
    expect(done.state).toBe('done')
    // The renderer heard of it as its tasks moved on, without asking.
    expect(s.events.at(-1)).toMatchObject({ id: batch.id, state: 'done', counts: { saved: 4 } })
    expect(done.counts).toEqual({ saved: 4 })
    expect(cells.map((c) => [c.index, c.x, c.y, c.repeat, c.state])).toEqual([
      [0, 'low', null, 1, 'saved'],
      [1, 'low', null, 2, 'saved'],
      [2, 'high', null, 1, 'saved'],
      [3, 'high', null, 2, 'saved'],
    ])
    for (const c of cells) {
      expect(c.libraryIds).toHaveLength(1)
      expect(c.relPaths).toEqual([`2026/01/01/${c.libraryIds[0]}.png`])
      expect(s.journal.tasks.get(c.taskId)?.batch?.batchId).toBe(batch.id)
    }
  })
})

describe('BatchService: grid export', () => {
  it('draws each cell’s first saved image row by row, and a gap where there is none', async () => {
    const paths: Record<string, string> = {}
    const s = stack({ paths })
    const x = { field: 'quality' as const, values: ['low', 'auto'] }
    const y = { field: 'model' as const, values: ['std-image-2', 'std-image-2.5-sunburst'] }
    const batch = await s.batches.submit(base('a kite'), spec({ x, y }), 'req-e', false)
    await s.clock.advance(120_000)
    const { cells } = await s.batches.grid(batch.id)
    for (const c of cells) paths[c.libraryIds[0]!] = `/lib/${c.x}-${c.y}.png`
    delete paths[cells[3]!.libraryIds[0]!] // a result the user deleted since
    expect(await s.batches.exportGrid(batch.id, '/out/grid.png')).toEqual({ path: '/out/grid.png' })
    expect(s.grids).toEqual([
      {
        cells: [
          { x: 'low', y: 'std-image-2', path: '/lib/low-std-image-2.png' },
          { x: 'auto', y: 'std-image-2', path: '/lib/auto-std-image-2.png' },
          { x: 'low', y: 'std-image-2.5-sunburst', path: '/lib/low-std-image-2.5-sunburst.png' },
          { x: 'auto', y: 'std-image-2.5-sunburst', path: null },
        ],
        xValues: ['low', 'auto'],
        yValues: ['std-image-2', 'std-image-2.5-sunburst'],
        out: '/out/grid.png',
      },
    ])
  })

  it('draws a single row or column when the batch has one axis, and refuses a batch with none', async () => {
    const paths: Record<string, string> = {}
    const s = stack({ paths })
    const y = { field: 'quality' as const, values: ['low', 'high'] }
    const batch = await s.batches.submit(base('a kite'), spec({ y }), 'req-y', false)
    // Cells without results yet are gaps, not errors.
    await s.batches.exportGrid(batch.id, '/out/early.png')
    expect(s.grids[0]!.cells).toEqual([
      { x: null, y: 'low', path: null },
      { x: null, y: 'high', path: null },
    ])
    await s.clock.advance(120_000)
    for (const c of (await s.batches.grid(batch.id)).cells)
      paths[c.libraryIds[0]!] = `/lib/${c.y}.png`
    await s.batches.exportGrid(batch.id, '/out/col.png')
    expect(s.grids[1]).toEqual({
      cells: [
        { x: null, y: 'low', path: '/lib/low.png' },
        { x: null, y: 'high', path: '/lib/high.png' },
      ],
      xValues: [],
      yValues: ['low', 'high'],
      out: '/out/col.png',
    })
    const plain = await s.batches.submit(base(), spec(), 'req-n', false)
    const error = await rejection(s.batches.exportGrid(plain.id, '/out/none.png'))
    expect(error).toMatchObject({
      code: 'validation',
      message: expect.stringMatching(/no X or Y axis/),
    })
    expect(error.action).toBeTruthy()
    expect(s.grids).toHaveLength(2)
  })

  it('draws a row for an X axis, each value from the first repeat that has a result', async () => {
    const paths: Record<string, string> = {}
    const s = stack({ paths })
    const saves = s.gateway.onSubmit
    let sent = 0
    s.gateway.onSubmit = (task, n, signal) => {
      if (++sent === 1) throw failure('validation', { message: 'refused' })
      return saves(task, n, signal)
    }
    const x = { field: 'quality' as const, values: ['low', 'high'] }
    const batch = await s.batches.submit(base('a kite'), spec({ x, repeat: 2 }), 'req-x', false)
    await s.clock.advance(120_000)
    const { cells } = await s.batches.grid(batch.id)
    // The first task sent was refused: its cell has no result, its repeat has one.
    expect(cells.filter((c) => c.libraryIds.length === 0)).toEqual([
      expect.objectContaining({ x: 'low', repeat: 1 }),
    ])
    for (const c of cells)
      if (c.libraryIds[0]) paths[c.libraryIds[0]] = `/lib/${c.x}-${c.repeat}.png`
    await s.batches.exportGrid(batch.id, '/out/row.png')
    expect(s.grids[0]!.cells).toEqual([
      { x: 'low', y: null, path: '/lib/low-2.png' },
      { x: 'high', y: null, path: '/lib/high-1.png' },
    ])
    expect(s.grids[0]).toMatchObject({ xValues: ['low', 'high'], yValues: [] })
  })
})

describe('BatchService: pause, resume, cancel, run first', () => {
  it('pauses (nothing new is sent) and resumes a batch, waking its queued tasks', async () => {
    const s = stack({ image: 1 })
    const batch = await s.batches.submit(base(), spec(), 'req-p', false)
    const paused = await s.batches.pause(batch.id)
    expect(paused.state).toBe('paused')
    expect(s.events.at(-1)).toEqual(paused)
    expect(s.journal.batches.get(batch.id)).toMatchObject({
      state: 'paused',
      updatedAt: s.clock.now(),
    })
    const sent = s.gateway.count('submit')
    await s.clock.advance(300_000)
    expect(s.gateway.count('submit')).toBe(sent)
    expect((await s.batches.get(batch.id)).counts.queued).toBeGreaterThan(0)
    const resumed = await s.batches.resume(batch.id)
    expect(resumed.state).toBe('running')
    await s.clock.advance(300_000)
    expect(s.gateway.count('submit')).toBe(3)
    expect((await s.batches.get(batch.id)).state).toBe('done')
    const error = await rejection(s.batches.resume(batch.id))
    expect(error).toMatchObject({
      code: 'validation',
      message: expect.stringMatching(/Only a paused/),
      action: expect.stringMatching(/\w/),
    })
  })

  it('cancels only what was never sent; a cancelled batch cannot be paused', async () => {
    const s = stack({ image: 1 })
    s.gateway.onSubmit = () => ({ type: 'task', serverId: 'srv', status: null })
    const batch = await s.batches.submit(base(), spec(), 'req-c', false)
    await s.clock.advance(1)
    const before = (await s.batches.get(batch.id)).counts
    expect(before.queued).toBe(2)
    const cancelled = await s.batches.cancel(batch.id)
    expect(cancelled.counts.queued ?? 0).toBe(0)
    expect(cancelled.counts.cancelled).toBe(2)
    expect(s.journal.batches.get(batch.id)?.state).toBe('cancelled')
    // The sent request is still active: the batch shows as cancelled only once it has finished.
    expect(cancelled.state).toBe('cancelled')
    const error = await rejection(s.batches.pause(batch.id))
    expect(error).toMatchObject({
      code: 'validation',
      message: expect.stringMatching(/cancelled batch/),
      action: expect.stringMatching(/\w/),
    })
    expect(s.journal.batches.get(batch.id)?.state).toBe('cancelled')
  })

  it('shows a batch cancelled before anything was sent as cancelled, never as done', async () => {
    const s = stack({ image: 1 })
    // The one slot is held by another batch's request, which stays out.
    s.gateway.onSubmit = () => ({ type: 'task', serverId: 'srv', status: null })
    await s.batches.submit(base(), spec(), 'req-first', false)
    await s.clock.advance(1)
    const sent = s.gateway.count('submit')
    const batch = await s.batches.submit(base('b {x|y}'), spec(), 'req-q', false)
    // Queued, nothing sent yet: running, not done.
    expect(batch.counts).toEqual({ queued: 2 })
    expect(batch.state).toBe('running')
    const cancelled = await s.batches.cancel(batch.id)
    expect(cancelled.counts).toEqual({ cancelled: 2 })
    expect(cancelled.state).toBe('cancelled')
    expect(s.gateway.count('submit')).toBe(sent)
  })

  it('shows running while a sent request is still out, with nothing left in the queue', async () => {
    const s = stack({ image: 1 })
    s.gateway.onSubmit = () => ({ type: 'task', serverId: 'srv', status: null })
    const batch = await s.batches.submit(base('a kite'), spec(), 'req-o', false)
    await s.clock.advance(1)
    const view = await s.batches.get(batch.id)
    expect(view.counts.queued ?? 0).toBe(0)
    expect(view.state).toBe('running')
  })

  it('gives a batch first place in the queue and takes it back', async () => {
    const s = stack({ image: 1 })
    const a = await s.batches.submit(base(), spec(), 'req-a', false)
    const b = await s.batches.submit(base('b {x|y}'), spec(), 'req-b', false)
    const first = await s.batches.prioritize(b.id, true)
    expect(first.priority).toBeGreaterThan(0)
    expect(s.events.at(-1)).toEqual(first)
    expect((await s.batches.get(a.id)).priority).toBe(0)
    const back = await s.batches.prioritize(b.id, false)
    expect(back.priority).toBe(0)
  })

  it('answers not_found for a batch that is not there, whatever the action', async () => {
    const s = stack()
    for (const p of [
      s.batches.get('nope'),
      s.batches.grid('nope'),
      s.batches.pause('nope'),
      s.batches.resume('nope'),
      s.batches.cancel('nope'),
      s.batches.prioritize('nope', true),
    ]) {
      expect(await rejection(p)).toMatchObject({
        code: 'not_found',
        message: expect.stringMatching(/no longer there/),
        action: expect.stringMatching(/\w/),
      })
    }
    expect(s.journal.batches.list()).toEqual([])
  })

  it('weighs no cap for the demo, and weighs them when the connection cannot be read', async () => {
    const demo = stack({ demo: true })
    demo.budgets = { ...demo.budgets, dailyUsd: 0.000001 }
    expect((await demo.batches.plan(base(), spec())).budget).toEqual({ fits: true, refusal: null })
    const unread = stack({ demo: 'fails' })
    unread.budgets = { ...unread.budgets, dailyUsd: 0.000001 }
    expect((await unread.batches.plan(base(), spec())).budget.fits).toBe(false)
  })
})
