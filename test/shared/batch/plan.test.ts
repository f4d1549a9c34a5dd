import { planBatch, type PlannedRequest, priceRequests } from '@shared/batch/plan'
import type { BatchSpec } from '@shared/batch/types'
import { expandWildcards } from '@shared/batch/wildcards'
import { validateNative, validateWorkbench } from '@shared/catalog'
import { describeEstimate } from '@shared/pricing'
import { estimateFor } from '@shared/tasks/estimate'
import type { SubmitTaskInput } from '@shared/tasks/submit'
import { describe, expect, it } from 'vitest'

import { imageBase, nativeBase, videoBase, workbenchBase } from './fixtures'

type Req = Record<string, unknown>
const noLists = new Map<string, readonly string[]>()
const spec = (s: Partial<BatchSpec> = {}): BatchSpec => ({
  repeat: 1,
  seedBase: null,
  x: null,
  y: null,
  title: '',
  ...s,
})
const planned = (base: SubmitTaskInput, s: Partial<BatchSpec>, lists = noLists) => {
  const plan = planBatch(base, spec(s), lists)
  if (!plan.ok) throw new Error(plan.message)
  return plan
}
const params = (r: PlannedRequest) => (r.input.request as Req).parameters as Req

describe('an X/Y plan: native steps × guidance, 3 × 3', () => {
  const base = nativeBase({ seed: 77 })
  const plan = planned(base, {
    x: { field: 'steps', values: ['10', '20', '30'] },
    y: { field: 'guidance', values: ['3', '5.5', '8'] },
  })

  it('makes 9 requests, X fastest, with the labels and fields of their cell', () => {
    expect(plan.xValues).toEqual(['10', '20', '30'])
    expect(plan.yValues).toEqual(['3', '5.5', '8'])
    expect(plan.requests.map((r) => [r.cell.index, r.cell.y, r.cell.x])).toEqual([
      [0, '3', '10'],
      [1, '3', '20'],
      [2, '3', '30'],
      [3, '5.5', '10'],
      [4, '5.5', '20'],
      [5, '5.5', '30'],
      [6, '8', '10'],
      [7, '8', '20'],
      [8, '8', '30'],
    ])
    expect(plan.requests.map((r) => [params(r).scale, params(r).steps])).toEqual([
      [3, 10],
      [3, 20],
      [3, 30],
      [5.5, 10],
      [5.5, 20],
      [5.5, 30],
      [8, 10],
      [8, 20],
      [8, 30],
    ])
    for (const r of plan.requests) {
      expect(r.cell).toMatchObject({ repeat: 1, picks: [] })
      expect(r.seed).toBe(77)
      expect(params(r).seed).toBe(77)
      expect(r.prompt).toBe('a red fox in snow')
      expect(validateNative(r.input.request)).toEqual({ ok: true })
    }
  })

  it('drops what belongs to one submission and leaves the base as it was', () => {
    for (const r of plan.requests) {
      expect(r.input).not.toHaveProperty('requestId')
      expect(r.input).not.toHaveProperty('overrideBudget')
      expect(r.input.kind).toBe('native')
    }
    expect(base).toEqual(nativeBase({ seed: 77 }))
  })

  it('prices the total as the sum of the nine estimates, in micro-dollars', () => {
    const price = priceRequests(plan.requests)
    const estimates = plan.requests.map((r) => estimateFor(r.input))
    const micros = estimates.map((e) => (e.kind === 'usd' ? e.micros : Number.NaN))
    expect(price.totalMicros).toBe(micros.reduce((a, b) => a + b, 0))
    expect(price.totalUsd).toBe(price.totalMicros / 1e6)
    expect(price.totalMicros).toBeGreaterThan(0)
    expect(Number.isInteger(price.totalMicros)).toBe(true)
    // steps 10 and 30 are scaled from the 23-step price: three distinct prices per row
    expect(new Set(micros).size).toBe(3)
    expect(price.approximate).toBe(true)
    expect(price.unpriced).toBe(0)
    expect(price.perRequest).toEqual(
      estimates.map((e) => ({ usd: e.kind === 'usd' ? e.usd : null, label: describeEstimate(e) })),
    )
  })
})

