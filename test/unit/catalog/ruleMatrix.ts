/**
 * One accepted and one rejected case (at least) for every rule row of the spec, shared by the
 * validator unit tests and the simulator's HTTP validation matrix, so the same table proves both
 * the shared validators and the server that enforces them.
 */
import { PNG_1x1_BASE64, pngHeaderBase64, pngOfSize } from './fixtures'

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
}

const img = (over: Record<string, unknown>) => () => ({ prompt: 'a red kite over hills', ...over })
const files = (n: number, kind: FileKind = 'png'): FileKind[] =>
  Array.from({ length: n }, () => kind)

const nativeBase = {
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

const wbBase = {
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
  {
    row: 'std-image-2 quality low → 1K budget',
    endpoint: 'images.generations',
    body: img({ model: 'std-image-2', quality: 'low', size: '1024x1024' }),
  },
  {
    row: 'std-image-2 quality low → 1K budget',
    endpoint: 'images.generations',
    body: img({ model: 'std-image-2', quality: 'low', size: '1024x1032' }),
    reject: 'size',
  },
  {
    row: 'std-image-2 quality auto → 1K budget',
    endpoint: 'images.generations',
    body: img({ model: 'std-image-2', quality: 'auto', size: '1536x680' }),
  },
  {
    row: 'std-image-2 quality auto → 1K budget',
    endpoint: 'images.generations',
    body: img({ model: 'std-image-2', size: '1536x1024' }),
    reject: 'size',
  },
  {
    row: 'std-image-2 quality medium → 2K budget',
    endpoint: 'images.generations',
    body: img({ model: 'std-image-2', quality: 'medium', size: '2048x2048' }),
  },
  {
    row: 'std-image-2 quality medium → 2K budget',
    endpoint: 'images.generations',
    body: img({ model: 'std-image-2', quality: 'medium', size: '2048x2056' }),
    reject: 'size',
  },
  {
    row: 'std-image-2 quality high → 4K budget',
    endpoint: 'images.generations',
    body: img({ model: 'std-image-2', quality: 'high', size: '3840x2160' }),
  },
  {
    row: 'std-image-2 quality high → 4K budget',
    endpoint: 'images.generations',
    body: img({ model: 'std-image-2', quality: 'high', size: '4096x4104' }),
    reject: 'size',
  },
  {
    row: 'quality is low, auto, medium or high',
    endpoint: 'images.generations',
    body: img({ model: 'std-image-2', quality: 'ultra' }),
    reject: 'quality',
  },
  {
    row: 'quality is low, auto, medium or high',
    endpoint: 'images.generations',
    body: img({ model: 'std-image-2', quality: 'auto' }),
  },
  {
    row: 'std-image-2 n is 1',
    endpoint: 'images.generations',
    body: img({ model: 'std-image-2', n: 1 }),
  },
  {
    row: 'std-image-2 n is 1',
    endpoint: 'images.generations',
    body: img({ model: 'std-image-2', n: 2 }),
    reject: 'n',
  },
  {
    row: 'std-image-2 size multiples of 8',
    endpoint: 'images.generations',
    body: img({ model: 'std-image-2', size: '1016x1024' }),
  },
  {
    row: 'std-image-2 size multiples of 8',
    endpoint: 'images.generations',
    body: img({ model: 'std-image-2', size: '1020x1024' }),
    reject: 'size',
  },
  {
    row: 'std-image-2 size multiples of 8',
    endpoint: 'images.generations',
    body: img({ model: 'std-image-2', size: 'large' }),
    reject: 'size',
  },
  {
    row: 'std-image-2 image[] 1 to 4 on edits',
    endpoint: 'images.edits',
    body: img({ model: 'std-image-2' }),
    files: files(4),
  },
  {
    row: 'std-image-2 image[] 1 to 4 on edits',
    endpoint: 'images.edits',
    body: img({ model: 'std-image-2' }),
    files: files(5),
    reject: 'image[]',
  },
  {
    row: 'std-image-2 image[] 1 to 4 on edits',
    endpoint: 'images.edits',
    body: img({ model: 'std-image-2' }),
    files: [],
    reject: 'image[]',
  },
  {
    row: 'image_urls only for models that accept them',
    endpoint: 'images.generations',
    body: img({ model: 'std-image-2', image_urls: ['https://example.com/a.png'] }),
    reject: 'image_urls',
  },
  {
    row: 'image_urls only for models that accept them',
    endpoint: 'images.generations',
    body: img({ model: 'still-5.0-pro', image_urls: ['https://example.com/a.png'] }),
  },
  // std-image-2.5-sunburst
  {
    row: 'sunburst quality low and auto → 1K',
    endpoint: 'images.generations',
    body: img({ model: 'std-image-2.5-sunburst', quality: 'low' }),
  },
  {
    row: 'sunburst quality low and auto → 1K',
    endpoint: 'images.generations',
    body: img({ model: 'std-image-2.5-sunburst', quality: 'medium' }),
    reject: 'quality',
  },
  {
    row: 'sunburst n is 1',
    endpoint: 'images.generations',
    body: img({ model: 'std-image-2.5-sunburst', n: 3 }),
    reject: 'n',
  },
  {
    row: 'sunburst n is 1',
    endpoint: 'images.generations',
    body: img({ model: 'std-image-2.5-sunburst', n: 1 }),
  },
  {
    row: 'sunburst size multiples of 16',
    endpoint: 'images.generations',
    body: img({ model: 'std-image-2.5-sunburst', size: '1024x992' }),
  },
  {
    row: 'sunburst size multiples of 16',
    endpoint: 'images.generations',
    body: img({ model: 'std-image-2.5-sunburst', size: '1000x1000' }),
    reject: 'size',
  },
  {
    row: 'sunburst total pixels at least 655,360',
    endpoint: 'images.generations',
    body: img({ model: 'std-image-2.5-sunburst', size: '1024x640' }),
  },
  {
    row: 'sunburst total pixels at least 655,360',
    endpoint: 'images.generations',
    body: img({ model: 'std-image-2.5-sunburst', size: '1008x640' }),
    reject: 'size',
  },
  {
    row: 'sunburst total pixels at most 1,048,576',
    endpoint: 'images.generations',
    body: img({ model: 'std-image-2.5-sunburst', size: '1024x1024' }),
  },
  {
    row: 'sunburst total pixels at most 1,048,576',
    endpoint: 'images.generations',
    body: img({ model: 'std-image-2.5-sunburst', size: '1040x1024' }),
    reject: 'size',
  },
  {
    row: 'sunburst aspect ratio within 3:1',
    endpoint: 'images.generations',
    body: img({ model: 'std-image-2.5-sunburst', size: '1536x512' }),
  },
  {
    row: 'sunburst aspect ratio within 3:1',
    endpoint: 'images.generations',
    body: img({ model: 'std-image-2.5-sunburst', size: '1568x512' }),
    reject: 'size',
  },
  {
    row: 'sunburst image[] 1 to 4 on edits',
    endpoint: 'images.edits',
    body: img({ model: 'std-image-2.5-sunburst' }),
    files: ['png', 'jpeg', 'webp'],
  },
  {
    row: 'sunburst image[] 1 to 4 on edits',
    endpoint: 'images.edits',
    body: img({ model: 'std-image-2.5-sunburst' }),
    files: files(5),
    reject: 'image[]',
  },
  // still-5.0-pro
  {
    row: 'still-5.0-pro quality low/auto → 1K, medium → 2K',
    endpoint: 'images.generations',
    body: img({ model: 'still-5.0-pro', quality: 'medium' }),
  },
  {
    row: 'still-5.0-pro quality low/auto → 1K, medium → 2K',
    endpoint: 'images.generations',
    body: img({ model: 'still-5.0-pro', quality: 'high' }),
    reject: 'quality',
  },
  {
    row: 'still-5.0-pro n is 1',
    endpoint: 'images.generations',
    body: img({ model: 'still-5.0-pro', n: 2 }),
    reject: 'n',
  },
  {
    row: 'still-5.0-pro n is 1',
    endpoint: 'images.generations',
    body: img({ model: 'still-5.0-pro', n: 1 }),
  },
  {
    row: 'still-5.0-pro aspect_ratio one of 1:1, 16:9, 9:16, 4:3, 3:4',
    endpoint: 'images.generations',
    body: img({ model: 'still-5.0-pro', aspect_ratio: '3:4' }),
  },
  {
    row: 'still-5.0-pro aspect_ratio one of 1:1, 16:9, 9:16, 4:3, 3:4',
    endpoint: 'images.generations',
    body: img({ model: 'still-5.0-pro', aspect_ratio: '21:9' }),
    reject: 'aspect_ratio',
  },
  {
    row: 'still-5.0-pro aspect_ratio one of 1:1, 16:9, 9:16, 4:3, 3:4',
    endpoint: 'images.generations',
    body: img({ model: 'still-5.0-pro', size: '1024x1024' }),
    reject: 'size',
  },
  {
    row: 'still-5.0-pro image_urls 1 to 10',
    endpoint: 'images.generations',
    body: img({
      model: 'still-5.0-pro',
      image_urls: Array.from({ length: 10 }, (_, i) => `https://example.com/${i}.png`),
    }),
  },
  {
    row: 'still-5.0-pro image_urls 1 to 10',
    endpoint: 'images.generations',
    body: img({
      model: 'still-5.0-pro',
      image_urls: Array.from({ length: 11 }, (_, i) => `https://example.com/${i}.png`),
    }),
    reject: 'image_urls',
  },
  {
    row: 'still-5.0-pro image[] 1 to 10',
    endpoint: 'images.edits',
    body: img({ model: 'still-5.0-pro' }),
    files: files(10, 'jpeg'),
  },
  {
    row: 'still-5.0-pro image[] 1 to 10',
    endpoint: 'images.edits',
    body: img({ model: 'still-5.0-pro' }),
    files: files(11),
    reject: 'image[]',
  },
  {
    row: 'still-5.0-pro smart aspect ratio requires references',
    endpoint: 'images.generations',
    body: img({
      model: 'still-5.0-pro',
      aspect_ratio: 'smart',
      image_urls: ['https://example.com/a.png'],
    }),
  },
  {
    row: 'still-5.0-pro smart aspect ratio requires references',
    endpoint: 'images.generations',
    body: img({ model: 'still-5.0-pro', aspect_ratio: 'smart' }),
    reject: 'aspect_ratio',
  },
  {
    row: 'references must be PNG, JPEG or WebP',
    endpoint: 'images.edits',
    body: img({ model: 'still-5.0-pro' }),
    files: ['png', 'text'],
    reject: 'image[1]',
  },
  {
    row: 'references must be PNG, JPEG or WebP',
    endpoint: 'images.edits',
    body: img({ model: 'still-5.0-pro' }),
    files: ['png', 'jpeg', 'webp'],
  },
  // edit-2511
  {
    row: 'edit-2511 quality does not change the resolution',
    endpoint: 'images.generations',
    body: img({
      model: 'edit-2511',
      mode: 'reference',
      quality: 'high',
      image_urls: ['https://example.com/a.png'],
    }),
  },
  {
    row: 'edit-2511 quality does not change the resolution',
    endpoint: 'images.generations',
    body: img({
      model: 'edit-2511',
      mode: 'reference',
      quality: 'max',
      image_urls: ['https://example.com/a.png'],
    }),
    reject: 'quality',
  },
  {
    row: 'edit-2511 mode is reference',
    endpoint: 'images.edits',
    body: img({ model: 'edit-2511', mode: 'reference' }),
    files: files(2),
  },
  {
    row: 'edit-2511 mode is reference',
    endpoint: 'images.edits',
    body: img({ model: 'edit-2511' }),
    files: files(1),
    reject: 'mode',
  },
  {
    row: 'edit-2511 image_urls or image[] required, 1 to 2',
    endpoint: 'images.generations',
    body: img({
      model: 'edit-2511',
      mode: 'reference',
      image_urls: ['https://example.com/a.png', 'https://example.com/b.png'],
    }),
  },
  {
    row: 'edit-2511 image_urls or image[] required, 1 to 2',
    endpoint: 'images.generations',
    body: img({ model: 'edit-2511', mode: 'reference' }),
    reject: 'image_urls',
  },
  {
    row: 'edit-2511 image_urls or image[] required, 1 to 2',
    endpoint: 'images.edits',
    body: img({ model: 'edit-2511', mode: 'reference' }),
    files: files(3),
    reject: 'image[]',
  },
  {
    row: 'edit-2511 resolution fixed at 720p',
    endpoint: 'images.edits',
    body: img({ model: 'edit-2511', mode: 'reference' }),
    files: files(1),
  },
  {
    row: 'edit-2511 resolution fixed at 720p',
    endpoint: 'images.generations',
    body: img({
      model: 'edit-2511',
      mode: 'reference',
      size: '1024x1024',
      image_urls: ['https://example.com/a.png'],
    }),
    reject: 'size',
  },
  {
    row: 'edit-2511 n is 1',
    endpoint: 'images.edits',
    body: img({ model: 'edit-2511', mode: 'reference', n: 2 }),
    files: files(1),
    reject: 'n',
  },
  {
    row: 'edit-2511 n is 1',
    endpoint: 'images.edits',
    body: img({ model: 'edit-2511', mode: 'reference', n: 1 }),
    files: files(1),
  },
  // art-v4.5
  {
    row: 'art-v4.5 n is 1 to 4',
    endpoint: 'images.generations',
    body: img({ model: 'art-v4.5', n: 4 }),
  },
  {
    row: 'art-v4.5 n is 1 to 4',
    endpoint: 'images.generations',
    body: img({ model: 'art-v4.5', n: 5 }),
    reject: 'n',
  },
  {
    row: 'art-v4.5 n is 1 to 4',
    endpoint: 'images.generations',
    body: img({ model: 'art-v4.5', n: 0 }),
    reject: 'n',
  },
  {
    row: 'art-v4.5 aspect_ratio mapped to server dimensions',
    endpoint: 'images.generations',
    body: img({ model: 'art-v4.5', aspect_ratio: '16:9' }),
  },
  {
    row: 'art-v4.5 aspect_ratio mapped to server dimensions',
    endpoint: 'images.generations',
    body: img({ model: 'art-v4.5', aspect_ratio: '5:1' }),
    reject: 'aspect_ratio',
  },
  {
    row: 'art-v4.5 quality not applicable',
    endpoint: 'images.generations',
    body: img({ model: 'art-v4.5', quality: 'high' }),
    reject: 'quality',
  },
  {
    row: 'art-v4.5 quality not applicable',
    endpoint: 'images.generations',
    body: img({ model: 'art-v4.5', aspect_ratio: '2:3' }),
  },
  {
    row: 'art-v4.5 exactly one reference for editing',
    endpoint: 'images.edits',
    body: img({ model: 'art-v4.5' }),
    files: files(1, 'webp'),
  },
  {
    row: 'art-v4.5 exactly one reference for editing',
    endpoint: 'images.edits',
    body: img({ model: 'art-v4.5' }),
    files: files(2),
    reject: 'image[]',
  },
  // art-v5 and compact-2-sfw
  {
    row: 'art-v5 uses the native endpoint',
    endpoint: 'images.generations',
    body: img({ model: 'art-v5' }),
    reject: 'model',
  },
  {
    row: 'art-v5 uses the native endpoint',
    endpoint: 'art.native',
    body: native({ model: 'art-diffusion-5-full' }),
  },
  {
    row: 'prompt is required',
    endpoint: 'images.generations',
    body: () => ({ model: 'std-image-2', prompt: '' }),
    reject: 'prompt',
  },
  {
    row: 'prompt is required',
    endpoint: 'images.generations',
    body: () => ({ model: 'std-image-2', prompt: 'x' }),
  },
  {
    row: 'response_format url or b64_json',
    endpoint: 'images.generations',
    body: img({ model: 'std-image-2', response_format: 'b64_json' }),
  },
  {
    row: 'response_format url or b64_json',
    endpoint: 'images.generations',
    body: img({ model: 'std-image-2', response_format: 'png' }),
    reject: 'response_format',
  },
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
  ...resolutions.map((resolution) => ({
    row: `${model} resolution ${resolutions.join(', ')}`,
    endpoint: 'videos' as const,
    body: video({ model, resolution, duration: min }),
  })),
  {
    row: `${model} resolution ${resolutions.join(', ')}`,
    endpoint: 'videos' as const,
    body: video({ model, resolution: badRes }),
    reject: 'resolution',
  },
  {
    row: `${model} duration ${min} to ${max}`,
    endpoint: 'videos' as const,
    body: video({ model, duration: max }),
  },
  {
    row: `${model} duration ${min} to ${max}`,
    endpoint: 'videos' as const,
    body: video({ model, duration: max + 1 }),
    reject: 'duration',
  },
  {
    row: `${model} duration ${min} to ${max}`,
    endpoint: 'videos' as const,
    body: video({ model, duration: min - 1 }),
    reject: 'duration',
  },
])

