/**
 * Real PNG files at any size, deterministic from a seed text: coloured gradient bands, so each
 * prompt and seed gives a recognisably different picture. Rows inside a band use the PNG "Up"
 * filter (all zero bytes), which deflates fast, so even a 4096x4096 image costs little; results
 * are cached by content.
 */
import { crc32, deflate } from 'node:zlib'

import { hash32 } from './prng'

export interface PngSpec {
  width: number
  height: number
  /** Drives the colours: the same seed text gives the same picture. */
  seed: string
  /** Text chunks (tEXt, or iTXt for non-Latin-1 text), e.g. NovelAI-style Description/Comment. */
  text?: Record<string, string>
}

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8)
  head.writeUInt32BE(data.length, 0)
  head.write(type, 4, 'latin1')
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(data, crc32(head.subarray(4))) >>> 0, 0)
  return Buffer.concat([head, data, crc])
}

function textChunk(keyword: string, value: string): Buffer {
  // eslint-disable-next-line no-control-regex
  if (/^[\u0000-\u00ff]*$/.test(value)) {
    return chunk(
      'tEXt',
      Buffer.concat([Buffer.from(`${keyword}\0`, 'latin1'), Buffer.from(value, 'latin1')]),
    )
  }
  return chunk(
    'iTXt',
    Buffer.concat([Buffer.from(`${keyword}\0\0\0\0\0`, 'latin1'), Buffer.from(value, 'utf8')]),
  )
}

const colour = (seed: string, i: number): [number, number, number] => {
  const h = hash32(`${seed}#${i}`)
  return [h & 0xff, (h >>> 8) & 0xff, (h >>> 16) & 0xff]
}

/** The raw (filtered) scanlines: one gradient row per band, "Up"-filtered zero rows below it. */
function scanlines(spec: PngSpec): Buffer {
  const { width, height, seed } = spec
  const stride = 1 + width * 3
  const raw = Buffer.alloc(stride * height)
  const bands = 4 + (hash32(seed) % 6)
  const bandHeight = Math.max(1, Math.ceil(height / bands))
  for (let y = 0; y < height; y++) {
    const at = y * stride
    if (y % bandHeight !== 0) {
      raw[at] = 2 // Up: the row equals the one above
      continue
    }
    const band = y / bandHeight
    const a = colour(seed, band * 2)
    const b = colour(seed, band * 2 + 1)
    raw[at] = 0
    for (let x = 0; x < width; x++) {
      const t = width > 1 ? x / (width - 1) : 0
      const p = at + 1 + x * 3
      raw[p] = Math.round(a[0] + (b[0] - a[0]) * t)
      raw[p + 1] = Math.round(a[1] + (b[1] - a[1]) * t)
      raw[p + 2] = Math.round(a[2] + (b[2] - a[2]) * t)
    }
  }
  return raw
}

async function encode(spec: PngSpec): Promise<Buffer> {
  const raw = scanlines(spec)
  const idat = await new Promise<Buffer>((resolve, reject) =>
    deflate(raw, { level: 1 }, (e, out) => (e ? reject(e) : resolve(out))),
  )
  const ihdr = Buffer.alloc(13)
  ihdr.writeUInt32BE(spec.width, 0)
  ihdr.writeUInt32BE(spec.height, 4)
  ihdr[8] = 8 // bit depth
  ihdr[9] = 2 // RGB
  const texts = Object.entries(spec.text ?? {}).map(([k, v]) => textChunk(k, v))
  return Buffer.concat([
    SIGNATURE,
    chunk('IHDR', ihdr),
    ...texts,
    chunk('IDAT', idat),
    chunk('IEND', Buffer.alloc(0)),
  ])
}

const MAX_CACHED = 64
const cache = new Map<string, Promise<Buffer>>()

/** Encodes (or returns the cached) PNG for `spec`. */
export function renderPng(spec: PngSpec): Promise<Buffer> {
  const key = JSON.stringify([spec.width, spec.height, spec.seed, spec.text ?? null])
  const hit = cache.get(key)
  if (hit) {
    cache.delete(key)
    cache.set(key, hit)
    return hit
  }
  const made = encode(spec)
  made.catch(() => cache.delete(key))
  cache.set(key, made)
  if (cache.size > MAX_CACHED) cache.delete(cache.keys().next().value as string)
  return made
}
