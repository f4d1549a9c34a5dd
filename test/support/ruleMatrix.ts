/**
 * One accepted and one rejected case (at least) for every rule row of the spec, shared by the
 * validator unit tests and the simulator's HTTP validation matrix, so the same table proves both
 * the shared validators and the server that enforces them.
 */
import { PNG_1x1_BASE64, pngHeaderBase64, pngOfSize } from '@test/support/catalogFixtures'

export type MatrixEndpoint =
  | 'images.generations'
  | 'images.edits'
  | 'videos'
  | 'art.native'
  | 'art.estimate'
  | 'chat.completions'
  | 'responses'
  | 'responses.compact'

/** A reference file for the edits endpoint: a real image of the given type, or plain text. */
export type FileKind = 'png' | 'jpeg' | 'webp' | 'text'

export interface RuleCase {
  /** The spec's rule row, in words. */
  row: string
  endpoint: MatrixEndpoint
  body: () => Record<string, unknown>
  files?: FileKind[]
  /** The field the 400 must name; absent when the request is valid. */
  reject?: string
  /** Other fields the same request is refused on; the validators name exactly these. */
  alsoRefused?: string[]
}

/** One case of a rule row: its request, and the field the 400 must name when it is refused. */
type Case = Omit<RuleCase, 'row' | 'endpoint'>

/** A request the row accepts (with its reference files, on the edits endpoint). */
const accepted = (body: RuleCase['body'], files?: FileKind[]): Case =>
  files === undefined ? { body } : { body, files }

/** A request the row refuses, naming the field the 400 must name. */
const rejected = (reject: string, body: RuleCase['body'], files?: FileKind[]): Case =>
  files === undefined ? { body, reject } : { body, files, reject }

/**
 * The cases of one rule row of the spec. The row and its endpoint are written once, so a row's
 * accepted and rejected cases cannot drift apart into two rows (the coverage test pairs them).
 */
const rule = (row: string, endpoint: MatrixEndpoint, cases: Case[]): RuleCase[] =>
  cases.map((c) => ({ row, endpoint, ...c }))

const img = (over: Record<string, unknown>) => () => ({ prompt: 'a red kite over hills', ...over })
const files = (n: number, kind: FileKind = 'png'): FileKind[] =>
  Array.from({ length: n }, () => kind)

/** A valid native art request every native row (and the field tables) starts from. */
export const nativeBase = {
  input: 'a lighthouse at dusk',
  model: 'art-diffusion-4-5-full',
  action: 'generate',
  parameters: {
    width: 832,
    height: 1216,
    steps: 23,
    n_samples: 1,
    scale: 5,
    seed: 1,
    sampler: 'k_euler_ancestral',
    negative_prompt: '',
  },
}
const native =
  (over: Record<string, unknown> = {}, params: Record<string, unknown> = {}) =>
  () => ({ ...nativeBase, ...over, parameters: { ...nativeBase.parameters, ...params } })

const captions = (n: number) => ({
  caption: {
    base_caption: 'two friends',
    char_captions: Array.from({ length: n }, (_, i) => ({ char_caption: `person ${i}` })),
  },
  use_coords: false,
})

/** A valid workbench request every workbench row (and the field tables) starts from. */
export const wbBase = {
  model: 'art-v4.5',
  model_variant: 'art-diffusion-4-5-full',
  prompt: 'a fox in snow',
  width: 1024,
  height: 1024,
  steps: 23,
  count: 1,
}
const wb =
  (over: Record<string, unknown> = {}) =>
  () => ({ ...wbBase, ...over })
const characters = (n: number) =>
  Array.from({ length: n }, (_, i) => ({ prompt: `character ${i}`, negative_prompt: '' }))

const video = (over: Record<string, unknown>) => () => ({ prompt: 'waves at night', ...over })

const chat = (over: Record<string, unknown>) => () => ({
  messages: [{ role: 'user', content: 'Say hello' }],
  ...over,
})

// ───────────────────────────── images ─────────────────────────────

