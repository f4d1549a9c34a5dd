import { spawnSync } from 'node:child_process'

/**
 * Whether an external program the test needs is on this machine. On CI (process.env.CI set) a
 * missing program is an error with a clear message, so a suite can never pass by skipping; on a
 * developer machine the suite is skipped with a message naming the program and its package.
 */
export function syncthingToolOrSkip(
  tool: string,
  debianPackage: string,
  versionArgs = ['--version'],
): { available: boolean; version: string } {
  const r = spawnSync(tool, versionArgs, { encoding: 'utf8', timeout: 10_000 })
  if (!r.error && r.status === 0) return { available: true, version: r.stdout.trim() }
  const why = `${tool} is not installed (Debian package: ${debianPackage}); the tests that run the real ${tool} need it.`
  if (process.env.CI) throw new Error(`CI: ${why}`)
  console.warn(`Skipping: ${why}`)
  return { available: false, version: '' }
}
