import { createHash } from 'node:crypto'

import { settle } from '@main/adapters/clock/ManualClock'
import type { ResumableArtifact } from '@main/services/updates/ports'
import type { PartialRecord } from '@main/services/updates/resume'
import { WAIT_POLL_MS } from '@main/services/updates/UpdateService'
import { rig, v2 } from '@test/support/updateServiceRig'
import { describe, expect, it } from 'vitest'

// What holds an install back besides tasks (chat replies), and the download the service runs
// itself before electron-updater takes the file (resumableDownload.ts).

describe('UpdateService and chat replies', () => {
  it('a chat reply being answered holds the install back like a task, and says so', async () => {
    let replies = 1
    const r = rig(async () => v2, { replies: () => replies })
    await r.service.check()
    expect(r.updater.installOnQuit()).toBe(false)
    expect(r.service.view()).toMatchObject({ phase: 'ready', inFlight: 1 })
    expect(r.service.view().message).toMatch(/in flight \(now: 1 chat reply\)/)
    const waiting = await r.service.restartNow()
    expect(waiting.phase).toBe('waiting')
    expect(waiting.message).toBe(
      'Waiting for 1 chat reply to be saved before restarting into version 2.0.0.',
    )
    await r.clock.advance(WAIT_POLL_MS)
    await settle()
    expect(r.updater.calls).not.toContain('quitAndInstall')
    replies = 0
    await r.clock.advance(WAIT_POLL_MS)
    await settle()
    expect(r.updater.calls).toContain('quitAndInstall')
    await r.service.dispose()
  })

  it('names both when tasks and replies are in flight', async () => {
    const r = rig(async () => v2, { inFlight: () => 2, replies: () => 1 })
    await r.service.check()
    const waiting = await r.service.restartNow()
    expect(waiting.inFlight).toBe(3)
    expect(waiting.message).toMatch(/^Waiting for 2 paid requests and 1 chat reply to be saved/)
    await r.service.dispose()
  })
})

describe('UpdateService with a resumable artifact', () => {
  /** An artifact served whole from memory, cut once after `cutAfter` bytes when given. */
  function memoryArtifact(bytes: Buffer, cutAfter?: number): ResumableArtifact & { kept: Buffer } {
    const sha512 = createHash('sha512').update(bytes).digest('base64')
    let kept = Buffer.alloc(0)
    let record: PartialRecord | null = null
    let cut = cutAfter
    const artifact = {
      get kept() {
        return kept
      },
      target: { url: 'https://feed.test/a.AppImage', sha512, size: bytes.length, fileName: 'a' },
      source: {
        get: async (_url: string, headers: Record<string, string>) => {
          const from = Number(/bytes=(\d+)-/.exec(headers.Range ?? '')?.[1] ?? 0)
          const end = cut ?? bytes.length
          cut = undefined
          return {
            status: from ? 206 : 200,
            header: (n: string) =>
              n === 'content-range' ? `bytes ${from}-${bytes.length - 1}/${bytes.length}` : null,
            cancel: () => {},
            body: (async function* () {
              yield bytes.subarray(from, end)
              if (end < bytes.length)
                throw Object.assign(new Error('cut'), { code: 'UPDATE_DOWNLOAD_CUT' })
            })(),
          }
        },
      },
      partial: {
        read: async () => ({ record, bytes: kept.length }),
        begin: async (r: PartialRecord, from: number) => {
          record = r
          kept = kept.subarray(0, from)
        },
        append: async (c: Buffer) => void (kept = Buffer.concat([kept, c])),
        sha512: async () => createHash('sha512').update(kept).digest('base64'),
        drop: async () => void (kept = Buffer.alloc(0)),
        handOver: async () => {},
        handedOver: async () => false,
        close: async () => {},
      },
    }
    return artifact
  }

  it('fetches the artifact itself (resuming a cut) before the updater takes it, with progress', async () => {
    const bytes = Buffer.from('x'.repeat(1000))
    const artifact = memoryArtifact(bytes, 400)
    const stalls: number[] = []
    const r = rig(async () => v2, {
      updater: {
        resumable: async ({ stallMs }) => {
          stalls.push(stallMs)
          return artifact
        },
      },
    })
    const view = await r.service.check()
    expect(view.phase).toBe('ready')
    expect(artifact.kept.equals(bytes)).toBe(true)
    expect(stalls).toEqual([30_000])
    expect(r.updater.calls).toContain('download')
    const transferred = r.views.filter((v) => v.progress).map((v) => v.progress!.transferred)
    expect(transferred).toContain(400)
  })

  it('a failed resumable download is reported and the updater is not asked to download', async () => {
    const artifact = memoryArtifact(Buffer.from('y'.repeat(100)))
    artifact.target.sha512 = 'bm90IGl0'
    const r = rig(async () => v2, { updater: { resumable: async () => artifact } })
    const view = await r.service.check()
    expect(view.phase).toBe('idle')
    expect(view.lastError?.message).toMatch(/did not match its published sha512/)
    expect(r.updater.calls).not.toContain('download')
  })
})
