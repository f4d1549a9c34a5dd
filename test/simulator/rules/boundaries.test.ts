/**
 * Every numeric and counted rule of the spec at its bounds (just inside, on, just outside), put
 * to the client's validators and to the simulator's own rules, which share no code (issue #18).
 * The expected verdict comes from the spec's tables, typed here once more from
 * ../shared/spec/service-interface.md, so a bound that either side gets wrong fails here.
 */
import { NATIVE_MODELS, WORKBENCH_LIMITS } from '@shared/catalog/artModels'
import { validateImageEdit, validateImageGeneration } from '@shared/catalog/validateImage'
import { validateNative } from '@shared/catalog/validateNative'
import { validateVideo } from '@shared/catalog/validateVideo'
import { validateWorkbench } from '@shared/catalog/validateWorkbench'
import type { Validation } from '@shared/catalog/validation'
import { refuseNative, refuseWorkbench } from '@simulator/rules/artRules'
import { refuseImageEdit, refuseImageGeneration } from '@simulator/rules/imageRules'
import { refuseVideo } from '@simulator/rules/videoRules'
import { PNG_1x1_BASE64 } from '@test/support/catalogFixtures'
import { describe, expect, it } from 'vitest'

type Body = Record<string, unknown>

/** One request at a bound: the field the spec refuses it on, or null when the spec accepts it. */
interface Probe {
  name: string
  body: Body
  refuse: string | null
}

const refusedOn = (v: Validation): string[] => (v.ok ? [] : Object.keys(v.fields))

/** Both sides give the spec's verdict, naming the same field when they refuse. */
function agree(probe: Probe, client: Validation, server: Record<string, string> | null): void {
  const c = refusedOn(client)
  const s = Object.keys(server ?? {})
  if (probe.refuse === null) {
    expect({ client: c, server: s }, probe.name).toEqual({ client: [], server: [] })
  } else {
    expect(c, `client: ${probe.name}`).toContain(probe.refuse)
    expect(s, `simulator: ${probe.name}`).toContain(probe.refuse)
  }
}

/** Probes of an integer field over [min, max]: min-1, min, max, max+1 (and a fraction). */
function intProbes(
  label: string,
  field: string,
  [min, max]: readonly [number, number],
  put: (v: number) => Body,
): Probe[] {
  const at = (v: number, ok: boolean): Probe => ({
    name: `${label} ${field}=${v}`,
    body: put(v),
    refuse: ok ? null : field,
  })
  return [
    at(min - 1, false),
    at(min, true),
    at(max, true),
    at(max + 1, false),
    at(min + 0.5, false),
  ]
}

// ─── video: the spec's table, model by model ───

const SPEC_VIDEO: Array<[string, string[], number, number]> = [
  ['motion-2.5', ['480p', '720p', '1080p'], 4, 30],
  ['motion-2.0', ['480p', '720p', '1080p'], 4, 15],
  ['motion-2.0-fast', ['480p', '720p'], 4, 15],
  ['clip-h3', ['480p', '720p'], 4, 15],
  ['clip-h3-sfw', ['768p', '1080p'], 4, 30],
  ['reel-2.2-anime', ['480p', '720p'], 5, 5],
  ['reel-2.2-real', ['480p', '720p'], 5, 5],
]

describe('video bounds: client and simulator give the spec’s verdict', () => {
  const base = (model: string): Body => ({ model, prompt: 'waves at dawn' })
  it.each(SPEC_VIDEO)('%s', (model, resolutions, min, max) => {
    const probes: Probe[] = [
      ...intProbes(model, 'duration', [min, max], (d) => ({ ...base(model), duration: d })),
      ...['480p', '720p', '768p', '1080p'].map((resolution) => ({
        name: `${model} ${resolution}`,
        body: { ...base(model), resolution },
        refuse: resolutions.includes(resolution) ? null : 'resolution',
      })),
      { name: `${model} without prompt`, body: { model }, refuse: 'prompt' },
    ]
    for (const p of probes) agree(p, validateVideo(p.body), refuseVideo(p.body))
  })

  it('all-reference only on clip-h3 and clip-h3-sfw, with URLs and whole seconds ≥ 1', () => {
    const ref = (model: string, extra: Body): Body => ({
      model,
      prompt: 'p',
      mode: 'all-reference',
      reference_video_urls: ['https://example.com/a.mp4'],
      ...extra,
    })
    const probes: Probe[] = [
      { name: 'clip-h3 1 s', body: ref('clip-h3', { input_video_seconds: 1 }), refuse: null },
      {
        name: 'clip-h3 0 s',
        body: ref('clip-h3', { input_video_seconds: 0 }),
        refuse: 'input_video_seconds',
      },
      {
        name: 'clip-h3 1.5 s',
        body: ref('clip-h3', { input_video_seconds: 1.5 }),
        refuse: 'input_video_seconds',
      },
      { name: 'clip-h3 no seconds', body: ref('clip-h3', {}), refuse: 'input_video_seconds' },
      { name: 'sfw 9 s', body: ref('clip-h3-sfw', { input_video_seconds: 9 }), refuse: null },
      { name: 'motion mode', body: ref('motion-2.5', { input_video_seconds: 3 }), refuse: 'mode' },
      {
        name: 'no URLs',
        body: ref('clip-h3', { reference_video_urls: [], input_video_seconds: 3 }),
        refuse: 'reference_video_urls',
      },
      {
        name: 'URLs without the mode',
        body: { ...ref('clip-h3', { input_video_seconds: 3 }), mode: undefined },
        refuse: 'reference_video_urls',
      },
    ]
    for (const p of probes) agree(p, validateVideo(p.body), refuseVideo(p.body))
  })
})

