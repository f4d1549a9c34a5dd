import type {
  ImageModelId,
  ImageQuality,
  NativeAction,
  NativeModelId,
  VideoModelId,
} from '@shared/catalog'

/**
 * What each generation form holds while the user edits it. Numbers are kept as the text the user
 * typed so that "12a" or "" stays visible with its error instead of being silently coerced; the
 * form models in features/<area>/ turn drafts into requests and field messages.
 */

/** The images form (generation and edits). */
export interface ImagesDraft {
  /** Generate from a prompt (JSON endpoint) or edit reference files (multipart endpoint). */
  operation: 'generate' | 'edit'
  model: ImageModelId
  prompt: string
  /** A preset `WIDTHxHEIGHT`, or `custom` to use `customSize`. */
  sizeChoice: string
  customSize: string
  quality: ImageQuality
  aspectRatio: string
  n: string
  /** Public reference URLs, one per line (models that accept image_urls). */
  imageUrls: string
  responseFormat: 'url' | 'b64_json'
}

/** The video form. */
export interface VideoDraft {
  model: VideoModelId
  prompt: string
  duration: string
  resolution: string
  aspectRatio: string
  /** clip-h3 / clip-h3-sfw: the all-reference mode with reference videos. */
  referenceMode: boolean
  /** Reference video URLs, one per line. */
  referenceUrls: string
  inputVideoSeconds: string
}

/** One character prompt; `position` is a 5×5 grid cell like `C3` (used when positions are manual). */
export interface CharacterDraft {
  prompt: string
  negativePrompt: string
  position: string
}

/**
 * What both art-model forms hold alike (native endpoint and workbench): the variant, prompts, size,
 * steps, guidance, seed and character prompts, edited by the same shared fields (ArtFields.tsx).
 * The image count and the source controls are named by each endpoint and stay in each draft.
 */
export interface ArtModelDraft {
  variant: NativeModelId
  prompt: string
  negativePrompt: string
  /** A preset `WIDTHxHEIGHT`, or `custom` to type `width` and `height`. */
  sizeChoice: string
  width: string
  height: string
  steps: string
  guidance: string
  seedMode: 'random' | 'fixed'
  seed: string
  autoPositions: boolean
  characters: CharacterDraft[]
}

/** The art-model (native endpoint) form. */
export interface ArtDraft extends ArtModelDraft {
  action: NativeAction
  /** `n_samples`. */
  samples: string
  sampler: string
  strength: string
  noise: string
}

/** The workbench form. */
export interface WorkbenchDraft extends ArtModelDraft {
  count: string
  sourceStrength: string
  sourceNoise: string
}

/** Every form's draft, by form. */
export interface Drafts {
  images: ImagesDraft
  video: VideoDraft
  art: ArtDraft
  workbench: WorkbenchDraft
}

export type FormId = keyof Drafts

export const FORM_IDS: readonly FormId[] = ['images', 'video', 'art', 'workbench']

/** Where both art forms start (a fresh object each time: `characters` is a list). */
const artModelDefaults = (): ArtModelDraft => ({
  variant: 'art-diffusion-4-5-full',
  prompt: '',
  negativePrompt: '',
  sizeChoice: '832x1216',
  width: '832',
  height: '1216',
  steps: '23',
  guidance: '5',
  seedMode: 'random',
  seed: '',
  autoPositions: true,
  characters: [],
})

/** Where a new user starts: the cheapest sensible choice of each form (our choice). */
export const DEFAULT_DRAFTS: Drafts = {
  images: {
    operation: 'generate',
    model: 'std-image-2',
    prompt: '',
    sizeChoice: '1024x1024',
    customSize: '',
    quality: 'auto',
    aspectRatio: '1:1',
    n: '1',
    imageUrls: '',
    responseFormat: 'url',
  },
  video: {
    model: 'motion-2.0-fast',
    prompt: '',
    duration: '5',
    resolution: '720p',
    aspectRatio: '16:9',
    referenceMode: false,
    referenceUrls: '',
    inputVideoSeconds: '',
  },
  art: {
    ...artModelDefaults(),
    action: 'generate',
    samples: '1',
    sampler: 'k_euler_ancestral',
    strength: '0.7',
    noise: '0',
  },
  workbench: {
    ...artModelDefaults(),
    count: '1',
    sourceStrength: '0.7',
    sourceNoise: '0',
  },
}

/** Quality is a plain string in drafts restored from disk; this narrows it back. */
export const isQuality = (v: unknown): v is ImageQuality =>
  v === 'low' || v === 'auto' || v === 'medium' || v === 'high'