describe('repeats', () => {
  it.each<[string, SubmitTaskInput, number | null, number, number[]]>([
    ['the form seed', nativeBase({ seed: 10 }), null, 3, [10, 11, 12]],
    ['seedBase over the form seed', nativeBase({ seed: 10 }), 500, 3, [500, 501, 502]],
    ['0 without any seed', nativeBase(), null, 3, [0, 1, 2]],
    ['wrapping past 2^32 - 1', nativeBase(), 4294967294, 3, [4294967294, 4294967295, 0]],
    ['the workbench seed', workbenchBase({ seed: 3 }), null, 2, [3, 4]],
  ])('step the seed from %s', (_, base, seedBase, repeat, seeds) => {
    const plan = planned(base, { repeat, seedBase })
    expect(plan.requests.map((r) => r.seed)).toEqual(seeds)
    expect(plan.requests.map((r) => r.cell.repeat)).toEqual(seeds.map((_s, i) => i + 1))
    const sent = plan.requests.map((r) => {
      const req = r.input.request as Req
      return base.kind === 'native' ? (req.parameters as Req).seed : req.seed
    })
    expect(sent).toEqual(seeds)
  })

  it('start from a seed axis value, the axis winning over seedBase', () => {
    const plan = planned(nativeBase({ seed: 1 }), {
      repeat: 2,
      seedBase: 9,
      x: { field: 'seed', values: ['100', '4294967295'] },
    })
    expect(plan.requests.map((r) => [r.cell.x, r.cell.repeat, r.seed])).toEqual([
      ['100', 1, 100],
      ['100', 2, 101],
      ['4294967295', 1, 4294967295],
      ['4294967295', 2, 0],
    ])
  })

  it.each<[string, SubmitTaskInput]>([
    ['image', imageBase()],
    ['video', videoBase()],
  ])('just run again on %s requests, which have no seed', (_, base) => {
    const plan = planned(base, { repeat: 3, seedBase: 5 })
    expect(plan.requests).toHaveLength(3)
    for (const r of plan.requests) {
      expect(r.seed).toBeNull()
      expect(r.input.request).toEqual(base.request)
    }
  })
})

