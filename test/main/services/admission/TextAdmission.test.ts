/**
 * The text door of admission (admission/TextAdmission.ts): a chat reply's ledger row is opened
 * unpriced in the active project before the request is sent, ended in the order asked, and a
 * failure to record never reaches the chat.
 */
import { TextAdmission } from '@main/services/admission/TextAdmission'
import { describe, expect, it } from 'vitest'

function rig(over: { failOpen?: boolean; demo?: boolean; project?: string | null } = {}) {
  const log: unknown[] = []
  let now = 1_000
  const admission = new TextAdmission({
    ledger: {
      open: (row) => {
        if (over.failOpen) throw new Error('disk full')
        log.push(['open', row])
      },
      setStatus: (id, status, at) => log.push(['status', id, status, at]),
    },
    // Slow answers: a row opened after an await must still be written before its end.
    demo: () => new Promise((r) => setTimeout(() => r(over.demo ?? false), 5)),
    project: async () => (over.project === undefined ? 'p1' : over.project),
    now: () => now++,
  })
  return { admission, log }
}

describe('TextAdmission', () => {
  it('opens an unpriced text row in the active project, stamped when it was asked', async () => {
    const { admission, log } = rig({ demo: true })
    admission.opened({ id: 'r1', model: 'text-1', prompt: 'hello' })
    await admission.idle()
    expect(log).toEqual([
      [
        'open',
        {
          id: 'r1',
          taskId: null,
          batchId: null,
          kind: 'text',
          taskKind: 'chat',
          model: 'text-1',
          amountUsd: null,
          basis: 'none',
          createdAt: 1_000,
          demo: true,
          prompt: 'hello',
          project: 'p1',
        },
      ],
    ])
  })

  it('writes in the order asked: a row is opened before it is ended, however slow the open', async () => {
    const { admission, log } = rig({ project: null })
    admission.opened({ id: 'r1', model: 'm', prompt: 'a' })
    admission.ended('r1', 'settled')
    admission.opened({ id: 'r2', model: 'm', prompt: 'b' })
    admission.ended('r2', 'failed')
    await admission.idle()
    expect(log.map((e) => (e as unknown[]).slice(0, 3))).toEqual([
      ['open', expect.objectContaining({ id: 'r1', project: null, demo: false })],
      ['status', 'r1', 'settled'],
      ['open', expect.objectContaining({ id: 'r2' })],
      ['status', 'r2', 'failed'],
    ])
    expect(log[1]).toEqual(['status', 'r1', 'settled', 1_001])
  })

  it('a failure to record never reaches the chat, and later writes still happen', async () => {
    const { admission, log } = rig({ failOpen: true })
    admission.opened({ id: 'r1', model: 'm', prompt: 'a' })
    admission.ended('r1', 'settled')
    await admission.idle()
    expect(log).toEqual([['status', 'r1', 'settled', 1_001]])
  })
})
