/**
 * The duplicates grouping's typed-array buffers, kept weakly between groupings for the next one
 * to reuse. V8 counts ArrayBuffers as external memory and starts a full GC (marking, then a pause
 * of tens of ms at 1M items) once 64 MiB more of it has been allocated since the last: one
 * grouping at 1M takes ~44 MiB, so a second or third right after it (the distance changed) met
 * that GC in one of its steps. Reused, they add nothing; weak, an idle app frees them at its next
 * full GC rather than holding them for good.
 */

/** Buffers given back and not yet collected. */
const spare: Array<WeakRef<ArrayBuffer>> = []

/** At most this many kept (a grouping uses 7). */
const MAX_SPARE = 16

/**
 * A buffer of at least `bytes`: the smallest spare one that fits, else a new one with a little
 * room (1/32 and a 64 KiB page), so a library a few items larger next time still fits. Its
 * contents are whatever the last user left: every caller writes before it reads.
 */
export function borrowBuffer(bytes: number): ArrayBuffer {
  let best = -1
  let bestSize = Infinity
  for (let i = spare.length - 1; i >= 0; i--) {
    const buffer = spare[i]!.deref()
    if (!buffer) spare.splice(i, 1)
    else if (buffer.byteLength >= bytes && buffer.byteLength < bestSize) {
      best = i
      bestSize = buffer.byteLength
    }
  }
  if (best >= 0) {
    const buffer = spare.splice(best, 1)[0]!.deref()
    if (buffer) return buffer
  }
  return new ArrayBuffer(Math.ceil((bytes + bytes / 32) / 65_536) * 65_536 || 65_536)
}

/** Gives buffers back for the next grouping (no view of them may be used after this). */
export function returnBuffers(...buffers: ArrayBufferLike[]): void {
  for (const buffer of buffers) {
    if (!(buffer instanceof ArrayBuffer) || spare.length >= MAX_SPARE) continue
    if (spare.some((r) => r.deref() === buffer)) continue
    spare.push(new WeakRef(buffer))
  }
}
