// electron-builder afterPack hook: flips Electron's fuses in the packaged binary, then reads them
// back and fails the build if any fuse did not take. afterPack runs after app.asar (and its
// integrity hash) is written and BEFORE code signing, so the signature covers the flipped bits and
// the OS refuses a binary whose fuses were changed afterwards.
import { join } from 'node:path'

import fuses from '@electron/fuses'

const { flipFuses, FuseV1Options, FuseVersion, getCurrentFuseWire } = fuses

/** electron-builder's Arch enum value for arm64 (builder-util: ia32 0, x64 1, armv7l 2, arm64 3). */
const ARCH_ARM64 = 3
/** Byte values in the fuse wire (@electron/fuses FuseState): '0' off, '1' on. */
const DISABLED = 0x30
const ENABLED = 0x31

/**
 * The fuse policy. Every fuse @electron/fuses 1.8 knows is set explicitly, so an Electron upgrade
 * that flips a default cannot silently change it. Why each one:
 */
export const FUSES = {
  // ELECTRON_RUN_AS_NODE would turn the signed app into a general Node.js interpreter.
  [FuseV1Options.RunAsNode]: false,
  // Cookies on disk are encrypted with an OS-held key (Keychain / DPAPI / libsecret).
  [FuseV1Options.EnableCookieEncryption]: true,
  // NODE_OPTIONS (e.g. --require=evil.js) is ignored.
  [FuseV1Options.EnableNodeOptionsEnvironmentVariable]: false,
  // --inspect / --inspect-brk cannot attach a debugger to the main process.
  [FuseV1Options.EnableNodeCliInspectArguments]: false,
  // app.asar is checked against the hash electron-builder embeds (Info.plist / .exe resource).
  [FuseV1Options.EnableEmbeddedAsarIntegrityValidation]: true,
  // Only app.asar is loaded: no app/ folder or default_app.asar next to it.
  [FuseV1Options.OnlyLoadAppFromAsar]: true,
  // We ship no custom V8 snapshot.
  [FuseV1Options.LoadBrowserProcessSpecificV8Snapshot]: false,
  // file:// gets no extra privileges: our content is served from app://.
  [FuseV1Options.GrantFileProtocolExtraPrivileges]: false,
}

/** The @electron/fuses config for one packaged platform/arch. */
export function fuseConfig(electronPlatformName, arch) {
  return {
    version: FuseVersion.V1,
    // An unsigned arm64 macOS binary must be re-signed ad hoc after its bytes change or it will
    // not launch; a signed build is re-signed by electron-builder right after this hook anyway.
    resetAdHocDarwinSignature: electronPlatformName === 'darwin' && arch === ARCH_ARM64,
    ...FUSES,
  }
}

/** Where the binary holding the fuse wire lives in an electron-builder appOutDir. */
export function electronBinaryPath(context) {
  const { appOutDir, electronPlatformName, packager } = context
  switch (electronPlatformName) {
    case 'darwin':
    case 'mas':
      // @electron/fuses resolves "<name>.app" to Contents/Frameworks/Electron Framework.framework.
      return join(appOutDir, `${packager.appInfo.productFilename}.app`)
    case 'win32':
      return join(appOutDir, `${packager.appInfo.productFilename}.exe`)
    default:
      return join(appOutDir, packager.executableName)
  }
}

/** Fuses whose value in the binary differs from FUSES ([] when all took). */
export async function fuseMismatches(binaryPath) {
  const wire = await getCurrentFuseWire(binaryPath)
  const wrong = []
  for (const [index, wanted] of Object.entries(FUSES)) {
    const actual = wire[index]
    if (actual !== (wanted ? ENABLED : DISABLED)) {
      const shown = actual === undefined ? 'absent' : String.fromCharCode(actual)
      wrong.push(`${FuseV1Options[index]} is ${shown}, wanted ${wanted ? 1 : 0}`)
    }
  }
  return wrong
}

export default async function afterPack(context) {
  const binary = electronBinaryPath(context)
  const sentinels = await flipFuses(binary, fuseConfig(context.electronPlatformName, context.arch))
  const wrong = await fuseMismatches(binary)
  if (wrong.length) throw new Error(`Electron fuses not applied to ${binary}: ${wrong.join('; ')}`)
  console.log(`  • fuses set and verified  binary=${binary} sentinels=${sentinels}`)
}
