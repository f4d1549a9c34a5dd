import sharp from 'sharp'

/** A real PNG of the given size and colour (sharp/libpng encoded). */
export const makePng = (width = 64, height = 48, background = '#e03131') =>
  sharp({ create: { width, height, channels: 3, background } })
    .png()
    .toBuffer()

/** A flat-grey raw image of the given size, to encode with sharp into any format. */
export const rawImage = (w: number, h: number, channels: 3 | 4 = 3) =>
  sharp(Buffer.alloc(w * h * channels, 90), { raw: { width: w, height: h, channels } })

const box = (type: string, ...parts: Buffer[]) => {
  const body = Buffer.concat(parts)
  const head = Buffer.alloc(8)
  head.writeUInt32BE(8 + body.length)
  head.write(type, 4, 'latin1')
  return Buffer.concat([head, body])
}

/**
 * A minimal ISO-BMFF file (ftyp, mdat, moov with mvhd and a video tkhd) with the given duration
 * and frame size: enough for the library to recognise and measure it, without an encoder.
 */
export function makeMp4(durationSec = 5, width = 1280, height = 720, padding = 4096): Buffer {
  const ftyp = box('ftyp', Buffer.from('isom'), Buffer.alloc(4), Buffer.from('isomiso2mp41'))
  const mvhd = Buffer.alloc(100)
  mvhd.writeUInt32BE(1000, 12) // timescale
  mvhd.writeUInt32BE(durationSec * 1000, 16) // duration
  const tkhd = Buffer.alloc(84)
  tkhd.writeUInt32BE(width * 65536, 76)
  tkhd.writeUInt32BE(height * 65536, 80)
  const moov = box('moov', box('mvhd', mvhd), box('trak', box('tkhd', tkhd)))
  return Buffer.concat([ftyp, box('mdat', Buffer.alloc(padding, 7)), moov])
}

/** Polls until `check` returns a truthy value (watcher-driven changes are asynchronous). */
export async function waitFor<T>(check: () => Promise<T> | T, timeoutMs = 8000): Promise<T> {
  const until = Date.now() + timeoutMs
  for (;;) {
    const v = await check()
    if (v) return v
    if (Date.now() > until) throw new Error('Timed out waiting for the condition')
    await new Promise((r) => setTimeout(r, 50))
  }
}
