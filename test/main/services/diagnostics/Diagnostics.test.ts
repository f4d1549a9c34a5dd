import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import { Diagnostics } from '@main/services/diagnostics/Diagnostics'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'

let dir: string
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'diag-test-'))
})
afterEach(() => rmSync(dir, { recursive: true, force: true }))

const req = (n: number) => ({
  method: 'GET',
  endpoint: '/v1/videos/{id}',
  target: 'service' as const,
  status: 200,
  attempt: 1,
  durationMs: n,
  taskId: `t${n}`,
})

describe('Diagnostics', () => {
  it('records time, endpoint, status, code and task ID in a bounded ring and a JSONL file', async () => {
    const d = new Diagnostics({ dir, capacity: 3, now: () => Date.parse('2026-11-01T00:00:00Z') })
    for (let i = 0; i < 5; i++) d.request(req(i))
    d.request({ ...req(9), status: 429, code: 'rate_limited', serverCode: 'rate_limit' })
    expect(d.recent().map((r) => (r.kind === 'request' ? r.durationMs : -1))).toEqual([3, 4, 9])
    await d.flush()
    const lines = readFileSync(join(dir, 'diagnostics.jsonl'), 'utf8').trim().split('\n')
    expect(lines).toHaveLength(6)
    expect(JSON.parse(lines[5]!)).toMatchObject({
      kind: 'request',
      time: '2026-11-01T00:00:00.000Z',
      endpoint: '/v1/videos/{id}',
      status: 429,
      code: 'rate_limited',
      taskId: 't9',
    })
  })

  it('rotates the file past its size limit and exports both files', async () => {
    const d = new Diagnostics({ dir, maxFileBytes: 600 })
    for (let i = 0; i < 12; i++) d.request(req(i))
    const bundle = await d.export()
    expect(bundle.records.length).toBeGreaterThan(3)
    expect(bundle.records.length).toBeLessThanOrEqual(12)
    expect(bundle.records.at(-1)).toMatchObject({ taskId: 't11' })
  })

  it('redacts a secret registered after the record was written, at export time', async () => {
    const d = new Diagnostics({ dir })
    d.event('warn', 'test', 'token was zq-unshaped-secret-value-77')
    d.registerSecret('zq-unshaped-secret-value-77')
    const text = JSON.stringify(await d.export())
    expect(text).not.toContain('zq-unshaped-secret-value-77')
    await d.exportTo(join(dir, 'bundle.json'))
    expect(readFileSync(join(dir, 'bundle.json'), 'utf8')).not.toContain('zq-unshaped')
  })

  it('keeps working in memory when it has no folder, and survives an unwritable one', async () => {
    const mem = new Diagnostics({ dir: null })
    mem.event('info', 'x', 'hello')
    expect((await mem.export()).records).toHaveLength(1)
    writeFileSync(join(dir, 'a-file'), 'x')
    const broken = new Diagnostics({ dir: join(dir, 'a-file', 'logs') })
    broken.event('info', 'x', 'hello')
    await broken.flush()
    expect(broken.recent()).toHaveLength(1)
  })
})
