import { KeyScrubber, SCRUBBED } from '@main/services/client/transport/keyScrub'
import { describe, expect, it } from 'vitest'

const KEY = 'gk-live/Ab+9=xyz'

describe('KeyScrubber', () => {
  const scrub = new KeyScrubber([KEY])

  it('replaces the key, and its URL-encoded form, wherever it is in a text', () => {
    expect(scrub.text(`model-${KEY}-v2 and ${KEY}`)).toBe(`model-${SCRUBBED}-v2 and ${SCRUBBED}`)
    expect(scrub.text(`https://cdn/x?k=${encodeURIComponent(KEY)}`)).toBe(
      `https://cdn/x?k=${SCRUBBED}`,
    )
    expect(scrub.text('nothing to see')).toBe('nothing to see')
  })

  it('scrubs every string of a JSON value, property names included, and leaves the rest', () => {
    const input = {
      data: [{ id: `m-${KEY}`, n: 3, ok: true, none: null }],
      [KEY]: { nested: [[`${KEY}`]] },
    }
    const out = scrub.value(input)
    expect(out).toEqual({
      data: [{ id: `m-${SCRUBBED}`, n: 3, ok: true, none: null }],
      [SCRUBBED]: { nested: [[SCRUBBED]] },
    })
    expect(JSON.stringify(out)).not.toContain(KEY)
    // The input is left as it was.
    expect(input.data[0]!.id).toBe(`m-${KEY}`)
  })

  it('finds a key split across the pieces of a stream, at every split point', () => {
    const text = `Sure: ${KEY}. Again ${KEY}`
    for (let a = 1; a < text.length - 1; a++) {
      for (const b of [a + 1, a + 3, a + KEY.length]) {
        const s = scrub.stream()
        const pieces = [text.slice(0, a), text.slice(a, b), text.slice(b)]
        const out = pieces.map((p) => s.push(p)).join('') + s.end()
        expect(out, `split at ${a}/${b}`).toBe(`Sure: ${SCRUBBED}. Again ${SCRUBBED}`)
      }
    }
  })

  it('holds back only what could still be the key, and gives it back at the end', () => {
    const s = scrub.stream()
    expect(s.push('hello gk-li')).toBe('hello ')
    expect(s.push('ght')).toBe('gk-light')
    expect(s.push(' gk')).toBe(' ')
    expect(s.end()).toBe('gk')
  })

  it('does nothing without a key, or with one too short to be a secret', () => {
    expect(new KeyScrubber([]).value({ a: 'x' })).toEqual({ a: 'x' })
    expect(new KeyScrubber(['abc']).text('abcabc')).toBe('abcabc')
  })
})
