import { defaultTitle, entryOf, viewOf } from '@main/services/batches/plannedRequests'
import type { PlannedRequest } from '@shared/batch/plan'
import { AppFailure, isAppFailure } from '@shared/result'
import { describe, expect, it } from 'vitest'

const planned = (over: Partial<PlannedRequest['cell']> = {}): PlannedRequest => ({
  cell: { index: 4, x: null, y: null, repeat: 2, picks: ['red'], ...over },
  input: { kind: 'image', request: { model: 'std-image-2', prompt: 'a red kite' } },
  prompt: 'a red kite',
  seed: 9,
})

function relabelled(r: PlannedRequest, fields?: Record<string, string>) {
  try {
    entryOf(r).relabel!(
      new AppFailure({
        code: 'validation',
        message: 'size: too big',
        ...(fields ? { fields } : {}),
      }),
    )
  } catch (e) {
    if (isAppFailure(e)) return e.error
    throw e
  }
  throw new Error('relabel must throw')
}

describe('plannedRequests', () => {
  it('titles a batch by its kind, count and model', () => {
    const input = (kind: 'image' | 'edit' | 'video' | 'native' | 'workbench', model?: string) =>
      ({ kind, request: model === undefined ? {} : { model } }) as never
    expect(defaultTitle(input('image', 'std-image-2'), 3)).toBe('Images × 3 · std-image-2')
    expect(defaultTitle(input('edit', 'e'), 1)).toBe('Edits × 1 · e')
    expect(defaultTitle(input('video', 'v'), 2)).toBe('Videos × 2 · v')
    expect(defaultTitle(input('native', 'n'), 2)).toBe('Art × 2 · n')
    expect(defaultTitle(input('workbench', 'w'), 2)).toBe('Workbench × 2 · w')
    expect(defaultTitle(input('image'), 5)).toBe('Images × 5')
    expect(defaultTitle(input('image', ''), 5)).toBe('Images × 5')
  })

  it('shows a planned request with its cell, seed, model and price', () => {
    expect(viewOf(planned({ x: 'low', y: 'a' }), { usd: 0.02, label: '$0.02' })).toEqual({
      index: 4,
      x: 'low',
      y: 'a',
      repeat: 2,
      picks: ['red'],
      prompt: 'a red kite',
      seed: 9,
      model: 'std-image-2',
      estimateUsd: 0.02,
      estimateLabel: '$0.02',
    })
    const noModel = { ...planned(), input: { kind: 'image', request: { prompt: 'p' } } } as never
    expect(viewOf(noModel, { usd: null, label: '—' }).model).toBe('')
  })

  it('names the request, its axis values and the axis field of a refusal', () => {
    const r = planned({ x: 'low', y: 'wide' })
    expect(entryOf(r)).toMatchObject({ input: r.input, cell: r.cell })
    const both = relabelled(r, { size: 'too big', quality: 'unknown' })
    expect(both.code).toBe('validation')
    expect(both.message).toBe('Request 5 (X low, Y wide): size: too big')
    expect(both.fields).toEqual({ 'x.values': 'low: too big', 'y.values': 'wide: too big' })
    expect(both.action).toBeTruthy()
    expect(relabelled(planned({ y: 'wide' })).message).toBe('Request 5 (Y wide): size: too big')
    expect(relabelled(planned({ y: 'wide' })).fields).toEqual({ 'y.values': 'wide: Not accepted' })
    expect(relabelled(planned({ x: 'low' })).fields).toEqual({ 'x.values': 'low: Not accepted' })
    const plain = relabelled(planned(), { size: 'too big' })
    expect(plain.message).toBe('Request 5: size: too big')
    expect(plain.fields).toEqual({ base: 'too big' })
    expect(relabelled(planned()).fields).toEqual({ base: 'Not accepted' })
    // An empty label is still an axis value for the fields, though the message leaves it out.
    expect(relabelled(planned({ x: '' })).fields).toEqual({ 'x.values': ': Not accepted' })
    expect(relabelled(planned({ x: '' })).message).toBe('Request 5: size: too big')
  })
})