const imageCases: RuleCase[] = [
  // std-image-2
  ...rule('std-image-2 quality low → 1K budget', 'images.generations', [
    accepted(img({ model: 'std-image-2', quality: 'low', size: '1024x1024' })),
    rejected('size', img({ model: 'std-image-2', quality: 'low', size: '1024x1032' })),
  ]),
  ...rule('std-image-2 quality auto → 1K budget', 'images.generations', [
    accepted(img({ model: 'std-image-2', quality: 'auto', size: '1536x680' })),
    rejected('size', img({ model: 'std-image-2', size: '1536x1024' })),
  ]),
  ...rule('std-image-2 quality medium → 2K budget', 'images.generations', [
    accepted(img({ model: 'std-image-2', quality: 'medium', size: '2048x2048' })),
    rejected('size', img({ model: 'std-image-2', quality: 'medium', size: '2048x2056' })),
  ]),
  ...rule('std-image-2 quality high → 4K budget', 'images.generations', [
    accepted(img({ model: 'std-image-2', quality: 'high', size: '3840x2160' })),
    rejected('size', img({ model: 'std-image-2', quality: 'high', size: '4096x4104' })),
  ]),
  ...rule('quality is low, auto, medium or high', 'images.generations', [
    rejected('quality', img({ model: 'std-image-2', quality: 'ultra' })),
    accepted(img({ model: 'std-image-2', quality: 'auto' })),
  ]),
  ...rule('std-image-2 n is 1', 'images.generations', [
    accepted(img({ model: 'std-image-2', n: 1 })),
    rejected('n', img({ model: 'std-image-2', n: 2 })),
  ]),
  ...rule('std-image-2 size multiples of 8', 'images.generations', [
    accepted(img({ model: 'std-image-2', size: '1016x1024' })),
    rejected('size', img({ model: 'std-image-2', size: '1020x1024' })),
    rejected('size', img({ model: 'std-image-2', size: 'large' })),
  ]),
  ...rule('std-image-2 image[] 1 to 4 on edits', 'images.edits', [
    accepted(img({ model: 'std-image-2' }), files(4)),
    rejected('image[]', img({ model: 'std-image-2' }), files(5)),
    rejected('image[]', img({ model: 'std-image-2' }), []),
  ]),
  ...rule('image_urls only for models that accept them', 'images.generations', [
    rejected(
      'image_urls',
      img({ model: 'std-image-2', image_urls: ['https://example.com/a.png'] }),
    ),
    accepted(img({ model: 'still-5.0-pro', image_urls: ['https://example.com/a.png'] })),
  ]),
  // std-image-2.5-sunburst
  ...rule('sunburst quality low and auto → 1K', 'images.generations', [
    accepted(img({ model: 'std-image-2.5-sunburst', quality: 'low' })),
    rejected('quality', img({ model: 'std-image-2.5-sunburst', quality: 'medium' })),
  ]),
  ...rule('sunburst n is 1', 'images.generations', [
    rejected('n', img({ model: 'std-image-2.5-sunburst', n: 3 })),
    accepted(img({ model: 'std-image-2.5-sunburst', n: 1 })),
  ]),
  ...rule('sunburst size multiples of 16', 'images.generations', [
    accepted(img({ model: 'std-image-2.5-sunburst', size: '1024x992' })),
    rejected('size', img({ model: 'std-image-2.5-sunburst', size: '1000x1000' })),
  ]),
  ...rule('sunburst total pixels at least 655,360', 'images.generations', [
    accepted(img({ model: 'std-image-2.5-sunburst', size: '1024x640' })),
    rejected('size', img({ model: 'std-image-2.5-sunburst', size: '1008x640' })),
  ]),
  ...rule('sunburst total pixels at most 1,048,576', 'images.generations', [
    accepted(img({ model: 'std-image-2.5-sunburst', size: '1024x1024' })),
    rejected('size', img({ model: 'std-image-2.5-sunburst', size: '1040x1024' })),
  ]),
  ...rule('sunburst aspect ratio within 3:1', 'images.generations', [
    accepted(img({ model: 'std-image-2.5-sunburst', size: '1536x512' })),
    rejected('size', img({ model: 'std-image-2.5-sunburst', size: '1568x512' })),
  ]),
  ...rule('sunburst image[] 1 to 4 on edits', 'images.edits', [
    accepted(img({ model: 'std-image-2.5-sunburst' }), ['png', 'jpeg', 'webp']),
    rejected('image[]', img({ model: 'std-image-2.5-sunburst' }), files(5)),
  ]),
  // still-5.0-pro
  ...rule('still-5.0-pro quality low/auto → 1K, medium → 2K', 'images.generations', [
    accepted(img({ model: 'still-5.0-pro', quality: 'medium' })),
    rejected('quality', img({ model: 'still-5.0-pro', quality: 'high' })),
  ]),
  ...rule('still-5.0-pro n is 1', 'images.generations', [
    rejected('n', img({ model: 'still-5.0-pro', n: 2 })),
    accepted(img({ model: 'still-5.0-pro', n: 1 })),
  ]),
  ...rule('still-5.0-pro aspect_ratio one of 1:1, 16:9, 9:16, 4:3, 3:4', 'images.generations', [
    accepted(img({ model: 'still-5.0-pro', aspect_ratio: '3:4' })),
    rejected('aspect_ratio', img({ model: 'still-5.0-pro', aspect_ratio: '21:9' })),
    rejected('size', img({ model: 'still-5.0-pro', size: '1024x1024' })),
  ]),
  ...rule('still-5.0-pro image_urls 1 to 10', 'images.generations', [
    accepted(
      img({
        model: 'still-5.0-pro',
        image_urls: Array.from({ length: 10 }, (_, i) => `https://example.com/${i}.png`),
      }),
    ),
    rejected(
      'image_urls',
      img({
        model: 'still-5.0-pro',
        image_urls: Array.from({ length: 11 }, (_, i) => `https://example.com/${i}.png`),
      }),
    ),
  ]),
  ...rule('still-5.0-pro image[] 1 to 10', 'images.edits', [
    accepted(img({ model: 'still-5.0-pro' }), files(10, 'jpeg')),
    rejected('image[]', img({ model: 'still-5.0-pro' }), files(11)),
  ]),
  ...rule('still-5.0-pro smart aspect ratio requires references', 'images.generations', [
    accepted(
      img({
        model: 'still-5.0-pro',
        aspect_ratio: 'smart',
        image_urls: ['https://example.com/a.png'],
      }),
    ),
    rejected('aspect_ratio', img({ model: 'still-5.0-pro', aspect_ratio: 'smart' })),
  ]),
  ...rule('references must be PNG, JPEG or WebP', 'images.edits', [
    rejected('image[1]', img({ model: 'still-5.0-pro' }), ['png', 'text']),
    accepted(img({ model: 'still-5.0-pro' }), ['png', 'jpeg', 'webp']),
  ]),
  // edit-2511
  ...rule('edit-2511 quality does not change the resolution', 'images.generations', [
    accepted(
      img({
        model: 'edit-2511',
        mode: 'reference',
        quality: 'high',
        image_urls: ['https://example.com/a.png'],
      }),
    ),
    rejected(
      'quality',
      img({
        model: 'edit-2511',
        mode: 'reference',
        quality: 'max',
        image_urls: ['https://example.com/a.png'],
      }),
    ),
  ]),
  ...rule('edit-2511 mode is reference', 'images.edits', [
    accepted(img({ model: 'edit-2511', mode: 'reference' }), files(2)),
    rejected('mode', img({ model: 'edit-2511' }), files(1)),
  ]),
  ...rule('edit-2511 image_urls or image[] required, 1 to 2', 'images.generations', [
    accepted(
      img({
        model: 'edit-2511',
        mode: 'reference',
        image_urls: ['https://example.com/a.png', 'https://example.com/b.png'],
      }),
    ),
    rejected('image_urls', img({ model: 'edit-2511', mode: 'reference' })),
  ]),
  ...rule('edit-2511 image_urls or image[] required, 1 to 2', 'images.edits', [
    rejected('image[]', img({ model: 'edit-2511', mode: 'reference' }), files(3)),
  ]),
  ...rule('edit-2511 resolution fixed at 720p', 'images.edits', [
    accepted(img({ model: 'edit-2511', mode: 'reference' }), files(1)),
  ]),
  ...rule('edit-2511 resolution fixed at 720p', 'images.generations', [
    rejected(
      'size',
      img({
        model: 'edit-2511',
        mode: 'reference',
        size: '1024x1024',
        image_urls: ['https://example.com/a.png'],
      }),
    ),
  ]),
  ...rule('edit-2511 n is 1', 'images.edits', [
    rejected('n', img({ model: 'edit-2511', mode: 'reference', n: 2 }), files(1)),
    accepted(img({ model: 'edit-2511', mode: 'reference', n: 1 }), files(1)),
  ]),
  // art-v4.5
  ...rule('art-v4.5 n is 1 to 4', 'images.generations', [
    accepted(img({ model: 'art-v4.5', n: 4 })),
    rejected('n', img({ model: 'art-v4.5', n: 5 })),
    rejected('n', img({ model: 'art-v4.5', n: 0 })),
  ]),
  ...rule('art-v4.5 aspect_ratio mapped to server dimensions', 'images.generations', [
    accepted(img({ model: 'art-v4.5', aspect_ratio: '16:9' })),
    rejected('aspect_ratio', img({ model: 'art-v4.5', aspect_ratio: '5:1' })),
  ]),
  ...rule('art-v4.5 quality not applicable', 'images.generations', [
    rejected('quality', img({ model: 'art-v4.5', quality: 'high' })),
    accepted(img({ model: 'art-v4.5', aspect_ratio: '2:3' })),
  ]),
  ...rule('art-v4.5 exactly one reference for editing', 'images.edits', [
    accepted(img({ model: 'art-v4.5' }), files(1, 'webp')),
    rejected('image[]', img({ model: 'art-v4.5' }), files(2)),
  ]),
  // art-v5 and compact-2-sfw
  ...rule('art-v5 uses the native endpoint', 'images.generations', [
    rejected('model', img({ model: 'art-v5' })),
  ]),
  ...rule('art-v5 uses the native endpoint', 'art.native', [
    accepted(native({ model: 'art-diffusion-5-full' })),
  ]),
  ...rule('prompt is required', 'images.generations', [
    rejected('prompt', () => ({ model: 'std-image-2', prompt: '' })),
    rejected('prompt', () => ({ model: 'std-image-2' })),
    accepted(() => ({ model: 'std-image-2', prompt: 'x' })),
  ]),
  ...rule('response_format url or b64_json', 'images.generations', [
    accepted(img({ model: 'std-image-2', response_format: 'b64_json' })),
    rejected('response_format', img({ model: 'std-image-2', response_format: 'png' })),
  ]),
]

