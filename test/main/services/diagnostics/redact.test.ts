import { redactText, redactValue } from '@main/services/diagnostics/redact'
import { describe, expect, it } from 'vitest'

describe('redaction', () => {
  it('removes registered secrets, Bearer values, Authorization headers and sk- tokens', () => {
    const key = 'my-own-key-format-1234567890'
    const text = `key=${key} Authorization: Bearer abc.def-ghi "authorization":"xyz" token sk-proj-AbCdEf0123456789 done`
    const out = redactText(text, { secrets: [key] })
    for (const leaked of [key, 'abc.def-ghi', 'xyz', 'sk-proj-AbCdEf0123456789'])
      expect(out).not.toContain(leaked)
    expect(out).toContain('done')
  })

  it('removes media: data URLs, long Base64 runs, signed URL queries', () => {
    const b64 = Buffer.alloc(600, 3).toString('base64')
    const out = redactText(
      `img data:image/png;base64,${b64} raw ${b64} at https://cdn.example/a.png?sig=SECRET&exp=1`,
    )
    expect(out).not.toContain(b64.slice(0, 100))
    expect(out).not.toContain('SECRET')
    expect(out).toContain('https://cdn.example/a.png?[redacted]')
  })

  it('removes private strings (prompts) wherever echoed', () => {
    const prompt = 'my secret portrait idea (v2)'
    expect(redactText(`The prompt "${prompt}" was refused`, { privateStrings: [prompt] })).toBe(
      'The prompt "[private]" was refused',
    )
  })

  it('blanks credential and private-content keys in objects, deeply', () => {
    const out = redactValue({
      headers: { Authorization: 'Bearer x', 'x-request-id': 'r1' },
      body: { prompt: 'cat', messages: [{ role: 'user', content: 'hi' }], steps: 23 },
      list: ['Bearer qqq'],
    })
    expect(out).toEqual({
      headers: { Authorization: '[redacted]', 'x-request-id': 'r1' },
      body: { prompt: '[private]', messages: '[private]', steps: 23 },
      list: ['Bearer [redacted]'],
    })
  })
})