// ─── native endpoint: the spec's Limits table and native model table ───

const nativeBody = (over: Body = {}, params: Body = {}): Body => ({
  input: 'a lighthouse',
  model: 'art-diffusion-4-5-full',
  action: 'generate',
  ...over,
  parameters: { width: 1024, height: 1024, steps: 23, n_samples: 1, ...params },
})

/** The spec's native model table: identifier → max character captions. */
const SPEC_NATIVE_CHARACTERS: Array<[string, number]> = [
  ['art-diffusion-4-5-full', 6],
  ['art-diffusion-4-5-curated', 6],
  ['art-diffusion-5-full', 32],
  ['art-diffusion-4-full', 6],
  ['art-diffusion-4-curated-preview', 6],
  ['art-diffusion-3', 0],
  ['art-diffusion-furry-3', 0],
]

const captions = (n: number) => ({
  caption: { char_captions: Array.from({ length: n }, () => ({ char_caption: 'a knight' })) },
})

describe('native bounds: client and simulator give the spec’s verdict', () => {
  const native = (p: Probe) => agree(p, validateNative(p.body), refuseNative(p.body, 1000))
  const param = (field: string) => (v: number) => nativeBody({}, { [field]: v })

  it('steps 1–50, n_samples 1–4, seed 0–4294967295', () => {
    ;[
      ...intProbes('native', 'parameters.steps', [1, 50], param('steps')),
      ...intProbes('native', 'parameters.n_samples', [1, 4], param('n_samples')),
      ...intProbes('native', 'parameters.seed', [0, 4_294_967_295], param('seed')),
    ].forEach(native)
  })

  it('sides are multiples of 64 up to 3072, at most 3,145,728 pixels', () => {
    const size = (width: number, height: number, refuse: string | null): Probe => ({
      name: `${width}x${height}`,
      body: nativeBody({}, { width, height }),
      refuse,
    })
    ;[
      size(64, 64, null),
      size(0, 64, 'parameters.width'),
      size(1000, 1024, 'parameters.width'),
      size(1024, 1000, 'parameters.height'),
      size(3072, 1024, null),
      size(3136, 64, 'parameters.width'),
      size(2048, 1536, null),
      size(2048, 1600, 'parameters.width'),
    ].forEach(native)
  })

  it('guidance (scale) 0–10, strength above 0 to 1, noise 0–1', () => {
    const img = (p: Body) => nativeBody({ action: 'img2img' }, { image: PNG_1x1_BASE64, ...p })
    const num = (field: string, v: number, ok: boolean, action = false): Probe => ({
      name: `${field}=${v}`,
      body: action ? img({ [field]: v }) : nativeBody({}, { [field]: v }),
      refuse: ok ? null : `parameters.${field}`,
    })
    ;[
      num('scale', -0.1, false),
      num('scale', 0, true),
      num('scale', 10, true),
      num('scale', 10.1, false),
      num('strength', 0, false, true),
      num('strength', 0.01, true, true),
      num('strength', 1, true, true),
      num('strength', 1.01, false, true),
      num('noise', -0.01, false, true),
      num('noise', 0, true, true),
      num('noise', 1, true, true),
      num('noise', 1.01, false, true),
    ].forEach(native)
  })

  it.each(SPEC_NATIVE_CHARACTERS)('%s takes at most %i character captions', (model, max) => {
    const path = 'parameters.v4_prompt.caption.char_captions'
    native({
      name: `${model} ${max}`,
      body: nativeBody({ model }, { v4_prompt: captions(max) }),
      refuse: null,
    })
    native({
      name: `${model} ${max + 1}`,
      body: nativeBody({ model }, { v4_prompt: captions(max + 1) }),
      refuse: path,
    })
  })

  it('img2img and infill need their images; generate takes none; every field required', () => {
    ;[
      { name: 'img2img bare', body: nativeBody({ action: 'img2img' }), refuse: 'parameters.image' },
      {
        name: 'infill without mask',
        body: nativeBody({ action: 'infill' }, { image: PNG_1x1_BASE64 }),
        refuse: 'parameters.mask',
      },
      {
        name: 'infill',
        body: nativeBody({ action: 'infill' }, { image: PNG_1x1_BASE64, mask: PNG_1x1_BASE64 }),
        refuse: null,
      },
      {
        name: 'generate + image',
        body: nativeBody({}, { image: PNG_1x1_BASE64 }),
        refuse: 'parameters.image',
      },
      { name: 'no input', body: nativeBody({ input: undefined }), refuse: 'input' },
      { name: 'no action', body: nativeBody({ action: undefined }), refuse: 'action' },
      { name: 'unknown model', body: nativeBody({ model: 'art-diffusion-9' }), refuse: 'model' },
      { name: 'no steps', body: nativeBody({}, { steps: undefined }), refuse: 'parameters.steps' },
      {
        name: 'no n_samples',
        body: nativeBody({}, { n_samples: undefined }),
        refuse: 'parameters.n_samples',
      },
      {
        name: 'no height',
        body: nativeBody({}, { height: undefined }),
        refuse: 'parameters.height',
      },
    ].forEach(native)
  })

  it('every native model identifier of the spec is known to both sides', () => {
    expect(NATIVE_MODELS.map((m) => [m.id, m.maxCharacters])).toEqual(SPEC_NATIVE_CHARACTERS)
  })
})

