/**
 * GIF metadata, taken out byte by byte (no re-encoding) for "export without metadata" (issue #27):
 * comment extensions and application extensions that carry metadata (XMP `XMP DataXMP`,
 * Photoshop's `MGK8BIM0`, anything unknown) are dropped; the frames, their timing, the loop count
 * (`NETSCAPE2.0`, `ANIMEXTS1.0`) and an ICC colour profile (`ICCRGBG1`, it changes how pixels
 * look) stay. Block structure from the GIF89a specification (W3C's copy, sections 17-26).
 * At most MAX_BLOCKS blocks are walked, so a crafted file costs little.
 */
import { concatBytes } from '../pngChunks'

/** Blocks (extensions and images) walked before the file is called too complex to rewrite. */
const MAX_BLOCKS = 100_000
/** Application extensions that are part of the picture, not metadata about it. */
const KEPT_APPLICATIONS = new Set(['NETSCAPE2.0', 'ANIMEXTS1.0', 'ICCRGBG1012'])

const latin1 = new TextDecoder('latin1')

export function isGif(bytes: Uint8Array): boolean {
  const head = latin1.decode(bytes.subarray(0, 6))
  return head === 'GIF87a' || head === 'GIF89a'
}

/** The offset just past a run of data sub-blocks starting at `pos` (ends with a 0 size byte). */
function afterSubBlocks(bytes: Uint8Array, pos: number): number {
  while (pos < bytes.length) {
    const size = bytes[pos]!
    if (size === 0) return pos + 1
    pos += 1 + size
  }
  throw new Error('The GIF file is truncated.')
}

/** Bytes of a colour table announced by a packed field (present when its top bit is set). */
const colourTable = (packed: number) => (packed & 0x80 ? 3 * 2 ** ((packed & 7) + 1) : 0)

/**
 * A copy without comments and metadata extensions. Throws on a file the walk cannot cover whole
 * (truncated, an unknown block, more than MAX_BLOCKS blocks): the export then names the file and
 * writes nothing rather than a copy that still holds what the user asked to remove.
 */
export function gifWithoutMetadata(bytes: Uint8Array): Uint8Array {
  if (!isGif(bytes) || bytes.length < 13) throw new Error('Not a GIF file.')
  let pos = 13 + colourTable(bytes[10]!)
  const kept: Uint8Array[] = [bytes.subarray(0, pos)]
  for (let blocks = 0; blocks < MAX_BLOCKS; blocks++) {
    const start = pos
    const introducer = bytes[pos]
    if (introducer === 0x3b) {
      kept.push(bytes.subarray(pos, pos + 1))
      return concatBytes(kept)
    }
    if (introducer === 0x2c) {
      // Image descriptor (10 bytes), local colour table, LZW minimum code size, image data.
      if (pos + 10 > bytes.length) throw new Error('The GIF file is truncated.')
      pos = afterSubBlocks(bytes, pos + 10 + colourTable(bytes[pos + 9]!) + 1)
      kept.push(bytes.subarray(start, pos))
      continue
    }
    if (introducer !== 0x21 || pos + 2 > bytes.length)
      throw new Error(
        pos >= bytes.length ? 'The GIF file is truncated.' : 'The GIF file is damaged.',
      )
    const label = bytes[pos + 1]!
    pos = afterSubBlocks(bytes, pos + 2)
    const application =
      label === 0xff && bytes[start + 2] === 11
        ? latin1.decode(bytes.subarray(start + 3, start + 14))
        : null
    const metadata = label === 0xfe || (label === 0xff && !KEPT_APPLICATIONS.has(application!))
    if (!metadata) kept.push(bytes.subarray(start, pos))
  }
  throw new Error('The GIF file has too many blocks.')
}