videoCases.push(
  {
    row: 'video aspect_ratio (16:9, 9:16, square)',
    endpoint: 'videos',
    body: video({ model: 'motion-2.0', aspect_ratio: '9:16' }),
  },
  {
    row: 'video aspect_ratio (16:9, 9:16, square)',
    endpoint: 'videos',
    body: video({ model: 'motion-2.0', aspect_ratio: '4:1' }),
    reject: 'aspect_ratio',
  },
  {
    row: 'video duration is an integer',
    endpoint: 'videos',
    body: video({ model: 'motion-2.0', duration: 5.5 }),
    reject: 'duration',
  },
  {
    row: 'video duration is an integer',
    endpoint: 'videos',
    body: video({ model: 'motion-2.0', duration: 6 }),
  },
  {
    row: REF_ROW,
    endpoint: 'videos',
    body: video({
      model: 'clip-h3',
      mode: 'all-reference',
      reference_video_urls: ['https://example.com/ref.mp4'],
      input_video_seconds: 8,
    }),
  },
  {
    row: REF_ROW,
    endpoint: 'videos',
    body: video({
      model: 'clip-h3-sfw',
      resolution: '768p',
      mode: 'all-reference',
      reference_video_urls: ['https://example.com/a.mp4', 'https://example.com/b.mp4'],
      input_video_seconds: 12,
    }),
  },
  {
    row: REF_ROW,
    endpoint: 'videos',
    body: video({
      model: 'motion-2.5',
      mode: 'all-reference',
      reference_video_urls: ['https://example.com/ref.mp4'],
      input_video_seconds: 8,
    }),
    reject: 'mode',
  },
  {
    row: REF_ROW,
    endpoint: 'videos',
    body: video({ model: 'clip-h3', mode: 'first-last-frame' }),
    reject: 'mode',
  },
  {
    row: REF_ROW,
    endpoint: 'videos',
    body: video({
      model: 'clip-h3',
      reference_video_urls: ['https://example.com/ref.mp4'],
      input_video_seconds: 8,
    }),
    reject: 'reference_video_urls',
  },
  {
    row: REF_ROW,
    endpoint: 'videos',
    body: video({
      model: 'clip-h3',
      mode: 'all-reference',
      reference_video_urls: ['https://example.com/ref.mp4'],
    }),
    reject: 'input_video_seconds',
  },
)

