// Types for scripts/start.mjs (node runs the .mjs; tests import it through this).
export declare function electronBinary(require?: (id: string) => unknown): string | null
export declare function linuxSandbox(facts: {
  platform: string
  uid: number
  usernsRestricted: boolean
  helper: { uid: number; mode: number } | null
}): { args: string[]; note: string | null }
