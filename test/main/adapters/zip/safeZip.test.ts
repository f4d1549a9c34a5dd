import { rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'

import { DEFAULT_ZIP_LIMITS, forEachZipEntry, UnsafeZipError } from '@main/adapters/zip/safeZip'
import { afterEach, describe, expect, it } from 'vitest'
import yazl from 'yazl'

const files: string[] = []
afterEach(() => {
  for (const f of files.splice(0)) rmSync(f, { force: true })
})

/** One deflated entry; `forge` edits the archive's bytes before it is written. */
async function deflatedZip(data: Buffer, forge: (zip: Buffer) => void): Promise<string> {
  const zip = new yazl.ZipFile()
  zip.addBuffer(data, 'image.png', { compress: true })
  zip.end()
  const chunks: Buffer[] = []
  for await (const c of zip.outputStream) chunks.push(c as Buffer)
  const buf = Buffer.concat(chunks)
  forge(buf)
  const path = join(tmpdir(), `safezip-${process.pid}-${files.length}-${Date.now()}.zip`)
  writeFileSync(path, buf)
  files.push(path)
  return path
}

const LOCAL = 0x04034b50
const CENTRAL = 0x02014b50

/** Where the entry's compressed bytes start (after the local header, name and extra field). */
function dataStart(buf: Buffer): number {
  expect(buf.readUInt32LE(0)).toBe(LOCAL)
  return 30 + buf.readUInt16LE(26) + buf.readUInt16LE(28)
}

/** Opens the entry, waits as a consumer that first creates its output file would, then reads. */
async function readLate(path: string): Promise<unknown> {
  let caught: unknown = null
  await forEachZipEntry(path, DEFAULT_ZIP_LIMITS, async (entry) => {
    const bytes = await entry.open()
    await sleep(50)
    try {
      for await (const _ of bytes) void _
    } catch (e) {
      caught = e
      throw e
    }
  }).catch(() => {})
  return caught
}

describe('safeZip: an entry stream that fails before its first read', () => {
  // Before the fix, yauzl emitted these errors on a stream nobody listened to yet, and the main
  // process crashed with an uncaught exception (issue #13, item 1).
  const cases: Array<[string, (buf: Buffer) => void, RegExp]> = [
    [
      'corrupt deflate (invalid block type)',
      (buf) => {
        buf[dataStart(buf)] = 0xff
      },
      /damaged: image\.png cannot be read/,
    ],
    [
      'an entry that inflates past its declared size',
      (buf) => {
        const central = buf.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]))
        expect(buf.readUInt32LE(central)).toBe(CENTRAL)
        buf.writeUInt32LE(16, central + 24)
        buf.writeUInt32LE(16, 22)
      },
      /damaged: image\.png cannot be read \(too many bytes/,
    ],
  ]

  it.each(cases)(
    '%s: the reader gets an UnsafeZipError, nothing is uncaught',
    async (_, forge, message) => {
      const uncaught: unknown[] = []
      const onUncaught = (e: unknown) => uncaught.push(e)
      process.on('uncaughtException', onUncaught)
      try {
        const path = await deflatedZip(Buffer.alloc(200_000, 7), forge)
        const error = await readLate(path)
        expect(error).toBeInstanceOf(UnsafeZipError)
        expect((error as Error).message).toMatch(message)
        await sleep(20)
        expect(uncaught).toEqual([])
      } finally {
        process.off('uncaughtException', onUncaught)
      }
    },
  )

  it('a sound archive read late still gives every byte', async () => {
    const data = Buffer.alloc(200_000, 7)
    const path = await deflatedZip(data, () => {})
    const got: Buffer[] = []
    await forEachZipEntry(path, DEFAULT_ZIP_LIMITS, async (entry) => {
      const bytes = await entry.open()
      await sleep(50)
      for await (const c of bytes) got.push(Buffer.from(c))
    })
    expect(Buffer.concat(got).equals(data)).toBe(true)
  })
})