// ───────────────────────────── native ─────────────────────────────

const UNSUPPORTED_ROW =
  'native: unsupported active parameters (Vibes, SMEA, structural control, enhance, upscale, streaming) → 400'

const nativeCases: RuleCase[] = [
  {
    row: 'native width and height multiples of 64',
    endpoint: 'art.native',
    body: native({}, { width: 640, height: 448 }),
  },
  {
    row: 'native width and height multiples of 64',
    endpoint: 'art.native',
    body: native({}, { width: 800 }),
    reject: 'parameters.width',
  },
  {
    row: 'native width and height multiples of 64',
    endpoint: 'art.native',
    body: native({}, { height: 1000 }),
    reject: 'parameters.height',
  },
  {
    row: 'native total pixels at most 3,145,728',
    endpoint: 'art.native',
    body: native({}, { width: 2048, height: 1536 }),
  },
  {
    row: 'native total pixels at most 3,145,728',
    endpoint: 'art.native',
    body: native({}, { width: 2048, height: 1600 }),
    reject: 'parameters.width',
  },
  {
    row: 'native each side at most 3072',
    endpoint: 'art.native',
    body: native({}, { width: 3072, height: 1024 }),
  },
  {
    row: 'native each side at most 3072',
    endpoint: 'art.native',
    body: native({}, { width: 3136, height: 512 }),
    reject: 'parameters.width',
  },
  { row: 'native steps 1 to 50', endpoint: 'art.native', body: native({}, { steps: 50 }) },
  {
    row: 'native steps 1 to 50',
    endpoint: 'art.native',
    body: native({}, { steps: 51 }),
    reject: 'parameters.steps',
  },
  {
    row: 'native steps 1 to 50',
    endpoint: 'art.native',
    body: native({}, { steps: 0 }),
    reject: 'parameters.steps',
  },
  {
    row: 'native n_samples 1 to 4',
    endpoint: 'art.native',
    body: native({}, { n_samples: 4, width: 512, height: 512 }),
  },
  {
    row: 'native n_samples 1 to 4',
    endpoint: 'art.native',
    body: native({}, { n_samples: 5 }),
    reject: 'parameters.n_samples',
  },
  {
    row: 'native seed 0 to 4294967295',
    endpoint: 'art.native',
    body: native({}, { seed: 4294967295 }),
  },
  {
    row: 'native seed 0 to 4294967295',
    endpoint: 'art.native',
    body: native({}, { seed: 4294967296 }),
    reject: 'parameters.seed',
  },
  {
    row: 'native seed 0 to 4294967295',
    endpoint: 'art.native',
    body: native({}, { seed: -1 }),
    reject: 'parameters.seed',
  },
  {
    row: 'native action generate, img2img or infill',
    endpoint: 'art.native',
    body: native({ action: 'img2img' }, { image: PNG_1x1_BASE64, strength: 0.7, noise: 0 }),
  },
  {
    row: 'native action generate, img2img or infill',
    endpoint: 'art.native',
    body: native({ action: 'infill' }, { image: PNG_1x1_BASE64, mask: PNG_1x1_BASE64 }),
  },
  {
    row: 'native action generate, img2img or infill',
    endpoint: 'art.native',
    body: native({ action: 'outpaint' }),
    reject: 'action',
  },
  {
    row: 'native action generate, img2img or infill',
    endpoint: 'art.native',
    body: native({ action: 'infill' }, { image: PNG_1x1_BASE64 }),
    reject: 'parameters.mask',
  },
  { row: 'native model table', endpoint: 'art.native', body: native({ model: 'art-diffusion-3' }) },
  {
    row: 'native model table',
    endpoint: 'art.native',
    body: native({ model: 'art-v4.5' }),
    reject: 'model',
  },
  {
    row: 'V4.5 Full max 6 characters',
    endpoint: 'art.native',
    body: native({}, { v4_prompt: captions(6) }),
  },
  {
    row: 'V4.5 Full max 6 characters',
    endpoint: 'art.native',
    body: native({}, { v4_prompt: captions(7) }),
    reject: 'parameters.v4_prompt.caption.char_captions',
  },
  {
    row: 'V4.5 Curated max 6 characters',
    endpoint: 'art.native',
    body: native(
      { model: 'art-diffusion-4-5-curated' },
      { v4_prompt: captions(6), v4_negative_prompt: captions(6) },
    ),
  },
  {
    row: 'V4.5 Curated max 6 characters',
    endpoint: 'art.native',
    body: native({ model: 'art-diffusion-4-5-curated' }, { v4_negative_prompt: captions(7) }),
    reject: 'parameters.v4_negative_prompt.caption.char_captions',
  },
  {
    row: 'V5 Full max 32 characters',
    endpoint: 'art.native',
    body: native({ model: 'art-diffusion-5-full' }, { v4_prompt: captions(32) }),
  },
  {
    row: 'V5 Full max 32 characters',
    endpoint: 'art.native',
    body: native({ model: 'art-diffusion-5-full' }, { v4_prompt: captions(33) }),
    reject: 'parameters.v4_prompt.caption.char_captions',
  },
  {
    row: 'V4 Full max 6 characters',
    endpoint: 'art.native',
    body: native({ model: 'art-diffusion-4-full' }, { v4_prompt: captions(6) }),
  },
  {
    row: 'V4 Full max 6 characters',
    endpoint: 'art.native',
    body: native({ model: 'art-diffusion-4-full' }, { v4_prompt: captions(7) }),
    reject: 'parameters.v4_prompt.caption.char_captions',
  },
  {
    row: 'V4 Curated max 6 characters',
    endpoint: 'art.native',
    body: native({ model: 'art-diffusion-4-curated-preview' }, { v4_prompt: captions(2) }),
  },
  {
    row: 'V4 Curated max 6 characters',
    endpoint: 'art.native',
    body: native({ model: 'art-diffusion-4-curated-preview' }, { v4_prompt: captions(7) }),
    reject: 'parameters.v4_prompt.caption.char_captions',
  },
  {
    row: 'Anime V3 and Furry V3 take 0 characters',
    endpoint: 'art.native',
    body: native({ model: 'art-diffusion-furry-3' }, { v4_prompt: captions(0) }),
  },
  {
    row: 'Anime V3 and Furry V3 take 0 characters',
    endpoint: 'art.native',
    body: native({ model: 'art-diffusion-furry-3' }, { v4_prompt: captions(1) }),
    reject: 'parameters.v4_prompt.caption.char_captions',
  },
  {
    row: 'native reference image at most 24 megapixels',
    endpoint: 'art.native',
    body: native({ action: 'img2img' }, { image: pngHeaderBase64(6000, 4000), strength: 0.5 }),
  },
  {
    row: 'native reference image at most 24 megapixels',
    endpoint: 'art.native',
    body: native({ action: 'img2img' }, { image: pngHeaderBase64(6000, 4001), strength: 0.5 }),
    reject: 'parameters.image',
  },
  {
    row: 'native reference image at most 24 MiB',
    endpoint: 'art.native',
    body: native({ action: 'img2img' }, { image: pngOfSize(24 * 1024 * 1024), strength: 0.5 }),
  },
  {
    row: 'native reference image at most 24 MiB',
    endpoint: 'art.native',
    body: native({ action: 'img2img' }, { image: pngOfSize(24 * 1024 * 1024 + 1), strength: 0.5 }),
    reject: 'parameters.image',
  },
  {
    row: 'native reference must be PNG, JPEG or WebP',
    endpoint: 'art.native',
    body: native(
      { model: 'art-diffusion-5-full' },
      { director_reference_images: [PNG_1x1_BASE64] },
    ),
  },
  {
    row: 'native reference must be PNG, JPEG or WebP',
    endpoint: 'art.native',
    body: native(
      { action: 'img2img' },
      { image: Buffer.from('GIF89a not supported').toString('base64') },
    ),
    reject: 'parameters.image',
  },
  {
    row: 'native request at most 40 MiB',
    endpoint: 'art.native',
    body: native(
      {},
      { director_reference_images: [pngOfSize(20 * 1024 * 1024), pngOfSize(9 * 1024 * 1024)] },
    ),
  },
  {
    row: 'native request at most 40 MiB',
    endpoint: 'art.native',
    body: native(
      {},
      { director_reference_images: [pngOfSize(20 * 1024 * 1024), pngOfSize(11 * 1024 * 1024)] },
    ),
    reject: 'request',
  },
  {
    row: UNSUPPORTED_ROW,
    endpoint: 'art.native',
    body: native({}, { reference_image_multiple: [PNG_1x1_BASE64] }),
    reject: 'parameters.reference_image_multiple',
  },
  {
    row: UNSUPPORTED_ROW,
    endpoint: 'art.native',
    body: native(
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
  },
  {
    row: UNSUPPORTED_ROW,
    endpoint: 'art.native',
    body: native({}, { sm: true }),
    reject: 'parameters.sm',
  },
  {
    row: UNSUPPORTED_ROW,
    endpoint: 'art.native',
    body: native({}, { sm_dyn: true }),
    reject: 'parameters.sm_dyn',
  },
  {
    row: UNSUPPORTED_ROW,
    endpoint: 'art.native',
    body: native({}, { controlnet_model: 'pose' }),
    reject: 'parameters.controlnet_model',
  },
  {
    row: UNSUPPORTED_ROW,
    endpoint: 'art.native',
    body: native({}, { enhance: true }),
    reject: 'parameters.enhance',
  },
  {
    row: UNSUPPORTED_ROW,
    endpoint: 'art.native',
    body: native({}, { upscale: true }),
    reject: 'parameters.upscale',
  },
  {
    row: UNSUPPORTED_ROW,
    endpoint: 'art.native',
    body: native({}, { stream: 'sse' }),
    reject: 'parameters.stream',
  },
]

// ───────────────────────────── workbench ─────────────────────────────

const workbenchCases: RuleCase[] = [
  {
    row: 'workbench model art-v4.5 with model_variant',
    endpoint: 'art.estimate',
    body: wb({ model_variant: 'art-diffusion-5-full' }),
  },
  {
    row: 'workbench model art-v4.5 with model_variant',
    endpoint: 'art.estimate',
    body: wb({ model: 'art-v5' }),
    reject: 'model',
  },
  {
    row: 'workbench model_variant from the native table',
    endpoint: 'art.estimate',
    body: wb({ model_variant: 'art-diffusion-4-curated-preview' }),
  },
  {
    row: 'workbench model_variant from the native table',
    endpoint: 'art.estimate',
    body: wb({ model_variant: 'art-v4.5' }),
    reject: 'model_variant',
  },
  {
    row: 'workbench width and height multiples of 64',
    endpoint: 'art.estimate',
    body: wb({ width: 1216, height: 832 }),
  },
  {
    row: 'workbench width and height multiples of 64',
    endpoint: 'art.estimate',
    body: wb({ width: 1000 }),
    reject: 'width',
  },
  { row: 'workbench steps 1 to 50', endpoint: 'art.estimate', body: wb({ steps: 1 }) },
  {
    row: 'workbench steps 1 to 50',
    endpoint: 'art.estimate',
    body: wb({ steps: 51 }),
    reject: 'steps',
  },
  { row: 'workbench count 1 to 4', endpoint: 'art.estimate', body: wb({ count: 4 }) },
  {
    row: 'workbench count 1 to 4',
    endpoint: 'art.estimate',
    body: wb({ count: 5 }),
    reject: 'count',
  },
  { row: 'workbench seed 0 to 4294967295', endpoint: 'art.estimate', body: wb({ seed: 0 }) },
  {
    row: 'workbench seed 0 to 4294967295',
    endpoint: 'art.estimate',
    body: wb({ seed: 4294967296 }),
    reject: 'seed',
  },
  { row: 'workbench guidance 0 to 10', endpoint: 'art.estimate', body: wb({ guidance: 10 }) },
  {
    row: 'workbench guidance 0 to 10',
    endpoint: 'art.estimate',
    body: wb({ guidance: 10.5 }),
    reject: 'guidance',
  },
  {
    row: 'workbench source_strength greater than 0 and at most 1',
    endpoint: 'art.estimate',
    body: wb({ source_strength: 1 }),
  },
  {
    row: 'workbench source_strength greater than 0 and at most 1',
    endpoint: 'art.estimate',
    body: wb({ source_strength: 0 }),
    reject: 'source_strength',
  },
  { row: 'workbench source_noise 0 to 1', endpoint: 'art.estimate', body: wb({ source_noise: 0 }) },
  {
    row: 'workbench source_noise 0 to 1',
    endpoint: 'art.estimate',
    body: wb({ source_noise: 1.01 }),
    reject: 'source_noise',
  },
  {
    row: 'workbench characters: 6 for V4.5 variants',
    endpoint: 'art.estimate',
    body: wb({ characters: characters(6), auto_character_positions: true }),
  },
  {
    row: 'workbench characters: 6 for V4.5 variants',
    endpoint: 'art.estimate',
    body: wb({ model_variant: 'art-diffusion-4-5-curated', characters: characters(7) }),
    reject: 'characters',
  },
  {
    row: 'workbench characters: 32 for V5',
    endpoint: 'art.estimate',
    body: wb({ model_variant: 'art-diffusion-5-full', characters: characters(32) }),
  },
  {
    row: 'workbench characters: 32 for V5',
    endpoint: 'art.estimate',
    body: wb({ model_variant: 'art-diffusion-5-full', characters: characters(33) }),
    reject: 'characters',
  },
]

// ───────────────────────────── text ─────────────────────────────

const textCases: RuleCase[] = [
  ...['std-6-sol', 'std-6-astra', 'std-5.6-sol', 'lite-v4.1-flash'].map((model) => ({
    row: 'chat/completions accepts the four text models',
    endpoint: 'chat.completions' as const,
    body: chat({ model }),
  })),
  {
    row: 'chat/completions accepts the four text models',
    endpoint: 'chat.completions',
    body: chat({ model: 'std-image-2' }),
    reject: 'model',
  },
  {
    row: 'chat messages with role and content',
    endpoint: 'chat.completions',
    body: () => ({ model: 'std-6-sol', messages: [] }),
    reject: 'messages',
  },
  {
    row: 'chat messages with role and content',
    endpoint: 'chat.completions',
    body: () => ({ model: 'std-6-sol', messages: [{ role: 'robot', content: 'x' }] }),
    reject: 'messages[0].role',
  },
  {
    row: 'chat messages with role and content',
    endpoint: 'chat.completions',
    body: () => ({
      model: 'std-6-sol',
      messages: [
        { role: 'system', content: 'Be brief' },
        { role: 'user', content: [{ type: 'text', text: 'Hi' }] },
      ],
    }),
  },
  ...(['responses', 'responses.compact'] as const).flatMap((endpoint) => [
    ...['std-6-sol', 'std-6-astra', 'std-5.6-sol'].map((model) => ({
      row: `${endpoint} accepts only std-6-sol, std-6-astra, std-5.6-sol`,
      endpoint,
      body: () => ({ model, input: 'Summarise the plot of Hamlet' }),
    })),
    {
      row: `${endpoint} accepts only std-6-sol, std-6-astra, std-5.6-sol`,
      endpoint,
      body: () => ({ model: 'lite-v4.1-flash', input: 'hello' }),
      reject: 'model',
    },
  ]),
]

export const RULE_MATRIX: readonly RuleCase[] = [
  ...imageCases,
  ...videoCases,
  ...nativeCases,
  ...workbenchCases,
  ...textCases,
]