describe('wildcards', () => {
  const lists = new Map([['animal', ['cat', 'dog']]])

  it('make one request per variant, with its picks and prompt', () => {
    const base = nativeBase()
    ;(base.request as Req).input = 'a {red|blue} __animal__'
    const plan = planned(base, { x: { field: 'steps', values: ['20', '28'] } }, lists)
    expect(plan.requests.map((r) => [r.prompt, r.cell.picks, r.cell.x])).toEqual([
      ['a red cat', ['red', 'cat'], '20'],
      ['a red cat', ['red', 'cat'], '28'],
      ['a red dog', ['red', 'dog'], '20'],
      ['a red dog', ['red', 'dog'], '28'],
      ['a blue cat', ['blue', 'cat'], '20'],
      ['a blue cat', ['blue', 'cat'], '28'],
      ['a blue dog', ['blue', 'dog'], '20'],
      ['a blue dog', ['blue', 'dog'], '28'],
    ])
    expect(plan.requests.map((r) => (r.input.request as Req).input)).toEqual(
      plan.requests.map((r) => r.prompt),
    )
  })

  it('nest, each leaf one request, and keep emphasis braces as typed', () => {
    const base = nativeBase()
    ;(base.request as Req).input = '{{masterpiece}}, {a|{b|c}} \\{cat\\}'
    const plan = planned(base, { repeat: 2 })
    expect(plan.requests.map((r) => [r.prompt, r.cell.picks, r.seed])).toEqual([
      ['{{masterpiece}}, a {cat}', ['a'], 0],
      ['{{masterpiece}}, a {cat}', ['a'], 1],
      ['{{masterpiece}}, b {cat}', ['b'], 0],
      ['{{masterpiece}}, b {cat}', ['b'], 1],
      ['{{masterpiece}}, c {cat}', ['c'], 0],
      ['{{masterpiece}}, c {cat}', ['c'], 1],
    ])
    for (const r of plan.requests) expect(validateNative(r.input.request)).toEqual({ ok: true })
  })

  it('send an emphasis-only prompt untouched', () => {
    const base = workbenchBase()
    ;(base.request as Req).prompt = '{{{best quality}}}, [fox], {snow}'
    const plan = planned(base, {})
    expect(plan.requests.map((r) => r.prompt)).toEqual(['{{{best quality}}}, [fox], {snow}'])
  })

  it.each<[string, string]>([
    ['an unclosed group', 'a fluffy {red|blue cat'],
    ['an unclosed emphasis', '{{masterpiece}, fox'],
    ['a stray closing brace', 'masterpiece}, fox'],
    ['braces nested 101 deep', `${'{'.repeat(101)}fox${'}'.repeat(101)}`],
  ])('refuse %s on the prompt field, before counting or pricing, making no requests', (_, text) => {
    const base = nativeBase()
    ;(base.request as Req).input = text
    // Over the cap if the prompt were counted as one: a refused prompt is not counted at all.
    const plan = planBatch(base, spec({ repeat: 1001 }), lists)
    const problem = expandWildcards(text, lists).problem
    expect(problem).toMatch(/^(Unclosed "\{"|Unmatched "\}"|Braces nest more than)/)
    expect(plan).toEqual({
      ok: false,
      message: problem,
      fields: { prompt: problem },
      missingLists: [],
    })
    expect(plan).not.toHaveProperty('requests')
  })

  it('refuse lists that do not exist, naming them', () => {
    const base = imageBase()
    ;(base.request as Req).prompt = 'a __colour__ __animal__ by __nobody__'
    const plan = planBatch(base, spec(), lists)
    expect(plan).toMatchObject({ ok: false, missingLists: ['colour', 'nobody'] })
    if (!plan.ok) expect(plan.fields.prompt).toContain('__colour__, __nobody__')
  })

  it('refuse a list that does not exist inside a group, making no requests', () => {
    const base = nativeBase()
    ;(base.request as Req).input = 'a {__colour__|plain} __animal__'
    expect(planBatch(base, spec(), lists)).toEqual({
      ok: false,
      message: 'The prompt uses a list that does not exist: __colour__',
      fields: { prompt: 'The prompt uses a list that does not exist: __colour__' },
      missingLists: ['colour'],
    })
  })

  it('use lists inside groups', () => {
    const base = nativeBase()
    ;(base.request as Req).input = 'a {__animal__|plain fox}'
    expect(planned(base, {}, lists).requests.map((r) => [r.prompt, r.cell.picks])).toEqual([
      ['a cat', ['cat']],
      ['a dog', ['dog']],
      ['a plain fox', ['plain fox']],
    ])
  })
})

describe('prompt search and replace', () => {
  it('replaces the first value by each value, in the workbench prompt', () => {
    const plan = planned(workbenchBase(), {
      y: { field: 'prompt', values: ['fox', 'owl', 'hare'] },
    })
    expect(plan.requests.map((r) => [r.cell.y, r.prompt])).toEqual([
      ['fox', 'a red fox in snow'],
      ['owl', 'a red owl in snow'],
      ['hare', 'a red hare in snow'],
    ])
    for (const r of plan.requests) {
      expect(validateWorkbench(r.input.request)).toEqual({ ok: true })
      expect(r.input).not.toHaveProperty('quote')
    }
  })

  it('refuses a first value that is not in the prompt, naming it', () => {
    const plan = planBatch(
      nativeBase(),
      spec({ x: { field: 'prompt', values: ['wolf', 'owl'] } }),
      noLists,
    )
    expect(plan.ok).toBe(false)
    if (plan.ok) return
    expect(plan.fields['x.values']).toContain('"wolf" does not occur in the prompt')
    expect(plan.message).toBe(plan.fields['x.values'])
  })

  it('works on the prompts wildcards make, and refuses a piece found only in their syntax', () => {
    const base = imageBase()
    ;(base.request as Req).prompt = 'a {red|blue} fox'
    const ok = planned(base, { x: { field: 'prompt', values: ['red', 'green'] } })
    expect(ok.requests.map((r) => r.prompt)).toEqual([
      'a red fox',
      'a green fox',
      'a blue fox',
      'a blue fox',
    ])
    const refused = planBatch(
      base,
      spec({ x: { field: 'prompt', values: ['{red', 'x'] } }),
      noLists,
    )
    expect(refused.ok).toBe(false)
    if (!refused.ok) expect(refused.fields['x.values']).toContain('wildcard syntax')
  })
})

