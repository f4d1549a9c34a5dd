import { parseSse, SseTooLargeError } from '@main/adapters/http/sse'
import { describe, expect, it } from 'vitest'

async function all(chunks: Array<string | Uint8Array>, options = {}) {
  const out = []
  async function* source() {
    yield* chunks
  }
  for await (const e of parseSse(source(), options)) out.push(e)
  return out
}

describe('parseSse', () => {
  it('parses events, ids, multi-line data and default type; ignores comments and unknown fields', async () => {
    const events = await all([
      ': hi\n\nevent: preview\nid: 1\ndata: a\ndata: b\nfoo: bar\n\ndata: plain\n\n',
    ])
    expect(events).toEqual([
      { event: 'preview', id: '1', data: 'a\nb' },
      { event: 'message', data: 'plain' },
    ])
  })

  it('keeps a multi-byte character split between network chunks intact', async () => {
    const bytes = new TextEncoder().encode('data: crème ✓\n\n')
    const cut = bytes.indexOf(0xa8) // inside "è"
    expect((await all([bytes.slice(0, cut), bytes.slice(cut)]))[0]!.data).toBe('crème ✓')
  })

  it('drops a BOM at the start of the stream only, and keeps non-ASCII text split oddly', async () => {
    const enc = new TextEncoder()
    const bom = Uint8Array.from([0xef, 0xbb, 0xbf])
    const events = await all([
      bom,
      enc.encode('data: \uFEFFa'),
      enc.encode('ü\n'),
      enc.encode('\n'),
    ])
    expect(events).toEqual([{ event: 'message', data: '\uFEFFaü' }])
  })

  it('handles CRLF line endings and an event split at every byte', async () => {
    const text = 'event: done\r\ndata: {"ok":true}\r\n\r\n'
    expect(await all(text.split(''))).toEqual([{ event: 'done', data: '{"ok":true}' }])
  })

  it('does not deliver an event whose blank line never arrived', async () => {
    expect(await all(['data: complete\n\ndata: cut'])).toEqual([
      { event: 'message', data: 'complete' },
    ])
  })

  it('refuses an event larger than the limit', async () => {
    await expect(
      all(['data: ' + 'x'.repeat(5000)], { maxEventChars: 1000 }),
    ).rejects.toBeInstanceOf(SseTooLargeError)
  })
})
