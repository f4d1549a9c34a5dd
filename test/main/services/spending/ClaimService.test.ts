import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import { ManualClock } from '@main/adapters/clock/ManualClock'
import { queuedRecord } from '@main/services/admission/newTask'
import { Journal } from '@main/services/journal/Journal'
import { ledgerRowOf } from '@main/services/journal/taskLedger'
import { ClaimService } from '@main/services/spending/ClaimService'
import { dayKeyOf } from '@shared/spending/days'
import { newTask } from '@test/support/taskFakes'
import { zipTexts } from '@test/support/zipTexts'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'

const KEY = 'gs-test-9f8e7d6c5b4a'
const HOUR = 3_600_000

let dir: string
let journal: Journal
let clock: ManualClock
let claims: ClaimService

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'gen-studio-claims-'))
  journal = new Journal(join(dir, 'tasks.sqlite'))
  clock = new ManualClock(new Date(2026, 10, 20, 12).getTime())
  claims = new ClaimService({
    claims: journal.claims,
    events: journal.events,
    tasks: journal.tasks,
    secrets: async () => [KEY],
    clock,
  })
})

afterEach(() => {
  journal.close()
  rmSync(dir, { recursive: true, force: true })
})

/** A task journaled `hoursAgo` before now, moved to `state` (its ledger row following). */
function task(
  name: string,
  hoursAgo: number,
  end: 'saved' | 'failed' | 'pending' | 'cancelled',
  extra: Partial<ReturnType<typeof queuedRecord>> = {},
) {
  const created = clock.now() - hoursAgo * HOUR
  const r = queuedRecord(
    newTask({ id: name, idempotencyKey: `key-${name}`, prompt: `secret prompt ${name}` }),
    created,
  )
  journal.tasks.insert(r)
  journal.ledger.open(ledgerRowOf(r))
  const at = created + 60_000
  if (end === 'pending')
    journal.tasks.update(name, { state: 'running', startedAt: created + 1000, ...extra }, at)
  else
    journal.tasks.update(
      name,
      { state: end, startedAt: created + 1000, finishedAt: at, ...extra },
      at,
    )
  if (end === 'saved') journal.ledger.setStatus(name, 'settled', at)
  if (end === 'failed') journal.ledger.setStatus(name, 'failed', at)
  if (end === 'cancelled') journal.ledger.setStatus(name, 'void', at)
  journal.events.record(
    name,
    at,
    end === 'pending' ? 'accepted' : end,
    end === 'pending' ? 'running' : end,
  )
  return r
}

const today = () => dayKeyOf(clock.now())
const range = () => ({ from: '2026-11-01', to: today() })

describe('claim candidates', () => {
  it('lists failed charges, pending too long and reported results, nothing else (no key)', async () => {
    task('ok', 5, 'saved')
    task('failed', 4, 'failed', {
      error: { code: 'server', message: `upstream said no (key ${KEY})` },
    })
    task('young', 2, 'pending')
    task('old', 30, 'pending', { notice: { code: 'pending', message: 'generation_pending' } })
    task('stopped', 3, 'cancelled')
    task('ugly', 6, 'saved')
    claims.markUnusable('ugly', '  the faces are melted ')
    const list = await claims.candidates(range())
    expect(list.map((c) => [c.id, c.reasons, c.unusableReason])).toEqual([
      ['old', ['pending'], null],
      ['ugly', ['unusable'], 'the faces are melted'],
      ['failed', ['failed'], null],
    ])
    expect(list.find((c) => c.id === 'failed')!.message).toBe('upstream said no (key [redacted])')
    expect(list.find((c) => c.id === 'old')!.message).toBe('generation_pending')
    // A threshold of 48 h leaves the 30-hour-old charge out.
    expect((await claims.candidates({ ...range(), pendingHours: 48 })).map((c) => c.id)).toEqual([
      'ugly',
      'failed',
    ])
  })

  it('a report needs a saved, paid task', () => {
    task('running', 1, 'pending')
    expect(() => claims.markUnusable('running', 'bad')).toThrow(/Only a saved result/)
    expect(() => claims.markUnusable('ghost', 'bad')).toThrow(/no longer in the journal/)
  })
})