// ─── workbench: the controls table ───

const workbenchBody = (over: Body = {}): Body => ({
  model: 'art-v4.5',
  model_variant: 'art-diffusion-4-5-full',
  prompt: 'a lighthouse',
  width: 832,
  height: 1216,
  steps: 23,
  count: 1,
  ...over,
})

describe('workbench bounds: client and simulator give the spec’s verdict', () => {
  const bench = (p: Probe) => {
    agree(p, validateWorkbench(p.body), refuseWorkbench(p.body, 'estimate'))
  }
  const put = (field: string) => (v: number) => workbenchBody({ [field]: v })

  it('steps 1–50, count 1–4, seed 0–4294967295', () => {
    ;[
      ...intProbes('workbench', 'steps', [1, 50], put('steps')),
      ...intProbes('workbench', 'count', [1, 4], put('count')),
      ...intProbes('workbench', 'seed', [0, 4_294_967_295], put('seed')),
    ].forEach(bench)
  })

  it('guidance 0–10, source_strength above 0 to 1, source_noise 0–1', () => {
    const num = (field: string, v: number, ok: boolean): Probe => ({
      name: `${field}=${v}`,
      body: workbenchBody({ [field]: v }),
      refuse: ok ? null : field,
    })
    ;[
      num('guidance', -0.5, false),
      num('guidance', 0, true),
      num('guidance', 10, true),
      num('guidance', 10.5, false),
      num('source_strength', 0, false),
      num('source_strength', 0.001, true),
      num('source_strength', 1, true),
      num('source_strength', 1.001, false),
      num('source_noise', -0.001, false),
      num('source_noise', 0, true),
      num('source_noise', 1, true),
      num('source_noise', 1.001, false),
    ].forEach(bench)
  })

  it('characters: 6 for V4.5 variants, 32 for V5', () => {
    const chars = (n: number) => Array.from({ length: n }, () => ({ prompt: 'a knight' }))
    for (const [variant, max] of [
      ['art-diffusion-4-5-full', 6],
      ['art-diffusion-4-5-curated', 6],
      ['art-diffusion-5-full', 32],
    ] as const) {
      bench({
        name: `${variant} ${max}`,
        body: workbenchBody({ model_variant: variant, characters: chars(max) }),
        refuse: null,
      })
      bench({
        name: `${variant} ${max + 1}`,
        body: workbenchBody({ model_variant: variant, characters: chars(max + 1) }),
        refuse: 'characters',
      })
    }
  })

  it('the generation phase also needs quote_id and client_request_id', () => {
    for (const field of ['quote_id', 'client_request_id']) {
      const body = workbenchBody({ quote_id: 'q', client_request_id: 'c', [field]: undefined })
      const p = { name: `without ${field}`, body, refuse: field }
      agree(
        p,
        validateWorkbench(body, { phase: 'generation' }),
        refuseWorkbench(body, 'generation'),
      )
    }
    const whole = workbenchBody({ quote_id: 'q', client_request_id: 'c' })
    agree(
      { name: 'quoted', body: whole, refuse: null },
      validateWorkbench(whole, { phase: 'generation' }),
      refuseWorkbench(whole, 'generation'),
    )
    expect(WORKBENCH_LIMITS.model).toBe('art-v4.5')
  })
})

