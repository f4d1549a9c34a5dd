// Types for scripts/mutation/messageIgnorer.mjs (Stryker loads the .mjs; tests import it through this).
export declare const strykerPlugins: ReadonlyArray<{
  name: string
  kind: string
  injectableClass: new () => { shouldIgnore(path: unknown): string | undefined }
}>
