import { join } from 'node:path'

import { afterEach, describe, expect, it, vi } from 'vitest'

import afterSign, { notarizeCredentials, notarizePlan } from '../../build/notarize.mjs'

/** build/notarize.mjs: notarize from environment credentials only, otherwise skip and say why. */
const context = (electronPlatformName: string) => ({
  appOutDir: '/release/mac-arm64',
  electronPlatformName,
  packager: { appInfo: { productFilename: 'Gen Studio' } },
})

describe('notarization credentials from the environment', () => {
  it('uses an App Store Connect API key when all three parts are set', () => {
    expect(
      notarizeCredentials({
        APPLE_API_KEY: '/k.p8',
        APPLE_API_KEY_ID: 'KID',
        APPLE_API_ISSUER: 'ISS',
      }),
    ).toEqual({
      appleApiKey: '/k.p8',
      appleApiKeyId: 'KID',
      appleApiIssuer: 'ISS',
    })
  })

  it('uses an Apple ID with an app-specific password and team', () => {
    expect(
      notarizeCredentials({
        APPLE_ID: 'a@b.c',
        APPLE_APP_SPECIFIC_PASSWORD: 'pw',
        APPLE_TEAM_ID: 'TEAM',
      }),
    ).toEqual({
      appleId: 'a@b.c',
      appleIdPassword: 'pw',
      teamId: 'TEAM',
    })
  })

  it('uses a stored notarytool keychain profile', () => {
    expect(notarizeCredentials({ APPLE_KEYCHAIN_PROFILE: 'ci' })).toEqual({ keychainProfile: 'ci' })
    expect(
      notarizeCredentials({ APPLE_KEYCHAIN_PROFILE: 'ci', APPLE_KEYCHAIN: '/k.keychain' }),
    ).toEqual({
      keychainProfile: 'ci',
      keychain: '/k.keychain',
    })
  })

  it('returns nothing for incomplete sets (never notarizes half-configured)', () => {
    expect(notarizeCredentials({})).toBeNull()
    expect(notarizeCredentials({ APPLE_ID: 'a@b.c', APPLE_APP_SPECIFIC_PASSWORD: 'pw' })).toBeNull()
    expect(notarizeCredentials({ APPLE_API_KEY: '/k.p8', APPLE_API_KEY_ID: 'KID' })).toBeNull()
    expect(
      notarizeCredentials({ APPLE_ID: '', APPLE_APP_SPECIFIC_PASSWORD: 'pw', APPLE_TEAM_ID: 'T' }),
    ).toBeNull()
  })
})

describe('afterSign notarization plan', () => {
  afterEach(() => vi.restoreAllMocks())

  it('notarizes the signed .app of a macOS build', () => {
    const plan = notarizePlan(context('darwin'), {
      APPLE_ID: 'a@b.c',
      APPLE_APP_SPECIFIC_PASSWORD: 'pw',
      APPLE_TEAM_ID: 'T',
    })
    expect(plan).toEqual({
      options: {
        appPath: join('/release/mac-arm64', 'Gen Studio.app'),
        appleId: 'a@b.c',
        appleIdPassword: 'pw',
        teamId: 'T',
      },
    })
  })

  it('skips, with the reason, when no credentials are set', () => {
    expect(notarizePlan(context('darwin'), {}).skip).toMatch(/no notarization credentials/)
  })

  it('skips Windows and Linux builds even with credentials set', () => {
    const env = { APPLE_ID: 'a@b.c', APPLE_APP_SPECIFIC_PASSWORD: 'pw', APPLE_TEAM_ID: 'T' }
    expect(notarizePlan(context('win32'), env).skip).toMatch(/not a macOS build/)
    expect(notarizePlan(context('linux'), env).skip).toMatch(/not a macOS build/)
  })

  it('the hook logs a skip line instead of failing the build', async () => {
    const log = vi.spyOn(console, 'log').mockImplementation(() => undefined)
    await afterSign(context('linux'))
    expect(log).toHaveBeenCalledWith(
      expect.stringMatching(/skipped notarization .*not a macOS build/),
    )
  })
})
