/** Small real image bytes for catalog and simulator tests. */
import type { FileKind } from '@test/support/ruleMatrix'
import sharp from 'sharp'

/** A real 1x1 RGBA PNG. */
export const PNG_1x1_BASE64 =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=='

/**
 * PNG signature + an IHDR claiming `width`x`height` + the closing IEND chunk: enough for
 * header-only checks and the completeness check (isCompleteImage).
 */
export function pngHeader(width: number, height: number, totalBytes = 45): Buffer {
  const b = Buffer.alloc(Math.max(45, totalBytes))
  Buffer.from([0, 0, 0, 0, 0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82]).copy(b, b.length - 12)
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(b, 0)
  b.writeUInt32BE(13, 8)
  b.write('IHDR', 12, 'latin1')
  b.writeUInt32BE(width, 16)
  b.writeUInt32BE(height, 20)
  b[24] = 8
  b[25] = 6
  return b
}

export const pngHeaderBase64 = (width: number, height: number): string =>
  pngHeader(width, height).toString('base64')

/** Base64 of a `bytes`-long buffer that sniffs as a 64x64 PNG (for size-limit cases). */
export const pngOfSize = (bytes: number): string => pngHeader(64, 64, bytes).toString('base64')

const cache = new Map<FileKind, Buffer>()

/** Real encoded bytes of each kind (text is not an image). */
export async function fileBytes(kind: FileKind): Promise<Buffer> {
  const hit = cache.get(kind)
  if (hit) return hit
  const base = sharp({ create: { width: 48, height: 32, channels: 3, background: '#3366aa' } })
  const bytes =
    kind === 'png'
      ? await base.png().toBuffer()
      : kind === 'jpeg'
        ? await base.jpeg().toBuffer()
        : kind === 'webp'
          ? await base.webp().toBuffer()
          : Buffer.from('this is not an image')
  cache.set(kind, bytes)
  return bytes
}