describe('the claim pack', () => {
  it('holds exactly the ticked requests, never the key, and prompts only when asked', async () => {
    task('failed', 4, 'failed', {
      error: { code: 'auth', message: `Your key ${KEY} was refused` },
      serverStatus: `failed ${KEY}`,
    })
    task('old', 30, 'pending')
    const dest = join(dir, 'claim.zip')
    const answer = await claims.exportPack(
      { ...range(), ids: ['failed'], includePrompts: false },
      dest,
    )
    expect(answer).toEqual({ path: dest, requests: 1 })
    const files = await zipTexts(dest)
    expect(Object.keys(files).sort()).toEqual(['claim.csv', 'claim.json'])
    for (const text of Object.values(files)) {
      expect(text).not.toContain(KEY)
      expect(text).not.toContain('secret prompt')
    }
    const pack = JSON.parse(files['claim.json']!)
    expect(pack).toMatchObject({ format: 'gen-studio-claim', version: 1, includesPrompts: false })
    const created = clock.now() - 4 * HOUR
    expect(pack.requests).toEqual([
      {
        ledgerId: 'failed',
        taskId: 'failed',
        idempotencyKey: 'key-failed',
        reasons: ['failed'],
        kind: 'image',
        taskKind: 'image',
        model: 'std-image-2',
        amount: { usd: 0.01, basis: 'estimate' },
        ledgerStatus: 'failed',
        taskState: 'failed',
        times: {
          created: new Date(created).toISOString(),
          sent: new Date(created + 1000).toISOString(),
          finished: new Date(created + 60_000).toISOString(),
        },
        service: {
          taskId: null,
          status: 'failed [redacted]',
          error: { code: 'auth', message: 'Your key [redacted] was refused' },
          notice: null,
        },
        unusableReason: null,
        history: [
          { at: new Date(created + 60_000).toISOString(), event: 'failed', state: 'failed' },
        ],
      },
    ])
    const csv = files['claim.csv']!.split('\r\n')
    expect(csv).toHaveLength(3)
    expect(csv[0]).toBe(
      'ledger_id,task_id,idempotency_key,reasons,kind,model,amount_usd,basis,ledger_status,task_state,created,sent,finished,service_status,service_error,service_notice,unusable_reason,history',
    )
    expect(csv[1]).toBe(
      `failed,failed,key-failed,failed,image,std-image-2,0.01,estimate,failed,failed,${new Date(created).toISOString()},${new Date(created + 1000).toISOString()},${new Date(created + 60_000).toISOString()},failed [redacted],Your key [redacted] was refused,,,${new Date(created + 60_000).toISOString()} failed→failed`,
    )
    expect(csv[2]).toBe('')
  })

  it('with "Include prompts" each request carries its prompt (in both files)', async () => {
    task('failed', 4, 'failed')
    const dest = join(dir, 'claim.zip')
    await claims.exportPack({ ...range(), ids: ['failed'], includePrompts: true }, dest)
    const files = await zipTexts(dest)
    expect(JSON.parse(files['claim.json']!).requests[0].prompt).toBe('secret prompt failed')
    expect(files['claim.csv']!.split('\r\n')[0]!.endsWith(',prompt')).toBe(true)
    expect(files['claim.csv']).toContain(',secret prompt failed\r\n')
  })

  it('refuses ids that are not candidates of the range (and writes nothing)', async () => {
    task('ok', 5, 'saved')
    const dest = join(dir, 'claim.zip')
    await expect(
      claims.exportPack({ ...range(), ids: ['ok'], includePrompts: false }, dest),
    ).rejects.toThrow(/1 of the ticked requests is no longer a candidate/)
  })
})