// ─── images: the per-model parameters table ───

describe('image bounds: client and simulator give the spec’s verdict', () => {
  const gen = (p: Probe) => agree(p, validateImageGeneration(p.body), refuseImageGeneration(p.body))
  const body = (model: string, over: Body = {}): Body => ({ model, prompt: 'a kite', ...over })

  it('n: 1 for std-image-2, sunburst, still-5.0-pro and edit-2511; 1 to 4 for art-v4.5', () => {
    const urls = { image_urls: ['https://example.com/r.png'], mode: 'reference' }
    ;[
      ...intProbes('std-image-2', 'n', [1, 1], (n) => body('std-image-2', { n })),
      ...intProbes('sunburst', 'n', [1, 1], (n) => body('std-image-2.5-sunburst', { n })),
      ...intProbes('still', 'n', [1, 1], (n) => body('still-5.0-pro', { n })),
      ...intProbes('edit-2511', 'n', [1, 1], (n) => body('edit-2511', { n, ...urls })),
      ...intProbes('art-v4.5', 'n', [1, 4], (n) => body('art-v4.5', { n })),
    ].forEach(gen)
  })

  it('std-image-2 size: multiples of 8 within the tier that quality selects', () => {
    const size = (s: string, quality: string, ok: boolean): Probe => ({
      name: `${s} at ${quality}`,
      body: body('std-image-2', { size: s, quality }),
      refuse: ok ? null : 'size',
    })
    ;[
      size('1024x1024', 'low', true),
      size('1032x1024', 'low', false),
      size('1032x1024', 'medium', true),
      size('1020x1024', 'medium', false),
      size('2048x2048', 'medium', true),
      size('2056x2048', 'medium', false),
      size('4096x4096', 'high', true),
    ].forEach(gen)
  })

  it('sunburst size: multiples of 16, 655,360 to 1,048,576 pixels, within 3:1', () => {
    const size = (s: string, ok: boolean): Probe => ({
      name: s,
      body: body('std-image-2.5-sunburst', { size: s }),
      refuse: ok ? null : 'size',
    })
    ;[
      size('1024x640', true),
      size('1008x640', false),
      size('1024x1024', true),
      size('1040x1024', false),
      size('1536x512', true),
      size('1552x512', false),
      size('1016x1024', false),
    ].forEach(gen)
  })

  it('image_urls: 0–10 for still-5.0-pro, 1–2 for edit-2511; smart needs a reference', () => {
    const urls = (n: number) => Array.from({ length: n }, (_, i) => `https://example.com/${i}.png`)
    const still = (n: number, ok: boolean, aspect?: string): Probe => ({
      name: `still ${n} urls ${aspect ?? ''}`,
      body: body('still-5.0-pro', {
        image_urls: urls(n),
        ...(aspect ? { aspect_ratio: aspect } : {}),
      }),
      refuse: ok ? null : aspect ? 'aspect_ratio' : 'image_urls',
    })
    const edit = (n: number, ok: boolean): Probe => ({
      name: `edit-2511 ${n} urls`,
      body: body('edit-2511', { image_urls: urls(n), mode: 'reference' }),
      refuse: ok ? null : 'image_urls',
    })
    ;[
      still(0, true),
      still(10, true),
      still(11, false),
      still(0, false, 'smart'),
      still(1, true, 'smart'),
      edit(0, false),
      edit(1, true),
      edit(2, true),
      edit(3, false),
    ].forEach(gen)
  })

  it('edits: 1–4 files for std-image-2, 1–10 for still-5.0-pro, 1–2 for edit-2511, 1 for art-v4.5', () => {
    const file = { bytes: 100, type: 'image/png' as const }
    for (const [model, min, max] of [
      ['std-image-2', 1, 4],
      ['still-5.0-pro', 1, 10],
      ['edit-2511', 1, 2],
      ['art-v4.5', 1, 1],
    ] as const) {
      const fields = body(model, model === 'edit-2511' ? { mode: 'reference' } : {})
      for (const n of [min - 1, min, max, max + 1]) {
        const files = Array.from({ length: n }, () => file)
        const uploads = files.map((f) => ({ bytes: f.bytes, format: f.type }))
        agree(
          {
            name: `${model} ${n} files`,
            body: fields,
            refuse: n >= min && n <= max ? null : 'image[]',
          },
          validateImageEdit(fields, files),
          refuseImageEdit(fields, uploads),
        )
      }
    }
  })
})
