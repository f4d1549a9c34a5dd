import { describeUpdateError } from '@main/services/updates/describeUpdateError'
import { describe, expect, it } from 'vitest'

const err = (message: string, code?: string) => Object.assign(new Error(message), { code })

describe('describeUpdateError', () => {
  it('gives each way a feed fails its own words', () => {
    expect(
      describeUpdateError(err('sha512 checksum mismatch, expected x', 'ERR_CHECKSUM_MISMATCH')),
    ).toMatch(/did not match its published sha512/)
    expect(describeUpdateError(err('getaddrinfo ENOTFOUND updates.test', 'ENOTFOUND'))).toMatch(
      /Could not reach the update feed/,
    )
    expect(describeUpdateError(err('net::ERR_INTERNET_DISCONNECTED'))).toMatch(/offline/)
    expect(describeUpdateError(err('aborted', 'ECONNRESET'))).toMatch(/cut off before the end/)
    expect(
      describeUpdateError(
        err(
          'This file could not be downloaded, or the latest version (from update server) does not have a valid semver version: "undefined"',
          'ERR_UPDATER_INVALID_VERSION',
        ),
      ),
    ).toMatch(/not an update description/)
    expect(
      describeUpdateError(
        err('Cannot parse update info from latest.yml', 'ERR_UPDATER_INVALID_UPDATE_INFO'),
      ),
    ).toMatch(/not an update description/)
    expect(describeUpdateError(err('x', 'ERR_UPDATER_CHANNEL_FILE_NOT_FOUND'))).toMatch(
      /no release for this channel/,
    )
  })

  it('gives the resumable download’s own sentences as they are, and a full disk its words', () => {
    for (const code of ['UPDATE_DOWNLOAD_CUT', 'UPDATE_HTTP', 'UPDATE_FEED_TIMEOUT'])
      expect(describeUpdateError(err(`Said for ${code}.`, code))).toBe(`Said for ${code}.`)
    expect(describeUpdateError(err('ENOSPC: no space left on device, write', 'ENOSPC'))).toBe(
      'Not enough disk space for the update download; what arrived is kept, and the next check continues once space is free.',
    )
  })

  it('keeps one short line of anything else', () => {
    const text = describeUpdateError(err(`first line ${'y'.repeat(400)}\nstack`))
    expect(text.length).toBe(200)
    expect(text.startsWith('first line')).toBe(true)
    expect(text).not.toContain('stack')
  })
})
