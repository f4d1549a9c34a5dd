import { mkdtempSync, promises as fs } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import { type Simulator, startSimulator } from '@simulator'
import { type AppUnderTest, connect, launchApp } from '@test/e2e/harness/launch'
import type { FakeUtilityProcess } from '@test/support/electron/utilityProcess'
import { writeResults } from '@test/support/libraryFolder'
import { makePng } from '@test/support/mediaFixtures'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'

let sim: Simulator
beforeAll(async () => {
  sim = await startSimulator({ timeScale: 0 })
})
afterAll(async () => {
  await sim.close()
})

async function openLibrary(app: AppUnderTest): Promise<void> {
  await connect(app, sim.baseUrl, sim.accounts.full.key)
  await app.page.getByRole('button', { name: 'Library' }).click()
  await app.page.getByRole('heading', { name: 'Library' }).waitFor()
}

const count = (app: AppUnderTest) => app.page.getByTestId('library-count').textContent()

describe('the library index writer in the built app (issue #33)', () => {
  it('builds the first index in a utility process, survives the writer being killed mid-build, and reconciles the restart there', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'gen-studio-double-'))
    const day = join(dir, 'Pictures', 'Gen Studio', '2025', '05', '06')
    const png = await makePng()
    await writeResults(day, 2400, png, {
      name: 'earlier',
      extra: (i) => ({ prompt: i === 7 ? 'a lighthouse at dusk' : `a quiet harbour ${i}` }),
    })
    const warn = vi.spyOn(console, 'warn')
    const killed: FakeUtilityProcess[] = []
    // The first writer the app forks is killed as soon as it reports progress.
    const onUtilityProcess = (child: FakeUtilityProcess) => {
      if (killed.length) return
      killed.push(child)
      child.on('message', (m: { event?: { type: string } }) => {
        if (m.event?.type === 'progress') child.kill()
      })
    }
    const app = await launchApp({ dir, onUtilityProcess })
    try {
      await openLibrary(app)
      await expect.poll(() => count(app), { timeout: 60_000 }).toBe('2,400 items')
      // The built writer ran as a utility process, and a second one took over the build.
      const forked = app.utilityProcesses
      expect(forked.length).toBeGreaterThanOrEqual(2)
      expect(killed[0]!.pid).toBeUndefined()
      expect(warn.mock.calls.flat().join('\n')).toMatch(
        /index writer stopped and was started again/,
      )
      expect(warn.mock.calls.flat().join('\n')).not.toMatch(/index writer failed/)
      await app.quit()
      // Quitting ends the writer with the app.
      await expect.poll(() => app.utilityProcesses.every((c) => c.pid === undefined)).toBe(true)

      // Restart on the same folder with one file gone: the writer reconciles it.
      await fs.rm(join(day, 'earlier-3.png'))
      await fs.rm(join(day, 'earlier-3.png.json'))
      const next = await app.restart()
      try {
        await openLibrary(next)
        await expect.poll(() => count(next), { timeout: 60_000 }).toBe('2,399 items')
        expect(next.utilityProcesses.length).toBeGreaterThan(0)
        expect(next.pageErrors, next.pageErrors.join('\n')).toEqual([])
      } finally {
        await next.close()
      }
    } catch (e) {
      await app.close().catch(() => {})
      throw e
    } finally {
      warn.mockRestore()
    }
  })
})
