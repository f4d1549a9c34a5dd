import { normalizeBaseUrl } from '@shared/baseUrl'
import { describe, expect, it } from 'vitest'

describe('normalizeBaseUrl', () => {
  it.each([
    ['https://api.example.com', 'https://api.example.com'],
    ['  https://api.example.com/  ', 'https://api.example.com'],
    ['https://api.example.com/v1', 'https://api.example.com'],
    ['https://api.example.com/v1/', 'https://api.example.com'],
    ['https://api.example.com/ai/generate-image', 'https://api.example.com'],
    ['https://api.example.com/ai', 'https://api.example.com'],
    ['https://api.example.com/gateway/v1', 'https://api.example.com/gateway'],
    ['https://api.example.com/v1/ai/generate-image', 'https://api.example.com'],
    ['https://API.Example.com:8443', 'https://api.example.com:8443'],
    ['http://127.0.0.1:5000/v1', 'http://127.0.0.1:5000'],
    ['http://localhost:8080', 'http://localhost:8080'],
    ['http://[::1]:9000', 'http://[::1]:9000'],
  ])('%s → %s', (input, expected) => {
    expect(normalizeBaseUrl(input)).toEqual({ ok: true, url: expected })
  })

  it.each([
    ['api.example.com', /full address/],
    ['ftp://api.example.com', /https/],
    ['http://api.example.com', /https/],
    ['http://192.168.1.5', /https/],
    ['https://user:pw@api.example.com', /user name/],
    ['https://api.example.com/?k=1', /\?/],
    ['https://api.example.com/#x', /#/],
    ['', /full address/],
  ])('refuses %s', (input, message) => {
    const result = normalizeBaseUrl(input)
    expect(result.ok).toBe(false)
    if (!result.ok) expect(result.message).toMatch(message)
  })
})