// ───────────────────────────── video ─────────────────────────────

const REF_ROW =
  'clip-h3 / clip-h3-sfw reference mode all-reference (reference_video_urls, input_video_seconds)'

const videoRows: [string, string[], string, number, number][] = [
  ['motion-2.5', ['480p', '720p', '1080p'], '768p', 4, 30],
  ['motion-2.0', ['480p', '720p', '1080p'], '768p', 4, 15],
  ['motion-2.0-fast', ['480p', '720p'], '1080p', 4, 15],
  ['clip-h3', ['480p', '720p'], '1080p', 4, 15],
  ['clip-h3-sfw', ['768p', '1080p'], '720p', 4, 30],
  ['reel-2.2-anime', ['480p', '720p'], '1080p', 5, 5],
  ['reel-2.2-real', ['480p', '720p'], '1080p', 5, 5],
]

const videoCases: RuleCase[] = videoRows.flatMap(([model, resolutions, badRes, min, max]) => [
  ...rule(`${model} resolution ${resolutions.join(', ')}`, 'videos', [
    ...resolutions.map((resolution) => accepted(video({ model, resolution, duration: min }))),
    rejected('resolution', video({ model, resolution: badRes })),
  ]),
  ...rule(`${model} duration ${min} to ${max}`, 'videos', [
    accepted(video({ model, duration: max })),
    rejected('duration', video({ model, duration: max + 1 })),
    rejected('duration', video({ model, duration: min - 1 })),
  ]),
])

