import { dateFolder } from '../../src/main/services/library/files/ingest'
import type { IndexRow } from '../../src/main/services/library/index/LibraryIndex'
import type { LibraryFilter, LibrarySidecar } from '../../src/shared/library/types'

/**
 * The synthetic library of the library benches (library-index, library-queries): prompts from
 * 3000 made-up words and 10 common ones, 7 models, and the organising fields of issue #16 (a
 * quarter of the items rated, 0–3 tags from 300 with a long tail, 30 collections from ~10% of
 * the library down to a few dozen items). Seeded, so every run makes the same library.
 */
let seed = 7
/**
 * An LCG mod 2^32 (full period: no state repeats within 2^32 draws). The product goes through
 * `Math.imul`: a plain `*` of two 32-bit numbers passes 2^53 and rounds, so the low bits were lost
 * and the sequence fell into a cycle of 419 draws after 7,244. Every library before that fix was
 * one item pattern repeated: 238 distinct creation times in 50,000 items, and a few hundred
 * distinct prompts.
 */
export const rand = () => (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 2 ** 32
export const pick = <T>(xs: readonly T[]) => xs[Math.floor(rand() * xs.length)]!

export const WORDS = Array.from({ length: 3000 }, (_, i) => {
  const syll = ['ka', 'ri', 'mo', 'sen', 'ta', 'lu', 'vor', 'ne', 'shi', 'pa', 'zel', 'dro']
  let w = ''
  for (let n = i; ; n = Math.floor(n / 12)) {
    w += syll[n % 12]
    if (n < 12) break
  }
  return w
})
export const COMMON = [
  'portrait',
  'landscape',
  'anime',
  'cat',
  'city',
  'night',
  'forest',
  'girl',
  'robot',
  'ocean',
]
export const MODELS = [
  'std-image-2',
  'std-image-2.5-sunburst',
  'still-5.0-pro',
  'art-v4.5',
  'art-v5',
  'motion-2.5',
  'clip-h3',
]

/**
 * The organising fields come from their own generator (mulberry32): the LCG above is fine for
 * picking words but its consecutive draws are correlated, which skews shares like "1 in 300",
 * and a separate stream leaves every other synthetic field as it was before issue #16.
 */
let orgSeed = 16
function orgRand(): number {
  let t = (orgSeed = (orgSeed + 0x6d2b79f5) >>> 0)
  t = Math.imul(t ^ (t >>> 15), t | 1)
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
  return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32
}

/** 300 tags; tag i is used about as often as 1/(i+1): a few common, a long tail of rare ones. */
export const TAGS = Array.from({ length: 300 }, (_, i) => `${WORDS[(i * 7) % WORDS.length]}-${i}`)
export const COLLECTIONS = Array.from({ length: 30 }, (_, j) => ({
  id: `c-bench${String(j).padStart(2, '0')}`,
  share: 0.1 / (j + 1) ** 1.5,
}))

/** Rating, tags and collections of one synthetic item. */
export function organise(): Pick<LibrarySidecar, 'rating' | 'tags' | 'collections'> {
  const rating = orgRand() < 0.25 ? 1 + Math.floor(orgRand() * 5) : 0
  const tags = new Set<string>()
  for (let k = Math.floor(orgRand() * 4); k > 0; k--)
    tags.add(TAGS[Math.min(TAGS.length - 1, Math.floor(TAGS.length * orgRand() ** 3))]!)
  const collections = COLLECTIONS.filter((c) => orgRand() < c.share).map((c) => c.id)
  return {
    ...(rating ? { rating } : {}),
    ...(tags.size ? { tags: [...tags] } : {}),
    ...(collections.length ? { collections } : {}),
  }
}

/** The organising filters measured: each alone, with each other, and with the older filters. */
export function organiseFilter(r: number): LibraryFilter {
  const common = TAGS[r % 3]!
  const rare = TAGS[150 + (r % 150)]!
  const big = COLLECTIONS[0]!.id
  const small = COLLECTIONS[20 + (r % 10)]!.id
  const filters: LibraryFilter[] = [
    { minRating: 1 + (r % 5) },
    { tags: [common] },
    { tags: [rare] },
    { tags: [common, TAGS[3 + (r % 5)]!] },
    { collectionId: big },
    { collectionId: small },
    { minRating: 3, media: 'image' },
    { tags: [common], kinds: ['art'] },
    { collectionId: big, tags: [common], minRating: 2 },
    { text: `#${common}` },
    { collectionId: big, text: pick(COMMON) },
    { minRating: 4, favourites: true },
    { tags: [rare], model: pick(MODELS) },
  ]
  return filters[r % filters.length]!
}

export function prompt(): string {
  const n = 8 + Math.floor(rand() * 14)
  const words: string[] = []
  for (let i = 0; i < n; i++) words.push(rand() < 0.25 ? pick(COMMON) : pick(WORDS))
  return words.join(', ')
}

/** The sidecar of synthetic item `i`, made at `created` (ms), for a file of `bytes` bytes. */
export function syntheticSidecar(i: number, created: number, bytes: number): LibrarySidecar {
  const video = i % 9 === 0
  return {
    format: 'gen-studio-library',
    version: 1,
    id: `item-${i}`,
    kind: video ? 'video' : i % 3 ? 'image' : 'art',
    model: pick(MODELS),
    prompt: prompt(),
    negativePrompt: rand() < 0.3 ? 'lowres, blurry' : '',
    params: { size: '1024x1024', steps: 28, sampler: 'k_euler' },
    seed: Math.floor(rand() * 4294967295),
    costEstimate: 0.01,
    sourceTaskId: `task-${i}`,
    width: 1024,
    height: 1024,
    durationSec: video ? 5 : null,
    bytes,
    sha256: i.toString(16).padStart(64, '0'),
    created: new Date(created).toISOString(),
    favourite: i % 50 === 0,
    demo: false,
    ...organise(),
  }
}

/** The synthetic library's three years, 2023–2025: their first ms and their length in ms. */
export const SYNTHETIC_START = new Date(2023, 0, 1).getTime()
export const SYNTHETIC_SPAN = new Date(2026, 0, 1).getTime() - SYNTHETIC_START

/** A creation time (ms) for a synthetic item: anywhere in 2023–2025, one draw of `rand`. */
export const syntheticCreated = (): number => SYNTHETIC_START + Math.floor(rand() * SYNTHETIC_SPAN)

/**
 * The index row of synthetic item `i` (its sidecar from `syntheticSidecar`): a file of `bytes`
 * bytes in its day's folder, named by `i`, every ninth a video, as the reader would read it.
 */
export function syntheticRow(i: number, created: number, bytes: number): IndexRow {
  const video = i % 9 === 0
  const ext = video ? 'mp4' : 'png'
  return {
    sidecar: syntheticSidecar(i, created, bytes),
    relPath: `${dateFolder(created)}/${String(i).padStart(6, '0')}.${ext}`,
    media: video ? 'video' : 'image',
    ext,
    fileMtime: 1,
    fileSize: bytes,
    sidecarMtime: 1,
    problem: null,
  }
}
