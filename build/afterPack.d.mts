// Types for build/afterPack.mjs (electron-builder loads the .mjs; tests import it through this).
import type { FuseV1Options, FuseVersion } from '@electron/fuses'

export interface PackContextLike {
  appOutDir: string
  electronPlatformName: string
  arch: number
  packager: { appInfo: { productFilename: string }; executableName?: string }
}

export declare const FUSES: Record<FuseV1Options, boolean>
export declare function fuseConfig(
  electronPlatformName: string,
  arch: number,
): { version: FuseVersion; resetAdHocDarwinSignature: boolean } & Record<FuseV1Options, boolean>
export declare function electronBinaryPath(context: PackContextLike): string
export declare function fuseMismatches(binaryPath: string): Promise<string[]>
declare function afterPack(context: PackContextLike): Promise<void>
export default afterPack
