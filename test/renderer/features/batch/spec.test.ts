import { humanDuration } from '@renderer/features/batch/batchWords'
import {
  draftErrors,
  EMPTY_DRAFT,
  parseValues,
  splitFieldErrors,
  toSpec,
} from '@renderer/features/batch/spec'
import { describe, expect, it } from 'vitest'

describe('batch spec helpers', () => {
  it('reads values as comma-separated, or one per line when there are line breaks', () => {
    expect(parseValues('20, 30,40 ,')).toEqual(['20', '30', '40'])
    expect(parseValues('red hair, smiling\n\nblue hair\r\n')).toEqual([
      'red hair, smiling',
      'blue hair',
    ])
  })

  it('checks the draft locally and sends Y only with an X', () => {
    const draft = {
      ...EMPTY_DRAFT,
      repeat: '101',
      seedBase: '-1',
      y: { field: 'steps' as const, text: '1' },
    }
    expect(draftErrors(draft)).toEqual({
      repeat: 'A whole number from 1 to 100',
      seedBase: 'Leave empty, or a whole number from 0 to 4294967295',
    })
    expect(toSpec({ ...draft, repeat: '2', seedBase: '' })).toEqual({
      repeat: 2,
      seedBase: null,
      x: null,
      y: null,
      title: '',
    })
    const same = { ...draft, repeat: '1', seedBase: '', x: { field: 'steps' as const, text: '' } }
    expect(draftErrors(same)).toEqual({
      'x.values': 'Give the axis at least one value',
      'y.field': 'X and Y vary the same setting; choose two different ones',
    })
  })

  it('puts main’s messages at the dialog’s fields and lists the others', () => {
    const { fields, rest } = splitFieldErrors({
      code: 'validation',
      message: 'x',
      fields: { 'spec.x.values.2': 'bad value', 'y.field': 'same', 'base.request.size': 'too big' },
    })
    expect(fields).toEqual({ 'x.values': 'bad value', 'y.field': 'same' })
    expect(rest).toEqual(['request.size: too big'])
  })

  it('says how long a batch should take in words', () => {
    expect(humanDuration(20)).toBe('under a minute')
    expect(humanDuration(170)).toBe('about 3 min')
    expect(humanDuration(4800)).toBe('about 1 h 20 min')
    expect(humanDuration(7200)).toBe('about 2 h')
  })
})