describe('refusals', () => {
  it.each<[string, Partial<BatchSpec>, string, string]>([
    [
      'a bad X number',
      { x: { field: 'steps', values: ['20', 'abc'] } },
      'x.values',
      'steps: "abc" is not a whole number',
    ],
    [
      'a bad Y number',
      { y: { field: 'guidance', values: ['five'] } },
      'y.values',
      'guidance: "five" is not a number',
    ],
    [
      'a seed out of range',
      { y: { field: 'seed', values: ['-3'] } },
      'y.values',
      'seed: "-3" must be 0 to 4294967295',
    ],
    [
      'a bad size',
      { x: { field: 'size', values: ['wide'] } },
      'x.values',
      'size: "wide" is not a size like 832x1216',
    ],
    [
      'an axis the kind lacks',
      { x: { field: 'quality', values: ['high'] } },
      'x.field',
      'quality cannot vary on native requests',
    ],
    [
      'the same field twice',
      { x: { field: 'steps', values: ['1'] }, y: { field: 'steps', values: ['2'] } },
      'y.field',
      'X and Y vary the same setting; choose two different ones',
    ],
    ['no repeat', { repeat: 0 }, 'repeat', 'Repeat at least once'],
  ])('%s', (_, s, field, message) => {
    const plan = planBatch(nativeBase(), spec(s), noLists)
    expect(plan).toEqual({ ok: false, message, fields: { [field]: message }, missingLists: [] })
  })
})

describe('the 1000 cap', () => {
  const values = (n: number, from = 1) => Array.from({ length: n }, (_, i) => String(i + from))

  it('plans exactly 1000 requests', () => {
    const plan = planned(nativeBase(), {
      repeat: 10,
      x: { field: 'steps', values: values(10) },
      y: { field: 'seed', values: values(10) },
    })
    expect(plan.requests).toHaveLength(1000)
    expect(plan.requests.map((r) => r.cell.index)).toEqual(values(1000, 0).map(Number))
  })

  it('refuses 1001 requests, one over', () => {
    const plan = planBatch(
      nativeBase(),
      spec({
        repeat: 13,
        x: { field: 'steps', values: values(7) },
        y: { field: 'seed', values: values(11) },
      }),
      noLists,
    )
    expect(plan).toMatchObject({
      ok: false,
      message: 'This batch makes 1,001 requests; at most 1000 run in one batch',
    })
  })

  it.each<[string, string, Partial<BatchSpec>, string]>([
    [
      'repeats',
      'a fox',
      {
        repeat: 11,
        x: { field: 'steps', values: values(10) },
        y: { field: 'seed', values: values(10) },
      },
      '1,100',
    ],
    [
      'wildcards',
      '{a|b|c|d|e|f|g|h|i|j} {a|b|c|d|e|f|g|h|i|j} {a|b|c|d|e|f|g|h|i|j} {a|b}',
      {},
      '2,000',
    ],
    [
      'wildcards and axes',
      '{a|b|c|d|e|f|g|h|i|j}',
      { repeat: 3, x: { field: 'steps', values: values(50) } },
      '1,500',
    ],
  ])('refuses more than 1000 from %s, saying how many', (_, prompt, s, count) => {
    const base = nativeBase()
    ;(base.request as Req).input = prompt
    const plan = planBatch(base, spec(s), noLists)
    expect(plan.ok).toBe(false)
    if (plan.ok) return
    expect(plan.message).toBe(`This batch makes ${count} requests; at most 1000 run in one batch`)
    expect(plan.fields.repeat).toBe(plan.message)
  })
})

