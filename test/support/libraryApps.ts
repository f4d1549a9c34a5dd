import { join } from 'node:path'

import type { LibraryService } from '@main/services/library/LibraryService'
import { afterEach } from 'vitest'

import { createTestApp } from './testContainer'

export type TestApp = ReturnType<typeof createTestApp>

/**
 * Test apps over a temp folder, and any second LibraryService a test opens on the same folders
 * (what the next start sees), all closed after each test: services first, then their apps. Call
 * it at the top of a test file that mocks `electron`.
 */
export function libraryApps() {
  const apps: TestApp[] = []
  const services: LibraryService[] = []
  afterEach(async () => {
    for (const s of services.splice(0)) await s.close()
    for (const a of apps.splice(0)) await a.close()
  })
  return {
    /** A new app with its library and the library folder's path. */
    newApp() {
      const app = createTestApp()
      apps.push(app)
      return { app, lib: app.container.library, libraryDir: join(app.dir, 'Library') }
    },
    /** Closes `lib` after the test. */
    closeAfter<T extends LibraryService>(lib: T): T {
      services.push(lib)
      return lib
    },
  }
}
