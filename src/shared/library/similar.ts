import type { LibraryTile } from './types'

/**
 * What "find similar" and the duplicates view send back (`library:similar`,
 * `library:duplicates`). Distances are Hamming distances between 64-bit perceptual hashes
 * (shared/library/phash.ts): 0 is the same picture, ≤ 8 a resized, re-encoded or lightly edited
 * copy, ~32 unrelated.
 */

/** One item that looks like the one asked about. */
export interface SimilarHit {
  tile: LibraryTile
  /** Bits of the 64 in which its hash differs from the source's. */
  distance: number
}

/** Hashes are still being made in the background (an upgraded library, a fresh import). */
export interface HashProgress {
  /** True while images without a hash remain; answers may still grow. */
  analysing: boolean
  /** Images known to be waiting for a hash (a lower bound while `analysing`). */
  pending: number
}

export interface SimilarView extends HashProgress {
  /** The item asked about. */
  sourceId: string
  /** Nearest first (ties: newest first); the source itself is not among them. */
  hits: SimilarHit[]
}

/** One member of a duplicates group. */
export interface DuplicateMember {
  tile: LibraryTile
  /** Distance to the group's first member (the one suggested to keep). */
  distance: number
  /** Byte-identical to the first member (same sha256). */
  sameFile: boolean
}

/** Near-identical images: every member is within the distance of at least one other. */
export interface DuplicateGroup {
  /** The suggested one to keep first: the most pixels, then the oldest (likely the original). */
  members: DuplicateMember[]
}

export interface DuplicatesView extends HashProgress {
  /** Largest groups first (then the newest); at most `MAX_DUPLICATE_GROUPS`. */
  groups: DuplicateGroup[]
  /** Every group found, including those not sent. */
  totalGroups: number
  /** The distance the groups were made with. */
  maxDistance: number
}

/**
 * How far a duplicates grouping is (`library:duplicatesProgress`): over a million hashes it takes
 * tens of seconds, and the panel shows the share done.
 */
export interface DuplicatesProgress {
  /** The distance being grouped (the panel ignores another's). */
  maxDistance: number
  /** 0..1. */
  done: number
}

/** Groups sent at once; the view says how many more there are. */
export const MAX_DUPLICATE_GROUPS = 200
