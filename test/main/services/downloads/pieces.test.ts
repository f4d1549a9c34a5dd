/**
 * The small pieces a download is made of (issue #32): file kinds by their first bytes, Base64
 * decoded in slices, file-system errors named for the user, the background flush pool and the
 * truncated-body error. Each decides whether a paid result is stored, under which name, or what
 * the user is told when it cannot be.
 */
import { BackgroundWork } from '@main/services/downloads/BackgroundWork'
import { base64Slices, decodedLength } from '@main/services/downloads/base64Stream'
import { detectKind, EXTENSION, MAGIC_BYTES, MIME } from '@main/services/downloads/magic'
import { storageFailure } from '@main/services/downloads/storageFailure'
import { TruncatedBodyError } from '@main/services/downloads/TruncatedBodyError'
import { AppFailure } from '@shared/result'
import { describe, expect, it } from 'vitest'

const bytes = (...b: number[]) => new Uint8Array(b)
const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]
const RIFF = [0x52, 0x49, 0x46, 0x46, 1, 2, 3, 4]
const WEBP = [0x57, 0x45, 0x42, 0x50]

describe('detectKind', () => {
  it.each([
    ['png', [...PNG, 0, 0, 0, 0]],
    ['jpeg', [0xff, 0xd8, 0xff, 0xe0]],
    ['webp', [...RIFF, ...WEBP]],
    ['mp4', [0, 0, 0, 0x18, 0x66, 0x74, 0x79, 0x70, 0x69, 0x73, 0x6f, 0x6d]],
    ['webm', [0x1a, 0x45, 0xdf, 0xa3, 0x9f]],
    ['zip', [0x50, 0x4b, 0x03, 0x04, 0x14]],
    ['zip', [0x50, 0x4b, 0x05, 0x06, 0]],
  ])('knows %s by its first bytes', (kind, head) => {
    expect(detectKind(bytes(...head))).toBe(kind)
  })

  it.each([
    ['nothing', []],
    ['a PNG signature cut short', PNG.slice(0, 7)],
    ['a PNG signature with one byte wrong', [...PNG.slice(0, 7), 0x0b]],
    ['JPEG without its third byte', [0xff, 0xd8]],
    ['RIFF that is not WebP (a WAV)', [...RIFF, 0x57, 0x41, 0x56, 0x45]],
    ['WEBP without RIFF before it', [0, 0, 0, 0, 1, 2, 3, 4, ...WEBP]],
    ['RIFF cut before its form type', RIFF],
    ['WEBP at the start instead of offset 8', [...WEBP, ...RIFF]],
    ['ftyp at the start instead of offset 4', [0x66, 0x74, 0x79, 0x70, 0, 0, 0, 0]],
    ['EBML with one byte wrong', [0x1a, 0x45, 0xdf, 0xa4]],
    ['PK with another record', [0x50, 0x4b, 0x01, 0x02]],
    ['PK with the end record cut', [0x50, 0x4b, 0x05]],
    ['text', [...new TextEncoder().encode('<html>error</html>')]],
  ])('refuses %s', (_name, head) => {
    expect(detectKind(bytes(...head))).toBeNull()
  })

  it('needs no more than MAGIC_BYTES to decide, and names each kind by extension and type', () => {
    expect(MAGIC_BYTES).toBe(12)
    expect(detectKind(bytes(...RIFF, ...WEBP).slice(0, MAGIC_BYTES))).toBe('webp')
    // Each kind is stored under its own extension and served with a type of its family.
    for (const kind of Object.keys(EXTENSION) as (keyof typeof EXTENSION)[]) {
      expect(EXTENSION[kind]).toMatch(/^\.[a-z0-9]+$/)
      expect(MIME[kind]).toMatch(/^(image|video|application)\//)
    }
    expect(new Set(Object.values(EXTENSION)).size).toBe(Object.keys(EXTENSION).length)
  })
})

describe('base64Slices', () => {
  const joined = (text: string) => Buffer.concat([...base64Slices(text)]).toString('latin1')

  it.each([
    ['plain', 'aGVsbG8gd29ybGQ=', 'hello world'],
    ['a data: URL', 'data:text/plain;base64,aGVsbG8gd29ybGQ=', 'hello world'],
    ['with whitespace and line breaks', 'aGVs\nbG8g d29y\r\nbGQ=', 'hello world'],
    ['a data: URL with whitespace', 'data:x;base64, aGVs bG8=', 'hello'],
    ['URL-safe', '-_-_', Buffer.from('-_-_', 'base64url').toString('latin1')],
    ['a data: URL without a comma', 'data:nothing', ''],
  ])('decodes %s', (_name, text, expected) => {
    expect(joined(text)).toBe(expected)
  })

  it('decodes a long text in slices of 1 MiB of Base64, each of whole groups', () => {
    const data = Buffer.alloc(3 * 256 * 1024 * 2 + 5, 7)
    const slices = [...base64Slices(data.toString('base64'))]
    expect(slices.map((s) => s.length)).toEqual([3 * 256 * 1024, 3 * 256 * 1024, 5])
    expect(Buffer.concat(slices).equals(data)).toBe(true)
  })

  it.each([
    ['a character outside Base64', 'aGVs*G8='],
    ['padding in the middle', 'aG=sbG8='],
    ['three padding characters', 'aGVsbA==='],
    ['a bad character in a later slice', 'A'.repeat(4 * 256 * 1024) + '!AAA'],
    // Only a data: URL has a prefix up to its comma; elsewhere a comma is a bad character.
    ['a comma in text that is not a data: URL', 'aGVs,bG8='],
  ])('refuses %s as a bad response from the service', (_name, text) => {
    let error: unknown
    try {
      Array.from(base64Slices(text))
    } catch (e) {
      error = e
    }
    expect(error).toBeInstanceOf(AppFailure)
    expect((error as AppFailure).error).toEqual({
      code: 'bad_response',
      message: 'The image data from the service is not valid Base64.',
    })
  })

  it.each([
    ['aGVsbG8gd29ybGQ=', 11],
    ['aGVsbG8=', 5],
    ['aGVsbA==', 4],
    ['aGVs', 3],
    ['data:image/png;base64,aGVsbA==', 4],
    ['aGVs\nbA==', 4],
    ['', 0],
    // Not a data: URL: the whole text is counted (and refused when decoded).
    ['aGVs,bG8=', 5],
  ])('%s decodes to %d bytes', (text, n) => {
    expect(decodedLength(text)).toBe(n)
  })

  it('holds no empty slice: exactly 1 MiB of Base64 is one slice, and nothing is none', () => {
    const text = 'A'.repeat(4 * 256 * 1024)
    expect([...base64Slices(text)].map((s) => s.length)).toEqual([3 * 256 * 1024])
    expect([...base64Slices('')]).toEqual([])
  })
})

describe('storageFailure', () => {
  const errno = (code: string) => Object.assign(new Error(code), { code })
  const storage = (code: string) => (storageFailure(errno(code), '/lib') as AppFailure).error

  it.each([
    ['ENOSPC', 'The disk is full.'],
    ['EDQUOT', 'The disk quota is exhausted.'],
    ['EROFS', 'The folder is on a read-only disk.'],
    ['EACCES', 'Gen Studio may not write to this folder.'],
    ['EPERM', 'Gen Studio may not write to this folder.'],
    ['ENOENT', 'The folder does not exist (was a drive removed?).'],
    ['ENOTDIR', 'The destination is not a folder.'],
    ['EISDIR', 'A folder is in the way of the file.'],
    ['EMFILE', 'Too many files are open.'],
    ['EIO', 'The disk reported an input/output error.'],
  ])('names %s and the folder', (code, words) => {
    const e = storage(code)
    expect(e.code).toBe('storage')
    expect(e.message).toBe(`Could not save into /lib: ${words} (${code})`)
  })

  it('asks for space when the disk is full, for another folder otherwise', () => {
    for (const code of ['ENOSPC', 'EDQUOT']) expect(storage(code).action).toMatch(/^Free some disk/)
    for (const code of ['EROFS', 'EACCES', 'EIO'])
      expect(storage(code).action).toMatch(/^Choose a writable library folder/)
  })

  it('leaves any other error unchanged', () => {
    for (const e of [errno('ECONNRESET'), errno('toString'), new Error('x'), null, 'text']) {
      expect(storageFailure(e, '/lib')).toBe(e)
    }
  })
})

describe('BackgroundWork', () => {
  const gate = () => {
    let open!: () => void
    let fail!: (e: unknown) => void
    const promise = new Promise<void>((res, rej) => {
      open = res
      fail = rej
    })
    return { promise, open, fail }
  }

  it('runs at most `width` at a time: start waits for a free slot', async () => {
    const work = new BackgroundWork(2)
    const gates = [gate(), gate(), gate()]
    let running = 0
    let most = 0
    const job = (g: (typeof gates)[number]) => async () => {
      running++
      most = Math.max(most, running)
      await g.promise
      running--
    }
    await work.start(job(gates[0]!))
    await work.start(job(gates[1]!))
    let third = false
    const started = work.start(job(gates[2]!)).then(() => (third = true))
    await new Promise((r) => setTimeout(r, 5))
    expect(third).toBe(false)
    gates[0]!.open()
    await started
    expect(third).toBe(true)
    gates[1]!.open()
    gates[2]!.open()
    await work.done()
    expect(most).toBe(2)
  })

  it('done throws the first failure after all have ended; settled never throws', async () => {
    const work = new BackgroundWork(3)
    const a = gate()
    const b = gate()
    let bEnded = false
    await work.start(() => a.promise)
    await work.start(() => b.promise.finally(() => (bEnded = true)))
    a.fail(new Error('first'))
    await new Promise((r) => setTimeout(r, 0))
    b.fail(new Error('second'))
    await expect(work.done()).rejects.toThrow('first')
    expect(bEnded).toBe(true)
    await expect(work.settled()).resolves.toBeUndefined()
  })

  it('refuses to start more work after a failure, so the caller stops early', async () => {
    const work = new BackgroundWork(1)
    await work.start(() => Promise.reject(new Error('flush failed')))
    let ran = false
    await expect(work.start(async () => void (ran = true))).rejects.toThrow('flush failed')
    expect(ran).toBe(false)
  })

  it('done resolves when everything succeeded', async () => {
    const work = new BackgroundWork(1)
    const order: number[] = []
    await work.start(async () => void order.push(1))
    await work.start(async () => void order.push(2))
    await expect(work.done()).resolves.toBeUndefined()
    expect(order).toEqual([1, 2])
  })
})

describe('TruncatedBodyError', () => {
  it('is a network-class error that says how much arrived', () => {
    const e = new TruncatedBodyError(10, 20)
    expect(e).toBeInstanceOf(Error)
    expect(e.code).toBe('ERR_BODY_TRUNCATED')
    expect(e.name).toBe('TruncatedBodyError')
    expect(e.message).toBe('The download ended after 10 of 20 bytes.')
  })
})
