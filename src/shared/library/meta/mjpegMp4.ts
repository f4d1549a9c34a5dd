/**
 * An MP4 made from still frames without a video encoder: each frame is a JPEG, stored as Motion
 * JPEG (ISO/IEC 14496-12 file, `mp4v` sample entry whose esds names object type 0x6C, JPEG),
 * which ffmpeg, VLC and QuickTime play. No H.264 encoder ships with the app (none fits in npm
 * within the size limits), so this is the MP4 a batch's frames can become. Browsers do not play
 * Motion JPEG: the export says so.
 */
import { concatBytes } from '../pngChunks'
import { box } from './mp4'

/** Big-endian fields: [bytes, value] pairs into one array. */
function fields(...f: [1 | 2 | 3 | 4, number][]): Uint8Array {
  const out = new Uint8Array(f.reduce((n, [w]) => n + w, 0))
  let at = 0
  for (const [w, v] of f) {
    for (let i = w - 1; i >= 0; i--) out[at + (w - 1 - i)] = Math.floor(v / 256 ** i) & 0xff
    at += w
  }
  return out
}

const UNITY: [4, number][] = [
  [4, 0x10000],
  [4, 0],
  [4, 0],
  [4, 0],
  [4, 0x10000],
  [4, 0],
  [4, 0],
  [4, 0],
  [4, 0x40000000],
]
const zeros = (n: number) => new Uint8Array(n)
const full = (type: string, version: number, flags: number, ...parts: Uint8Array[]) =>
  box(type, fields([1, version], [3, flags]), ...parts)

/** An MPEG-4 descriptor: tag, length (one byte here: ours are short), body. */
const descriptor = (tag: number, body: Uint8Array) =>
  concatBytes([Uint8Array.of(tag, body.length), body])

export interface MjpegInput {
  frames: Uint8Array[]
  width: number
  height: number
  /** How long each frame shows, in ms. */
  frameMs: number
}

/** The moov box; `dataAt` is where the first frame's bytes start in the file. */
export function mjpegMoov(input: MjpegInput, dataAt: number): Uint8Array {
  const { frames, width, height, frameMs } = input
  const duration = frames.length * frameMs
  const mvhd = full(
    'mvhd',
    0,
    0,
    fields([4, 0], [4, 0], [4, 1000], [4, duration], [4, 0x10000], [2, 0x100]),
    zeros(10),
    fields(...UNITY),
    zeros(24),
    fields([4, 2]),
  )
  const tkhd = full(
    'tkhd',
    0,
    3,
    fields([4, 0], [4, 0], [4, 1], [4, 0], [4, duration]),
    zeros(8),
    fields([2, 0], [2, 0], [2, 0], [2, 0]),
    fields(...UNITY),
    fields([4, width * 0x10000], [4, height * 0x10000]),
  )
  const mdhd = full(
    'mdhd',
    0,
    0,
    fields([4, 0], [4, 0], [4, 1000], [4, duration], [2, 0x55c4], [2, 0]),
  )
  const hdlr = full(
    'hdlr',
    0,
    0,
    zeros(4),
    new TextEncoder().encode('vide'),
    zeros(12),
    new TextEncoder().encode('Gen Studio frames\0'),
  )
  const vmhd = full('vmhd', 0, 1, zeros(8))
  const dinf = box('dinf', full('dref', 0, 0, fields([4, 1]), full('url ', 0, 1)))
  const decoderConfig = descriptor(
    0x04,
    concatBytes([fields([1, 0x6c], [1, 0x11], [3, 0], [4, 0], [4, 0])]),
  )
  const esds = full(
    'esds',
    0,
    0,
    descriptor(
      0x03,
      concatBytes([fields([2, 1], [1, 0]), decoderConfig, descriptor(0x06, Uint8Array.of(2))]),
    ),
  )
  const sampleEntry = box(
    'mp4v',
    zeros(6),
    fields([2, 1]),
    zeros(16),
    fields([2, width], [2, height], [4, 0x480000], [4, 0x480000], [4, 0], [2, 1]),
    zeros(32),
    fields([2, 0x18], [2, 0xffff]),
    esds,
  )
  const stsd = full('stsd', 0, 0, fields([4, 1]), sampleEntry)
  const stts = full('stts', 0, 0, fields([4, 1], [4, frames.length], [4, frameMs]))
  const stsc = full('stsc', 0, 0, fields([4, 1], [4, 1], [4, frames.length], [4, 1]))
  const stsz = full(
    'stsz',
    0,
    0,
    fields([4, 0], [4, frames.length], ...frames.map((f): [4, number] => [4, f.length])),
  )
  const stco = full('stco', 0, 0, fields([4, 1], [4, dataAt]))
  const stbl = box('stbl', stsd, stts, stsc, stsz, stco)
  const trak = box('trak', tkhd, box('mdia', mdhd, hdlr, box('minf', vmhd, dinf, stbl)))
  return box('moov', mvhd, trak)
}

/** The file's parts: ftyp, moov (possibly rewritten by `finish`, same size) and mdat. */
export function mjpegMp4(
  input: MjpegInput,
  finish: (moov: Uint8Array) => Uint8Array = (m) => m,
): Uint8Array {
  const ftyp = box(
    'ftyp',
    new TextEncoder().encode('isom'),
    fields([4, 0x200]),
    new TextEncoder().encode('isomiso2mp41'),
  )
  const size = finish(mjpegMoov(input, 0)).length
  const moov = finish(mjpegMoov(input, ftyp.length + size + 8))
  const data = input.frames.reduce((n, f) => n + f.length, 0)
  if (data + 8 > 0xffffffff) throw new Error('Too many frames for one MP4.')
  return concatBytes([
    ftyp,
    moov,
    fields([4, data + 8]),
    new TextEncoder().encode('mdat'),
    ...input.frames,
  ])
}
