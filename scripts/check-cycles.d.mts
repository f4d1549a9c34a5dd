// Types for scripts/check-cycles.mjs (node runs the .mjs; tests import it through this).
export declare function findCycles(srcDir: string, aliases?: Record<string, string>): string[][]
export declare function findDomainCycles(
  srcDir: string,
  aliases?: Record<string, string>,
): Array<{ domains: string[]; imports: string[] }>
