import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import { afterEach, beforeEach } from 'vitest'

/**
 * A fresh temp folder for each test of the calling file, removed after it: tests that copy,
 * hash or stat real files never see each other's. Read `.path` inside a test (it changes per test).
 */
export function tempFolderPerTest(prefix: string): { readonly path: string } {
  const folder = { path: '' }
  beforeEach(() => {
    folder.path = mkdtempSync(join(tmpdir(), prefix))
  })
  afterEach(() => rmSync(folder.path, { recursive: true, force: true }))
  return folder
}
