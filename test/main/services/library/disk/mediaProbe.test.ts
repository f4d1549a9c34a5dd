import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { deflateSync } from 'node:zlib'
import { crc32 } from 'node:zlib'

import { probeMedia, probeMp4 } from '@main/services/library/disk/mediaProbe'
import { makeMp4, makePng } from '@test/support/mediaFixtures'
import { afterAll, describe, expect, it } from 'vitest'

const dir = mkdtempSync(join(tmpdir(), 'probe-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

let n = 0
function file(bytes: Buffer): string {
  const path = join(dir, `${n++}.mp4`)
  writeFileSync(path, bytes)
  return path
}

/** An 8-byte box with no body: the crafted file's building block. */
const tinyBox = Buffer.from([0, 0, 0, 8, 0x66, 0x72, 0x65, 0x65]) // "free"

describe('probeMp4', () => {
  it('measures an ordinary file, with its moov after a large mdat', async () => {
    expect(await probeMp4(file(makeMp4(7, 640, 360, 3 * 1024 * 1024)))).toEqual({
      durationSec: 7,
      width: 640,
      height: 360,
    })
  })

  it('a crafted file of 400,000 tiny boxes is given up on quickly (issue #13: 27 s before)', async () => {
    const ordinary = makeMp4(3)
    const ftypLen = ordinary.readUInt32BE(0)
    const crafted = Buffer.concat([
      ordinary.subarray(0, ftypLen),
      Buffer.concat(Array(400_000).fill(tinyBox)),
      ordinary.subarray(ftypLen),
    ])
    const started = performance.now()
    const info = await probeMp4(file(crafted))
    const ms = performance.now() - started
    expect(info).toEqual({ durationSec: null, width: null, height: null })
    expect(ms).toBeLessThan(500)
  })

  it('a moov of tiny boxes is walked within its budget', async () => {
    const inner = Buffer.concat(Array(1_000_000).fill(tinyBox))
    const moov = Buffer.concat([Buffer.alloc(4), Buffer.from('moov'), inner])
    moov.writeUInt32BE(moov.length, 0)
    const ordinary = makeMp4(3)
    const ftypLen = ordinary.readUInt32BE(0)
    const started = performance.now()
    const info = await probeMp4(file(Buffer.concat([ordinary.subarray(0, ftypLen), moov])))
    expect(performance.now() - started).toBeLessThan(200)
    expect(info).toEqual({ durationSec: null, width: null, height: null })
  })
})

describe('probeMedia on PNGs', () => {
  it('measures a PNG from its header, without inflating a 16 MiB text chunk into main', async () => {
    const png = await makePng(40, 30)
    const body = Buffer.concat([
      Buffer.from('zTXtparameters\0\0', 'latin1'),
      deflateSync(Buffer.alloc(16 * 1024 * 1024, 'a'), { level: 9 }),
    ])
    const chunk = Buffer.alloc(8 + body.length)
    chunk.writeUInt32BE(body.length - 4, 0)
    body.copy(chunk, 4)
    chunk.writeUInt32BE(crc32(body), 4 + body.length)
    const end = 8 + 12 + png.readUInt32BE(8)
    const path = file(
      Buffer.concat([png.subarray(0, end), chunk.subarray(0, 8 + body.length), png.subarray(end)]),
    )
    const before = process.memoryUsage().rss
    const info = await probeMedia(path)
    expect(info).toMatchObject({ ext: 'png', media: 'image', width: 40, height: 30 })
    expect(process.memoryUsage().rss - before).toBeLessThan(8 * 1024 * 1024)
  })

  it('refuses a PNG whose header is damaged', async () => {
    const png = await makePng(40, 30)
    png.write('XXXX', 12, 'latin1')
    await expect(probeMedia(file(png))).rejects.toThrow(/cannot be read/)
  })
})
