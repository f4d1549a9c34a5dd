// electron-builder afterSign hook: notarizes (and staples) the signed macOS app with Apple's
// notarytool via @electron/notarize, using credentials from the environment only. Without
// credentials it logs why and skips, so local and fork builds still produce a signed-or-unsigned
// app. electron-builder only calls afterSign when it actually signed the app.
import { join } from 'node:path'

/**
 * notarytool credentials, in the order Apple recommends them for CI:
 * 1. App Store Connect API key: APPLE_API_KEY (path to the .p8), APPLE_API_KEY_ID, APPLE_API_ISSUER
 * 2. Apple ID: APPLE_ID, APPLE_APP_SPECIFIC_PASSWORD, APPLE_TEAM_ID
 * 3. A stored notarytool profile: APPLE_KEYCHAIN_PROFILE (+ optional APPLE_KEYCHAIN)
 * Returns null when none is complete.
 */
export function notarizeCredentials(env) {
  if (env.APPLE_API_KEY && env.APPLE_API_KEY_ID && env.APPLE_API_ISSUER) {
    return {
      appleApiKey: env.APPLE_API_KEY,
      appleApiKeyId: env.APPLE_API_KEY_ID,
      appleApiIssuer: env.APPLE_API_ISSUER,
    }
  }
  if (env.APPLE_ID && env.APPLE_APP_SPECIFIC_PASSWORD && env.APPLE_TEAM_ID) {
    return {
      appleId: env.APPLE_ID,
      appleIdPassword: env.APPLE_APP_SPECIFIC_PASSWORD,
      teamId: env.APPLE_TEAM_ID,
    }
  }
  if (env.APPLE_KEYCHAIN_PROFILE) {
    return env.APPLE_KEYCHAIN
      ? { keychainProfile: env.APPLE_KEYCHAIN_PROFILE, keychain: env.APPLE_KEYCHAIN }
      : { keychainProfile: env.APPLE_KEYCHAIN_PROFILE }
  }
  return null
}

/** What the hook will do for this build: skip (with the reason) or notarize with these options. */
export function notarizePlan(context, env = process.env) {
  if (context.electronPlatformName !== 'darwin')
    return { skip: `not a macOS build (${context.electronPlatformName})` }
  const credentials = notarizeCredentials(env)
  if (!credentials) {
    return {
      skip: 'no notarization credentials (set APPLE_API_KEY/APPLE_API_KEY_ID/APPLE_API_ISSUER, APPLE_ID/APPLE_APP_SPECIFIC_PASSWORD/APPLE_TEAM_ID or APPLE_KEYCHAIN_PROFILE)',
    }
  }
  const appPath = join(context.appOutDir, `${context.packager.appInfo.productFilename}.app`)
  return { options: { appPath, ...credentials } }
}

export default async function afterSign(context) {
  const plan = notarizePlan(context)
  if (plan.skip) {
    console.log(`  • skipped notarization  reason=${plan.skip}`)
    return
  }
  // Loaded only when needed: the module is macOS-only in practice and pulls in nothing else.
  const { notarize } = await import('@electron/notarize')
  console.log(`  • notarizing  app=${plan.options.appPath}`)
  await notarize(plan.options)
  console.log('  • notarized and stapled')
}
