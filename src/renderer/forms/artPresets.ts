import { NATIVE_LIMITS } from '@shared/catalog'

/**
 * Width × height presets of the art-model forms (our choice, the usual portrait, landscape and
 * square sizes of the family); every one is a multiple of 64 and inside the native limits, which a
 * unit test checks against the catalog.
 */
export const ART_SIZE_PRESETS: ReadonlyArray<{ value: string; label: string }> = [
  { value: '832x1216', label: 'Portrait 832 × 1216' },
  { value: '1216x832', label: 'Landscape 1216 × 832' },
  { value: '1024x1024', label: 'Square 1024 × 1024' },
  { value: '1024x1536', label: 'Large portrait 1024 × 1536' },
  { value: '1536x1024', label: 'Large landscape 1536 × 1024' },
  { value: '1472x1472', label: 'Large square 1472 × 1472' },
  { value: '1088x1920', label: 'Wallpaper portrait 1088 × 1920' },
  { value: '1920x1088', label: 'Wallpaper landscape 1920 × 1088' },
  { value: '512x768', label: 'Small portrait 512 × 768' },
  { value: '768x512', label: 'Small landscape 768 × 512' },
  { value: '640x640', label: 'Small square 640 × 640' },
]

/** Sampler names (our choice: the NovelAI-style names the native endpoint's family uses). */
export const SAMPLERS: ReadonlyArray<{ value: string; label: string }> = [
  { value: 'k_euler_ancestral', label: 'Euler Ancestral' },
  { value: 'k_euler', label: 'Euler' },
  { value: 'k_dpmpp_2s_ancestral', label: 'DPM++ 2S Ancestral' },
  { value: 'k_dpmpp_2m', label: 'DPM++ 2M' },
  { value: 'k_dpmpp_2m_sde', label: 'DPM++ 2M SDE' },
  { value: 'k_dpmpp_sde', label: 'DPM++ SDE' },
  { value: 'ddim_v3', label: 'DDIM' },
]

/** The size hint under the width and height fields. */
export const ART_SIZE_HINT = `Multiples of ${NATIVE_LIMITS.multipleOf}, each side at most ${NATIVE_LIMITS.maxSide}, at most ${NATIVE_LIMITS.maxPixels.toLocaleString('en-US')} pixels in total`
