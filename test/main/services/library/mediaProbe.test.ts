import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import { probeMp4 } from '@main/services/library/mediaProbe'
import { makeMp4 } from '@test/support/mediaFixtures'
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
