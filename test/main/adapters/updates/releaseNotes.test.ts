import { plainReleaseNotes } from '@main/adapters/updates/releaseNotes'
import { describe, expect, it } from 'vitest'

describe('plainReleaseNotes', () => {
  it('turns a GitHub release’s HTML into text, with no markup left', () => {
    const html =
      '<h2>What&#39;s new</h2><ul><li>Faster <b>library</b></li><li>Fix &lt;script&gt; in prompts</li></ul><p>Thanks &amp; enjoy</p><img src=x onerror=alert(1)>'
    const text = plainReleaseNotes(html)
    expect(text).toBe("What's new\n• Faster library\n• Fix <script> in prompts\nThanks & enjoy")
    expect(text).not.toMatch(/<(?!script>)[a-z/]/i)
  })

  it('joins notes given per version, and treats none as empty', () => {
    expect(
      plainReleaseNotes([
        { version: '1.2.0', note: '<p>Two</p>' },
        { version: '1.1.0', note: null },
      ]),
    ).toBe('1.2.0\nTwo\n\n1.1.0')
    expect(plainReleaseNotes(null)).toBe('')
    expect(plainReleaseNotes(undefined)).toBe('')
  })

  it('keeps Markdown or plain text as it is, and bounds its length', () => {
    expect(plainReleaseNotes('- one\n- two')).toBe('- one\n- two')
    expect(plainReleaseNotes('x'.repeat(30_000))).toHaveLength(20_001)
  })
})
