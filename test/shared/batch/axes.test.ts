import { applyAxis, axesFor, hasSeed, seedOf, withPrompt, withSeed } from '@shared/batch/axes'
import { AXIS_FIELDS, type AxisField } from '@shared/batch/types'
import { TASK_KINDS, type TaskKind } from '@shared/tasks/states'
import { describe, expect, it } from 'vitest'

import { imageBase, nativeBase, videoBase, workbenchBase } from './fixtures'

type Req = Record<string, unknown>
const bases: Record<TaskKind, () => Req> = {
  image: () => imageBase().request as Req,
  edit: () => imageBase().request as Req,
  video: () => videoBase().request as Req,
  native: () => nativeBase().request as Req,
  workbench: () => workbenchBase().request as Req,
}

const applied = (kind: TaskKind, field: AxisField, value: string, search?: string): Req => {
  const r = applyAxis(kind, bases[kind](), field, value, search)
  if (!r.ok) throw new Error(r.message)
  return r.request
}

describe('axesFor', () => {
  it.each<[TaskKind, AxisField[]]>([
    ['image', ['prompt', 'model', 'size', 'quality', 'aspect_ratio']],
    ['edit', ['prompt', 'model', 'size', 'quality', 'aspect_ratio']],
    ['video', ['prompt', 'model', 'duration', 'resolution', 'aspect_ratio']],
    ['native', ['prompt', 'model', 'size', 'steps', 'guidance', 'seed', 'sampler']],
    ['workbench', ['prompt', 'model', 'size', 'steps', 'guidance', 'seed']],
  ])('%s offers %j, each with a label and a hint', (kind, fields) => {
    const axes = axesFor(kind)
    expect(axes.map((a) => a.field)).toEqual(fields)
    for (const a of axes) {
      expect(AXIS_FIELDS).toContain(a.field)
      expect(a.label.length).toBeGreaterThan(2)
      expect(a.hint.length).toBeGreaterThan(5)
    }
  })

  it('calls the workbench model axis the model variant', () => {
    expect(axesFor('workbench').find((a) => a.field === 'model')!.label).toBe('Model variant')
    expect(axesFor('native').find((a) => a.field === 'model')!.label).toBe('Model')
    // Only the model axis: the workbench's others keep their own labels.
    expect(axesFor('workbench').find((a) => a.field === 'steps')!.label).toBe('Steps')
  })

  it('offers exactly the axes applyAxis accepts', () => {
    for (const kind of TASK_KINDS) {
      const offered = axesFor(kind).map((a) => a.field)
      for (const field of AXIS_FIELDS) {
        const value = { size: '832x1216', seed: '7', steps: '9', guidance: '2', duration: '6' }
        const r = applyAxis(kind, bases[kind](), field, value[field as keyof typeof value] ?? 'red')
        expect(r.ok, `${kind} ${field}`).toBe(offered.includes(field))
      }
    }
  })
})

describe('applyAxis writes the field each kind sends', () => {
  it.each<[TaskKind, AxisField, string, (r: Req) => unknown, unknown]>([
    ['native', 'steps', '28', (r) => (r.parameters as Req).steps, 28],
    ['native', 'steps', ' 12 ', (r) => (r.parameters as Req).steps, 12],
    ['workbench', 'steps', '28', (r) => r.steps, 28],
    ['native', 'guidance', '5.5', (r) => (r.parameters as Req).scale, 5.5],
    ['workbench', 'guidance', '.5', (r) => r.guidance, 0.5],
    ['native', 'guidance', '12.5', (r) => (r.parameters as Req).scale, 12.5],
    ['workbench', 'guidance', '.25', (r) => r.guidance, 0.25],
    ['native', 'seed', '4294967295', (r) => (r.parameters as Req).seed, 4294967295],
    ['workbench', 'seed', '0', (r) => r.seed, 0],
    ['native', 'sampler', 'k_dpmpp_2m', (r) => (r.parameters as Req).sampler, 'k_dpmpp_2m'],
    [
      'native',
      'size',
      '832x1216',
      (r) => [(r.parameters as Req).width, (r.parameters as Req).height],
      [832, 1216],
    ],
    ['workbench', 'size', '832×1216', (r) => [r.width, r.height], [832, 1216]],
    ['image', 'size', '1536 x 1024', (r) => r.size, '1536x1024'],
    ['edit', 'size', '512X512', (r) => r.size, '512x512'],
    ['native', 'model', 'art-diffusion-5-full', (r) => r.model, 'art-diffusion-5-full'],
    [
      'workbench',
      'model',
      'art-diffusion-5-full',
      (r) => [r.model, r.model_variant],
      ['art-v4.5', 'art-diffusion-5-full'],
    ],
    ['image', 'model', 'still-5.0-pro', (r) => r.model, 'still-5.0-pro'],
    ['video', 'model', 'motion-2.0', (r) => r.model, 'motion-2.0'],
    ['image', 'quality', 'high', (r) => r.quality, 'high'],
    ['image', 'aspect_ratio', '16:9', (r) => r.aspect_ratio, '16:9'],
    ['video', 'aspect_ratio', '9:16', (r) => r.aspect_ratio, '9:16'],
    ['video', 'duration', '10', (r) => r.duration, 10],
    ['video', 'resolution', '1080p', (r) => r.resolution, '1080p'],
  ])('%s %s %j', (kind, field, value, read, expected) => {
    const base = bases[kind]()
    const before = structuredClone(base)
    const r = applyAxis(kind, base, field, value)
    expect(r.ok).toBe(true)
    if (!r.ok) return
    expect(read(r.request)).toEqual(expected)
    expect(base).toEqual(before)
    expect(r.request).not.toBe(base)
  })

  it('keeps every other field of the request', () => {
    const r = applied('native', 'steps', '40')
    const base = bases.native()
    expect(r).toEqual({ ...base, parameters: { ...(base.parameters as Req), steps: 40 } })
  })
})