videoCases.push(
  ...rule('video aspect_ratio (16:9, 9:16, square)', 'videos', [
    accepted(video({ model: 'motion-2.0', aspect_ratio: '9:16' })),
    rejected('aspect_ratio', video({ model: 'motion-2.0', aspect_ratio: '4:1' })),
  ]),
  ...rule('video prompt is required', 'videos', [
    accepted(video({ model: 'motion-2.0' })),
    rejected('prompt', () => ({ model: 'motion-2.0' })),
    rejected('prompt', () => ({ model: 'motion-2.0', prompt: '' })),
  ]),
  ...rule('video duration is an integer', 'videos', [
    rejected('duration', video({ model: 'motion-2.0', duration: 5.5 })),
    accepted(video({ model: 'motion-2.0', duration: 6 })),
  ]),
  ...rule(REF_ROW, 'videos', [
    accepted(
      video({
        model: 'clip-h3',
        mode: 'all-reference',
        reference_video_urls: ['https://example.com/ref.mp4'],
        input_video_seconds: 8,
      }),
    ),
    accepted(
      video({
        model: 'clip-h3-sfw',
        resolution: '768p',
        mode: 'all-reference',
        reference_video_urls: ['https://example.com/a.mp4', 'https://example.com/b.mp4'],
        input_video_seconds: 12,
      }),
    ),
    {
      ...rejected(
        'mode',
        video({
          model: 'motion-2.5',
          mode: 'all-reference',
          reference_video_urls: ['https://example.com/ref.mp4'],
          input_video_seconds: 8,
        }),
      ),
      // The URLs need a reference mode, and motion-2.5 has none.
      alsoRefused: ['reference_video_urls'],
    },
    rejected('mode', video({ model: 'clip-h3', mode: 'first-last-frame' })),
    rejected(
      'reference_video_urls',
      video({
        model: 'clip-h3',
        reference_video_urls: ['https://example.com/ref.mp4'],
        input_video_seconds: 8,
      }),
    ),
    rejected(
      'input_video_seconds',
      video({
        model: 'clip-h3',
        mode: 'all-reference',
        reference_video_urls: ['https://example.com/ref.mp4'],
      }),
    ),
  ]),
)

