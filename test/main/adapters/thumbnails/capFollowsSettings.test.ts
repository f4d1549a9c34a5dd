import { promises as fs } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import { describe, expect, it, vi } from 'vitest'

vi.mock('electron', () => ({}))

import { capFollowsSettings } from '@main/adapters/thumbnails/capFollowsSettings'
import { ThumbCacheCap } from '@main/adapters/thumbnails/thumbCacheCap'
import { dispatch } from '@main/ipc/dispatch'
import type { SettingsView } from '@shared/ipc/contract'
import { GIB } from '@shared/library/thumbCache'
import type { Result } from '@shared/result'
import { waitFor } from '@test/support/mediaFixtures'
import { createTestApp } from '@test/support/testContainer'

describe('the thumbnail cache cap as a Settings choice', () => {
  it('is stored, sent in the view and applied to the cache at once', async () => {
    const app = createTestApp()
    try {
      const cap = app.container.library.thumbs.cap
      expect(cap.capBytes).toBe(4 * GIB)
      const update = (thumbCacheGiB: number) =>
        dispatch(app.handlers, 'settings:update', { thumbCacheGiB }, { senderId: 1 }) as Promise<
          Result<SettingsView>
        >
      const changed = await update(16)
      expect(changed).toMatchObject({ ok: true, value: { thumbCacheGiB: 16 } })
      await waitFor(async () => (cap.capBytes === 16 * GIB ? true : null), 5_000)
      const onDisk = JSON.parse(
        await fs.readFile(join(app.dir, 'userData', 'settings.json'), 'utf8'),
      )
      expect(onDisk.thumbCacheGiB).toBe(16)
      // Not one of the choices: refused at the field, nothing changes.
      const bad = await update(5)
      expect(bad.ok).toBe(false)
      expect(cap.capBytes).toBe(16 * GIB)
    } finally {
      await app.close()
    }
  })
  it('starts from the stored choice, follows every change, and keeps the default for a bad one', async () => {
    const listeners: Array<(event: string, payload: unknown) => void> = []
    const source = (stored: unknown) => ({
      settings: async () => ({ thumbCacheGiB: stored as number }),
      events: {
        forward: (l: (event: string, payload: unknown) => void) => {
          listeners.push(l)
          return () => listeners.splice(listeners.indexOf(l), 1)
        },
      },
    })
    const dir = await fs.mkdtemp(join(tmpdir(), 'cap-follows-'))
    try {
      const cap = new ThumbCacheCap(dir)
      const stop = capFollowsSettings(cap, source(8))
      await waitFor(async () => (cap.capBytes === 8 * GIB ? true : null), 5_000)
      for (const l of listeners) l('settings:changed', { thumbCacheGiB: 1 })
      expect(cap.capBytes).toBe(1 * GIB)
      for (const l of listeners) l('library:changed', { thumbCacheGiB: 32 })
      expect(cap.capBytes).toBe(1 * GIB)
      stop()
      expect(listeners).toHaveLength(0)
      const edited = new ThumbCacheCap(dir, 2 * GIB)
      capFollowsSettings(edited, source(3))
      await waitFor(async () => (edited.capBytes === 4 * GIB ? true : null), 5_000)
    } finally {
      await fs.rm(dir, { recursive: true, force: true })
    }
  })
})
