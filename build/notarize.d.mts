// Types for build/notarize.mjs (electron-builder loads the .mjs; tests import it through this).
export type NotarizeCredentials =
  | { appleApiKey: string; appleApiKeyId: string; appleApiIssuer: string }
  | { appleId: string; appleIdPassword: string; teamId: string }
  | { keychainProfile: string; keychain?: string }

export interface SignContextLike {
  appOutDir: string
  electronPlatformName: string
  packager: { appInfo: { productFilename: string } }
}

export type NotarizePlan =
  | { skip: string; options?: undefined }
  | { skip?: undefined; options: { appPath: string } & NotarizeCredentials }

export declare function notarizeCredentials(
  env: Record<string, string | undefined>,
): NotarizeCredentials | null
export declare function notarizePlan(
  context: SignContextLike,
  env?: Record<string, string | undefined>,
): NotarizePlan
declare function afterSign(context: SignContextLike): Promise<void>
export default afterSign