// ───────────────────────────── native ─────────────────────────────

const UNSUPPORTED_ROW =
  'native: unsupported active parameters (Vibes, SMEA, structural control, enhance, upscale, streaming) → 400'

const nativeCases: RuleCase[] = [
  ...rule('native width and height multiples of 64', 'art.native', [
    accepted(native({}, { width: 640, height: 448 })),
    rejected('parameters.width', native({}, { width: 800 })),
    rejected('parameters.height', native({}, { height: 1000 })),
  ]),
  ...rule('native total pixels at most 3,145,728', 'art.native', [
    accepted(native({}, { width: 2048, height: 1536 })),
    rejected('parameters.width', native({}, { width: 2048, height: 1600 })),
  ]),
  ...rule('native each side at most 3072', 'art.native', [
    accepted(native({}, { width: 3072, height: 1024 })),
    rejected('parameters.width', native({}, { width: 3136, height: 512 })),
  ]),
  ...rule('native steps 1 to 50', 'art.native', [
    accepted(native({}, { steps: 50 })),
    rejected('parameters.steps', native({}, { steps: 51 })),
    rejected('parameters.steps', native({}, { steps: 0 })),
  ]),
  ...rule('native n_samples 1 to 4', 'art.native', [
    accepted(native({}, { n_samples: 4, width: 512, height: 512 })),
    rejected('parameters.n_samples', native({}, { n_samples: 5 })),
  ]),
  ...rule('native seed 0 to 4294967295', 'art.native', [
    accepted(native({}, { seed: 4294967295 })),
    rejected('parameters.seed', native({}, { seed: 4294967296 })),
    rejected('parameters.seed', native({}, { seed: -1 })),
  ]),
  ...rule('native action generate, img2img or infill', 'art.native', [
    accepted(native({ action: 'img2img' }, { image: PNG_1x1_BASE64, strength: 0.7, noise: 0 })),
    accepted(native({ action: 'infill' }, { image: PNG_1x1_BASE64, mask: PNG_1x1_BASE64 })),
    rejected('action', native({ action: 'outpaint' })),
    rejected('parameters.mask', native({ action: 'infill' }, { image: PNG_1x1_BASE64 })),
    // Issue #18: infill or img2img without the image they work on survived as mutants.
    rejected('parameters.image', native({ action: 'infill' }, { mask: PNG_1x1_BASE64 })),
    rejected('parameters.image', native({ action: 'img2img' }, { strength: 0.7, noise: 0 })),
  ]),
  ...rule('native input, model and action are required', 'art.native', [
    accepted(native()),
    rejected('input', () => {
      const { input: _input, ...rest } = native()()
      return rest
    }),
    rejected('action', () => {
      const { action: _action, ...rest } = native()()
      return rest
    }),
  ]),
  ...rule('native model table', 'art.native', [
    accepted(native({ model: 'art-diffusion-3' })),
    rejected('model', native({ model: 'art-v4.5' })),
  ]),
  ...rule('V4.5 Full max 6 characters', 'art.native', [
    accepted(native({}, { v4_prompt: captions(6) })),
    rejected('parameters.v4_prompt.caption.char_captions', native({}, { v4_prompt: captions(7) })),
  ]),
  ...rule('V4.5 Curated max 6 characters', 'art.native', [
    accepted(
      native(
        { model: 'art-diffusion-4-5-curated' },
        { v4_prompt: captions(6), v4_negative_prompt: captions(6) },
      ),
    ),
    rejected(
      'parameters.v4_negative_prompt.caption.char_captions',
      native({ model: 'art-diffusion-4-5-curated' }, { v4_negative_prompt: captions(7) }),
    ),
  ]),
  ...rule('V5 Full max 32 characters', 'art.native', [
    accepted(native({ model: 'art-diffusion-5-full' }, { v4_prompt: captions(32) })),
    rejected(
      'parameters.v4_prompt.caption.char_captions',
      native({ model: 'art-diffusion-5-full' }, { v4_prompt: captions(33) }),
    ),
  ]),
  ...rule('V4 Full max 6 characters', 'art.native', [
    accepted(native({ model: 'art-diffusion-4-full' }, { v4_prompt: captions(6) })),
    rejected(
      'parameters.v4_prompt.caption.char_captions',
      native({ model: 'art-diffusion-4-full' }, { v4_prompt: captions(7) }),
    ),
  ]),
  ...rule('V4 Curated max 6 characters', 'art.native', [
    accepted(native({ model: 'art-diffusion-4-curated-preview' }, { v4_prompt: captions(2) })),
    rejected(
      'parameters.v4_prompt.caption.char_captions',
      native({ model: 'art-diffusion-4-curated-preview' }, { v4_prompt: captions(7) }),
    ),
  ]),
  ...rule('Anime V3 and Furry V3 take 0 characters', 'art.native', [
    accepted(native({ model: 'art-diffusion-furry-3' }, { v4_prompt: captions(0) })),
    rejected(
      'parameters.v4_prompt.caption.char_captions',
      native({ model: 'art-diffusion-furry-3' }, { v4_prompt: captions(1) }),
    ),
  ]),
  ...rule('native reference image at most 24 megapixels', 'art.native', [
    accepted(native({ action: 'img2img' }, { image: pngHeaderBase64(6000, 4000), strength: 0.5 })),
    rejected(
      'parameters.image',
      native({ action: 'img2img' }, { image: pngHeaderBase64(6000, 4001), strength: 0.5 }),
    ),
  ]),
  ...rule('native reference image at most 24 MiB', 'art.native', [
    accepted(native({ action: 'img2img' }, { image: pngOfSize(24 * 1024 * 1024), strength: 0.5 })),
    rejected(
      'parameters.image',
      native({ action: 'img2img' }, { image: pngOfSize(24 * 1024 * 1024 + 1), strength: 0.5 }),
    ),
  ]),
  ...rule('native reference must be PNG, JPEG or WebP', 'art.native', [
    accepted(
      native({ model: 'art-diffusion-5-full' }, { director_reference_images: [PNG_1x1_BASE64] }),
    ),
    rejected(
      'parameters.image',
      native(
        { action: 'img2img' },
        { image: Buffer.from('GIF89a not supported').toString('base64') },
      ),
    ),
  ]),
  ...rule('native request at most 40 MiB', 'art.native', [
    accepted(
      native(
        {},
        { director_reference_images: [pngOfSize(20 * 1024 * 1024), pngOfSize(9 * 1024 * 1024)] },
      ),
    ),
    rejected(
      'request',
      native(
        {},
        { director_reference_images: [pngOfSize(20 * 1024 * 1024), pngOfSize(11 * 1024 * 1024)] },
      ),
    ),
  ]),
  ...rule(UNSUPPORTED_ROW, 'art.native', [
    rejected(
      'parameters.reference_image_multiple',
      native({}, { reference_image_multiple: [PNG_1x1_BASE64] }),
    ),
    accepted(
      native(
        {},
        {
          reference_image_multiple: [],
          sm: false,
          sm_dyn: false,
          enhance: false,
          upscale: false,
          stream: null,
          controlnet_model: null,
        },
      ),
    ),
    rejected('parameters.sm', native({}, { sm: true })),
    rejected('parameters.sm_dyn', native({}, { sm_dyn: true })),
    rejected('parameters.controlnet_model', native({}, { controlnet_model: 'pose' })),
    rejected('parameters.enhance', native({}, { enhance: true })),
    rejected('parameters.upscale', native({}, { upscale: true })),
    rejected('parameters.stream', native({}, { stream: 'sse' })),
  ]),
]

