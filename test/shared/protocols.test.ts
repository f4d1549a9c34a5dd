import { readFileSync } from 'node:fs'
import { join } from 'node:path'

import { CONTENT_SECURITY_POLICY, MEDIA_SCHEME } from '@shared/protocols'
import { describe, expect, it } from 'vitest'

/**
 * One CSP, sent as a header by app:// and repeated in index.html's meta tag (the dev server and
 * the e2e harness serve index.html without our header). Both must say the same, strict thing.
 */
const html = readFileSync(
  join(import.meta.dirname, '..', '..', 'src', 'renderer', 'index.html'),
  'utf8',
)

function metaCsp(source: string): string {
  const tag = /<meta\s+[^>]*http-equiv=["']Content-Security-Policy["'][^>]*>/i.exec(source)?.[0]
  const content = tag && /content=(["'])([\s\S]*?)\1/i.exec(tag)?.[2]
  if (!content) throw new Error('index.html has no CSP meta tag')
  return content.trim()
}

function directives(policy: string): Map<string, string[]> {
  return new Map(
    policy
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...values]) => [name!.toLowerCase(), values]),
  )
}

describe('Content-Security-Policy', () => {
  const policy = directives(CONTENT_SECURITY_POLICY)

  it('index.html carries exactly CONTENT_SECURITY_POLICY', () => {
    expect(metaCsp(html)).toBe(CONTENT_SECURITY_POLICY)
    expect(html.match(/http-equiv=["']Content-Security-Policy["']/gi)).toHaveLength(1)
  })

  it('allows scripts only from the app itself: no eval, no inline, no remote script', () => {
    const script = policy.get('script-src') ?? policy.get('default-src')
    expect(script).toEqual(["'self'"])
    expect(CONTENT_SECURITY_POLICY).not.toMatch(
      /unsafe-eval|unsafe-inline|unsafe-hashes|wasm-unsafe-eval|strict-dynamic/,
    )
    expect(policy.get('default-src')).toEqual(["'self'"])
  })

  it('loads nothing from the network: no http(s), wildcard or host sources anywhere', () => {
    for (const [name, values] of policy) {
      for (const value of values) {
        expect(value, `${name} ${value}`).toMatch(
          new RegExp(`^('self'|'none'|data:|blob:|${MEDIA_SCHEME}:)$`),
        )
      }
    }
    // data: and blob: only where images, media and workers need them, never for script or frames.
    expect(policy.get('connect-src')).toEqual(["'self'"])
    expect(policy.get('style-src')).toEqual(["'self'"])
  })

  it('shuts plugins, base-URI rewriting, form posts and frames', () => {
    expect(policy.get('object-src')).toEqual(["'none'"])
    expect(policy.get('base-uri')).toEqual(["'none'"])
    expect(policy.get('form-action')).toEqual(["'none'"])
    expect(policy.get('frame-src')).toEqual(["'none'"])
  })

  it('index.html has no inline script, inline handlers or inline styles for the CSP to refuse', () => {
    const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)]
    expect(scripts.length).toBeGreaterThan(0)
    for (const [, attrs, body] of scripts) {
      expect(attrs).toMatch(/\bsrc=/)
      expect(body!.trim()).toBe('')
    }
    expect(html).not.toMatch(/\son[a-z]+\s*=/i)
    expect(html).not.toMatch(/<style\b|\sstyle\s*=/i)
    expect(html).not.toMatch(/(src|href)=["'](https?:)?\/\//i)
  })
})
