// Types for scripts/native.mjs (node runs the .mjs; tests import it through this).
export type AddonAbiOnDisk = number | 'napi' | null | 'missing'
export interface RunResult {
  status: number
  stdout: string
  stderr: string
}
export type Runner = (command: string, args: string[], cwd: string) => RunResult
export declare const ADDON: string
export declare function addonAbiOf(path: string): AddonAbiOnDisk
export declare function electronTarget(root?: string): { version: string; abi: number }
export declare function cacheFile(root: string, platform: string, arch: string): string
export declare function plan(targetAbi: number, existingAbi: AddonAbiOnDisk): 'up-to-date' | 'build'
export declare function runCommand(command: string, args: string[], cwd: string): RunResult
export declare function ensureElectronBuild(options?: {
  root?: string
  platform?: string
  arch?: string
  run?: Runner
  log?: (message: string) => void
}): { status: 'up-to-date' | 'built'; path: string }