// ───────────────────────────── workbench ─────────────────────────────

const workbenchCases: RuleCase[] = [
  ...rule('workbench model art-v4.5 with model_variant', 'art.estimate', [
    accepted(wb({ model_variant: 'art-diffusion-5-full' })),
    rejected('model', wb({ model: 'art-v5' })),
  ]),
  ...rule('workbench model_variant from the native table', 'art.estimate', [
    accepted(wb({ model_variant: 'art-diffusion-4-curated-preview' })),
    rejected('model_variant', wb({ model_variant: 'art-v4.5' })),
  ]),
  ...rule('workbench width and height multiples of 64', 'art.estimate', [
    accepted(wb({ width: 1216, height: 832 })),
    rejected('width', wb({ width: 1000 })),
    rejected('height', wb({ height: 1000 })),
  ]),
  ...rule('workbench steps 1 to 50', 'art.estimate', [
    accepted(wb({ steps: 1 })),
    accepted(wb({ steps: 50 })),
    rejected('steps', wb({ steps: 51 })),
    rejected('steps', wb({ steps: 0 })),
    rejected('steps', () => {
      const { steps: _steps, ...rest } = wbBase
      return rest
    }),
  ]),
  ...rule('workbench count 1 to 4', 'art.estimate', [
    accepted(wb({ count: 4 })),
    rejected('count', wb({ count: 5 })),
    rejected('count', wb({ count: 0 })),
    rejected('count', () => {
      const { count: _count, ...rest } = wbBase
      return rest
    }),
  ]),
  ...rule('workbench seed 0 to 4294967295', 'art.estimate', [
    accepted(wb({ seed: 0 })),
    rejected('seed', wb({ seed: 4294967296 })),
  ]),
  ...rule('workbench guidance 0 to 10', 'art.estimate', [
    accepted(wb({ guidance: 10 })),
    rejected('guidance', wb({ guidance: 10.5 })),
  ]),
  ...rule('workbench source_strength greater than 0 and at most 1', 'art.estimate', [
    accepted(wb({ source_strength: 1 })),
    rejected('source_strength', wb({ source_strength: 0 })),
  ]),
  ...rule('workbench source_noise 0 to 1', 'art.estimate', [
    accepted(wb({ source_noise: 0 })),
    rejected('source_noise', wb({ source_noise: 1.01 })),
  ]),
  ...rule('workbench characters: 6 for V4.5 variants', 'art.estimate', [
    accepted(wb({ characters: characters(6), auto_character_positions: true })),
    rejected(
      'characters',
      wb({ model_variant: 'art-diffusion-4-5-curated', characters: characters(7) }),
    ),
  ]),
  ...rule('workbench characters: 32 for V5', 'art.estimate', [
    accepted(wb({ model_variant: 'art-diffusion-5-full', characters: characters(32) })),
    rejected(
      'characters',
      wb({ model_variant: 'art-diffusion-5-full', characters: characters(33) }),
    ),
  ]),
]