describe('applyAxis refuses values that do not parse, naming the field and the value', () => {
  it.each<[TaskKind, AxisField, string, string]>([
    ['native', 'steps', 'abc', 'steps: "abc" is not a whole number'],
    ['native', 'steps', '1.5', 'steps: "1.5" is not a whole number'],
    ['workbench', 'steps', '', 'steps: "" is not a whole number'],
    ['native', 'guidance', 'x', 'guidance: "x" is not a number'],
    ['workbench', 'guidance', '1e3', 'guidance: "1e3" is not a number'],
    ['native', 'seed', '-1', 'seed: "-1" must be 0 to 4294967295'],
    ['workbench', 'seed', '4294967296', 'seed: "4294967296" must be 0 to 4294967295'],
    ['workbench', 'seed', 'lucky', 'seed: "lucky" is not a whole number'],
    ['native', 'size', 'big', 'size: "big" is not a size like 832x1216'],
    ['image', 'size', '1024', 'size: "1024" is not a size like 832x1216'],
    ['native', 'size', '832x1216px', 'size: "832x1216px" is not a size like 832x1216'],
    ['workbench', 'size', 'w832x1216', 'size: "w832x1216" is not a size like 832x1216'],
    ['video', 'duration', '5s', 'duration: "5s" is not a whole number'],
    ['native', 'model', '  ', 'model: a value is empty'],
    ['native', 'quality', 'high', 'Quality cannot vary on native requests'],
    ['image', 'seed', '1', 'Seed cannot vary on image requests'],
    ['workbench', 'sampler', 'k_euler', 'Sampler cannot vary on workbench requests'],
  ])('%s %s %j', (kind, field, value, message) => {
    expect(applyAxis(kind, bases[kind](), field, value)).toEqual({ ok: false, message })
  })
})

describe('prompt search and replace', () => {
  it.each<[TaskKind, string]>([
    ['native', 'input'],
    ['workbench', 'prompt'],
    ['image', 'prompt'],
    ['video', 'prompt'],
  ])('%s replaces every occurrence in `%s`', (kind, key) => {
    const base = { ...bases[kind](), [key]: 'red fox, red sky' }
    const r = applyAxis(kind, base, 'prompt', 'blue', 'red')
    expect(r).toMatchObject({ ok: true, request: { [key]: 'blue fox, blue sky' } })
    expect(base[key]).toBe('red fox, red sky')
  })

  it('keeps the prompt as it is for the first value', () => {
    expect(applied('image', 'prompt', 'red', 'red').prompt).toBe('a red fox')
  })

  it('refuses an empty piece, and any piece of a request without a prompt', () => {
    // Replacing "" would put the value between every two characters.
    const empty = applyAxis('image', bases.image(), 'prompt', '')
    expect(empty).toEqual({ ok: false, message: expect.stringContaining('"" does not occur') })
    const { prompt: _, ...none } = bases.image()
    const e = applyAxis('image', none, 'prompt', 'blue', 'e')
    expect(e).toEqual({ ok: false, message: expect.stringContaining('"e" does not occur') })
  })

  it('refuses a piece that is not in the prompt, naming it', () => {
    const r = applyAxis('native', bases.native(), 'prompt', 'green', 'purple')
    expect(r.ok).toBe(false)
    if (!r.ok) expect(r.message).toContain('"purple" does not occur in the prompt')
  })

  it('carries the native character base caption along when it held the prompt', () => {
    const v4 = (base: string) => ({ caption: { base_caption: base, char_captions: [] } })
    const same = nativeBase({ v4_prompt: v4('a red fox in snow') }).request
    const r = applyAxis('native', same, 'prompt', 'blue', 'red')
    expect(r).toMatchObject({
      ok: true,
      request: { input: 'a blue fox in snow', parameters: { v4_prompt: v4('a blue fox in snow') } },
    })
    expect((same.parameters as Req).v4_prompt).toEqual(v4('a red fox in snow'))
    const other = nativeBase({ v4_prompt: v4('something else') }).request
    expect(withPrompt('native', other, 'new').parameters).toMatchObject({
      v4_prompt: v4('something else'),
    })
    // A request with neither a prompt nor a caption gets no caption.
    const { input: _, ...bare } = nativeBase().request as Req
    const prompted = withPrompt('native', bare, 'new')
    expect(prompted).toEqual({ ...bare, input: 'new' })
  })
})

describe('seeds', () => {
  it.each<[TaskKind, boolean]>([
    ['native', true],
    ['workbench', true],
    ['image', false],
    ['edit', false],
    ['video', false],
  ])('%s has a seed: %s', (kind, seeded) => {
    expect(hasSeed(kind)).toBe(seeded)
    const withOne = withSeed(kind, bases[kind](), 99)
    expect(seedOf(kind, withOne)).toBe(seeded ? 99 : undefined)
  })

  it('reads a seed only where the kind keeps it', () => {
    expect(seedOf('native', nativeBase({ seed: 5 }).request)).toBe(5)
    expect(seedOf('native', nativeBase().request)).toBeUndefined()
    expect(seedOf('workbench', workbenchBase({ seed: 6 }).request)).toBe(6)
    expect(seedOf('image', { ...bases.image(), seed: 7 })).toBeUndefined()
    // A seed that is not a number (a hand-edited batch file) is no seed.
    expect(seedOf('workbench', workbenchBase({ seed: '6' as unknown as number }).request)).toBe(
      undefined,
    )
  })
})
