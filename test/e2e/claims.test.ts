import { readFileSync, rmSync } from 'node:fs'
import { join } from 'node:path'

import { type Simulator, startSimulator } from '@simulator'
import { type AppUnderTest, valueOf } from '@test/e2e/harness/launch'
import { openArea, scratchPath } from '@test/e2e/harness/screens'
import { zipTexts } from '@test/support/zipTexts'
import Database from 'better-sqlite3'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

// Claims in Chromium through the built app (issue #29): two generations, one refused by the
// simulator (a 400 injected on the first image request); Spending → Prepare a claim lists that
// one request, ticked; Export writes the ZIP where the save dialog says; the pack names exactly
// the failed request under the key the journal holds (and the service received), and the API
// key is nowhere in it.

let sim: Simulator
let app: AppUnderTest
const PACK = scratchPath('claim.zip')

beforeAll(async () => {
  rmSync(PACK, { force: true })
  sim = await startSimulator({ timeScale: 0.01 })
  app = await openArea('Spending', sim, { launch: { dialogs: { save: [PACK] } } })
})
afterAll(async () => {
  await app?.close()
  await sim?.close()
})

interface Listed {
  id: string
  state: string
}

describe('prepare a claim', () => {
  it('exports a pack that lists exactly the failed request, with its key and without the API key', async () => {
    sim.faults.inject({
      kind: 'status',
      status: 400,
      route: 'POST /v1/images/generations',
      times: 1,
    })
    const submitted: string[] = []
    for (const n of [1, 2]) {
      const t = valueOf(
        await app.api<{ ok: boolean; value?: Listed }>('tasks:submit', {
          kind: 'image',
          requestId: `e2e-claim-${n}`,
          request: { model: 'std-image-2', prompt: `harbour at dawn ${n}`, size: '512x512' },
        }),
      )
      submitted.push(t.id)
    }
    const states = async () =>
      valueOf(await app.api<{ ok: boolean; value?: Listed[] }>('tasks:list', {}))
        .filter((t) => submitted.includes(t.id))
        .map((t) => t.state)
        .sort()
    await expect.poll(states, { timeout: 60_000 }).toEqual(['failed', 'saved'])
    const listed = valueOf(await app.api<{ ok: boolean; value?: Listed[] }>('tasks:list', {}))
    const failedId = listed.find((t) => submitted.includes(t.id) && t.state === 'failed')!.id

    // The journal's key for the failed task, read as any other program would read the file.
    const db = new Database(join(app.userData, 'tasks.sqlite'), { readonly: true })
    const key = (
      db.prepare('SELECT idem_key FROM tasks WHERE id = ?').get(failedId) as {
        idem_key: string
      }
    ).idem_key
    const history = db
      .prepare('SELECT event, state FROM task_events WHERE task_id = ? ORDER BY at, rowid')
      .all(failedId)
    db.close()
    // The service was sent that key (and answered 400 to it).
    const refused = sim
      .requests()
      .filter((r) => r.path === '/v1/images/generations' && r.status === 400)
    expect(refused.map((r) => r.headers['idempotency-key'])).toEqual([key])
    expect(history).toEqual([
      { event: 'start', state: 'submitting' },
      { event: 'send', state: 'submitting' },
      { event: 'refused', state: 'failed' },
    ])

    const { page } = app
    await page.reload()
    await page.getByRole('heading', { name: 'Spending', level: 1 }).waitFor()
    await page.getByRole('button', { name: 'Prepare a claim' }).click()
    const dialog = page.getByTestId('claim-dialog')
    await dialog.waitFor()
    const boxes = dialog.getByTestId('claim-candidate')
    await expect.poll(() => boxes.count()).toBe(1)
    expect(await boxes.first().isChecked()).toBe(true)
    expect(await dialog.getByLabel('Include prompts').isChecked()).toBe(false)
    await dialog.getByRole('button', { name: 'Export 1 request' }).click()
    await expect.poll(() => dialog.getByTestId('claim-saved').textContent()).toContain(PACK)

    const files = await zipTexts(PACK)
    expect(Object.keys(files).sort()).toEqual(['claim.csv', 'claim.json'])
    const pack = JSON.parse(files['claim.json']!) as {
      version: number
      includesPrompts: boolean
      requests: Array<{ taskId: string; idempotencyKey: string; reasons: string[] }>
    }
    expect(pack.version).toBe(1)
    expect(pack.includesPrompts).toBe(false)
    expect(pack.requests.map((r) => [r.taskId, r.idempotencyKey, r.reasons])).toEqual([
      [failedId, key, ['failed']],
    ])
    const csv = files['claim.csv']!.trimEnd().split('\r\n')
    expect(csv).toHaveLength(2)
    expect(csv[1]!.startsWith(`${failedId},${failedId},${key},failed,`)).toBe(true)
    // Neither the API key nor a prompt, anywhere in the archive's bytes or its files.
    const apiKey = sim.accounts.full.key
    expect(readFileSync(PACK).includes(Buffer.from(apiKey))).toBe(false)
    for (const text of Object.values(files)) {
      expect(text).not.toContain(apiKey)
      expect(text).not.toContain('harbour at dawn')
    }
    expect(app.pageErrors).toEqual([])
  })
})