describe('priceRequests', () => {
  it('counts requests without a rate and prices the rest', () => {
    const priced = planned(imageBase(), { x: { field: 'quality', values: ['low', 'high'] } })
    const unknown = nativeBase()
    ;(unknown.request as Req).model = 'art-diffusion-unknown'
    const price = priceRequests([...priced.requests, { input: unknown }])
    expect(price).toEqual({
      totalMicros: 10_000 + 20_000,
      totalUsd: 0.03,
      approximate: false,
      unpriced: 1,
      perRequest: [
        { usd: 0.01, label: '$0.01' },
        { usd: 0.02, label: '$0.02' },
        { usd: null, label: 'Not offered' },
      ],
    })
  })
})

describe('refusals: which message leads, and counts past any number', () => {
  const values = (n: number, from = 1) => Array.from({ length: n }, (_, i) => String(i + from))
  const withPrompt = (prompt: string) => {
    const base = nativeBase()
    ;(base.request as Req).input = prompt
    return base
  }

  it('an axis with no value', () => {
    const plan = planBatch(nativeBase(), spec({ x: { field: 'steps', values: [] } }), noLists)
    expect(plan).toEqual({
      ok: false,
      message: 'Give the axis at least one value',
      fields: { 'x.values': 'Give the axis at least one value' },
      missingLists: [],
    })
  })

  it('names every missing list when there are several', () => {
    const plan = planBatch(withPrompt('__a__ and __b__'), spec(), noLists)
    expect(plan).toMatchObject({
      ok: false,
      message: 'The prompt uses lists that do not exist: __a__, __b__',
      missingLists: ['a', 'b'],
    })
  })

  it('a prompt that does not parse is the only complaint, not its prompt axis too', () => {
    const base = withPrompt('a fox {b|c')
    const plan = planBatch(base, spec({ x: { field: 'prompt', values: ['fox', 'cat'] } }), noLists)
    expect(plan.ok).toBe(false)
    if (!plan.ok) expect(Object.keys(plan.fields)).toEqual(['prompt'])
  })

  it('says how many prompts the wildcards make when they pass the cap, and only then', () => {
    const wild = planBatch(withPrompt('{a|b} {a|b|c|d|e|f|g|h|i|j}'), spec({ repeat: 51 }), noLists)
    expect(wild).toMatchObject({ ok: false, fields: { prompt: 'The wildcards make 20 prompts' } })
    const plain = planBatch(withPrompt('a fox'), spec({ repeat: 1001 }), noLists)
    expect(plain.ok).toBe(false)
    if (!plain.ok) expect(plain.fields.prompt).toBeUndefined()
  })

  it('counts past the largest exact number as "more than" it', () => {
    const prompt = Array.from({ length: 17 }, () => '{a|b|c|d|e|f|g|h|i|j}').join(' ')
    const plan = planBatch(withPrompt(prompt), spec(), noLists)
    expect(plan).toMatchObject({
      ok: false,
      message:
        'This batch makes more than 9,007,199,254,740,991 requests; at most 1000 run in one batch',
      fields: { prompt: 'The wildcards make more than 9,007,199,254,740,991 prompts' },
    })
  })

  it('leads with the cap when a batch is too big, else with the first problem', () => {
    const over = planBatch(
      nativeBase(),
      spec({ x: { field: 'steps', values: ['abc', ...values(1000)] } }),
      noLists,
    )
    expect(over).toMatchObject({
      ok: false,
      message: 'This batch makes 1,001 requests; at most 1000 run in one batch',
      fields: { 'x.values': 'steps: "abc" is not a whole number' },
    })
    const atCap = planBatch(
      nativeBase(),
      spec({ x: { field: 'steps', values: ['abc', ...values(999)] } }),
      noLists,
    )
    expect(atCap).toMatchObject({ ok: false, message: 'steps: "abc" is not a whole number' })
  })

  it('starts each row’s seeds from a seed axis on Y too', () => {
    const plan = planned(nativeBase({ seed: 1 }), {
      repeat: 2,
      seedBase: 40,
      y: { field: 'seed', values: ['7', '9'] },
    })
    expect(plan.requests.map((r) => [r.cell.y, r.seed])).toEqual([
      ['7', 7],
      ['7', 8],
      ['9', 9],
      ['9', 10],
    ])
  })
})
