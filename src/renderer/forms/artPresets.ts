import { NATIVE_LIMITS } from '@shared/catalog'
import { defineKeys } from '@shared/i18n/keys'

/**
 * What each size preset is called ("Portrait 832 × 1216"): the message takes the width and height.
 */
export const ART_SIZE_SHAPE_KEYS = defineKeys('common', {
  portrait: 'sizePortrait',
  landscape: 'sizeLandscape',
  square: 'sizeSquare',
  largePortrait: 'sizeLargePortrait',
  largeLandscape: 'sizeLargeLandscape',
  largeSquare: 'sizeLargeSquare',
  wallpaperPortrait: 'sizeWallpaperPortrait',
  wallpaperLandscape: 'sizeWallpaperLandscape',
  smallPortrait: 'sizeSmallPortrait',
  smallLandscape: 'sizeSmallLandscape',
  smallSquare: 'sizeSmallSquare',
})
export type ArtSizeShape = keyof typeof ART_SIZE_SHAPE_KEYS

/**
 * Width × height presets of the art-model forms (our choice, the usual portrait, landscape and
 * square sizes of the family); every one is a multiple of 64 and inside the native limits, which a
 * unit test checks against the catalog.
 */
export const ART_SIZE_PRESETS: ReadonlyArray<{ value: string; shape: ArtSizeShape }> = [
  { value: '832x1216', shape: 'portrait' },
  { value: '1216x832', shape: 'landscape' },
  { value: '1024x1024', shape: 'square' },
  { value: '1024x1536', shape: 'largePortrait' },
  { value: '1536x1024', shape: 'largeLandscape' },
  { value: '1472x1472', shape: 'largeSquare' },
  { value: '1088x1920', shape: 'wallpaperPortrait' },
  { value: '1920x1088', shape: 'wallpaperLandscape' },
  { value: '512x768', shape: 'smallPortrait' },
  { value: '768x512', shape: 'smallLandscape' },
  { value: '640x640', shape: 'smallSquare' },
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

/** The figures of the size hint under the width and height fields (`t('artSizeHint', …)`). */
export const ART_SIZE_LIMITS = {
  multiple: NATIVE_LIMITS.multipleOf,
  side: NATIVE_LIMITS.maxSide,
  pixels: NATIVE_LIMITS.maxPixels,
} as const
