import { promises as fs } from 'node:fs'
import { join } from 'node:path'

import type { LibrarySidecar } from '@shared/library/types'

/**
 * Writes `count` saved results into `dir` (a library's date folder): `<name>-<i>.png` with the
 * given bytes, each beside a sidecar with its ID, size and a creation second of its own, plus
 * whatever `extra(i)` adds. What an earlier install or another machine leaves for a first index.
 */
export async function writeResults(
  dir: string,
  count: number,
  bytes: Uint8Array,
  options: { name?: string; extra?: (i: number) => Partial<LibrarySidecar> } = {},
): Promise<void> {
  await fs.mkdir(dir, { recursive: true })
  const name = options.name ?? 'result'
  for (let i = 0; i < count; i++) {
    const file = join(dir, `${name}-${i}.png`)
    await fs.writeFile(file, bytes)
    const sidecar: Partial<LibrarySidecar> = {
      format: 'gen-studio-library',
      version: 1,
      id: `${name}-${i}`,
      kind: 'image',
      model: 'std-image-2',
      prompt: `${name} ${i}`,
      bytes: bytes.length,
      created: new Date(Date.UTC(2025, 4, 6, 10, 0, 0, 0) + i * 1000).toISOString(),
      ...options.extra?.(i),
    }
    await fs.writeFile(`${file}.json`, JSON.stringify(sidecar))
  }
}
