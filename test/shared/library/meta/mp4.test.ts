import { childBoxes, moovWithMetadata, readMoovMeta } from '@shared/library/meta/mp4'
import { concatBytes } from '@shared/library/pngChunks'
import { describe, expect, it } from 'vitest'

const box = (type: string, body: Uint8Array = new Uint8Array(0)) => {
  const out = new Uint8Array(8 + body.length)
  new DataView(out.buffer).setUint32(0, out.length)
  for (let i = 0; i < 4; i++) out[4 + i] = type.charCodeAt(i)
  out.set(body, 8)
  return out
}
const join = (...parts: Uint8Array[]) => concatBytes(parts)

/** stco with the given chunk offsets, inside moov/trak/mdia/minf/stbl. */
function moovWith(offsets: number[], extra: Uint8Array[] = []) {
  const stco = new Uint8Array(8 + offsets.length * 4)
  const v = new DataView(stco.buffer)
  v.setUint32(4, offsets.length)
  offsets.forEach((o, i) => v.setUint32(8 + i * 4, o))
  return box(
    'moov',
    join(box('trak', box('mdia', box('minf', box('stbl', box('stco', stco))))), ...extra),
  )
}

const offsetsOf = (moov: Uint8Array) => {
  const at = Buffer.from(moov).indexOf('stco') + 4
  const v = new DataView(moov.buffer, moov.byteOffset)
  return Array.from({ length: v.getUint32(at + 4) }, (_, i) => v.getUint32(at + 8 + i * 4))
}

describe('moov rewriting', () => {
  it('shifts only the chunk offsets past the old moov, by exactly its growth', () => {
    const moov = moovWith([100, 5000, 6000])
    const out = moovWithMetadata(moov, { comment: 'Steps: 1', description: 'p', xmp: '<x/>' }, 4000)
    const grew = out.length - moov.length
    expect(grew).toBeGreaterThan(0)
    expect(offsetsOf(out)).toEqual([100, 5000 + grew, 6000 + grew])
    expect(readMoovMeta(out)).toEqual({ comment: 'Steps: 1', description: 'p', xmp: '<x/>' })
    // writing again replaces ours (no second copy), and null removes it
    const again = moovWithMetadata(out, { comment: 'Steps: 2' }, 0)
    expect(readMoovMeta(again)).toEqual({ comment: 'Steps: 2' })
    expect(readMoovMeta(moovWithMetadata(again, null, 0))).toEqual({})
  })

  it('refuses a crafted moov with too many boxes instead of holding the caller', () => {
    const frees = Array.from({ length: 30_000 }, () => box('free'))
    const moov = box('moov', join(box('udta'), ...frees))
    const t0 = performance.now()
    expect(() => moovWithMetadata(moov, { comment: 'x' }, 0)).toThrow(/too many boxes/)
    expect(performance.now() - t0).toBeLessThan(50)
  })

  it('reads nothing (and throws nothing) from damaged boxes', () => {
    const bad = new Uint8Array([0, 0, 0, 200, 0x6d, 0x6f, 0x6f, 0x76, 1, 2, 3])
    expect(childBoxes(bad)).toEqual([])
    expect(readMoovMeta(bad)).toEqual({})
    expect(() => moovWithMetadata(bad, null, 0)).toThrow(/no readable moov/)
  })
})