// ───────────────────────────── text ─────────────────────────────

const textCases: RuleCase[] = [
  ...rule('chat/completions accepts the four text models', 'chat.completions', [
    ...['std-6-sol', 'std-6-astra', 'std-5.6-sol', 'lite-v4.1-flash'].map((model) =>
      accepted(chat({ model })),
    ),
    rejected('model', chat({ model: 'std-image-2' })),
  ]),
  ...rule('chat messages with role and content', 'chat.completions', [
    rejected('messages', () => ({ model: 'std-6-sol', messages: [] })),
    rejected('messages[0].role', () => ({
      model: 'std-6-sol',
      messages: [{ role: 'robot', content: 'x' }],
    })),
    accepted(() => ({
      model: 'std-6-sol',
      messages: [
        { role: 'system', content: 'Be brief' },
        { role: 'user', content: [{ type: 'text', text: 'Hi' }] },
      ],
    })),
  ]),
  ...(['responses', 'responses.compact'] as const).flatMap((endpoint) =>
    rule(`${endpoint} accepts only std-6-sol, std-6-astra, std-5.6-sol`, endpoint, [
      ...['std-6-sol', 'std-6-astra', 'std-5.6-sol'].map((model) =>
        accepted(() => ({ model, input: 'Summarise the plot of Hamlet' })),
      ),
      rejected('model', () => ({ model: 'lite-v4.1-flash', input: 'hello' })),
    ]),
  ),
]

export const RULE_MATRIX: readonly RuleCase[] = [
  ...imageCases,
  ...videoCases,
  ...nativeCases,
  ...workbenchCases,
  ...textCases,
]
