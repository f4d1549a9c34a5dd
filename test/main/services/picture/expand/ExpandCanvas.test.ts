import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import type { PictureLibrary } from '@main/services/picture/derived'
import { ExpandCanvas } from '@main/services/picture/expand/ExpandCanvas'
import { afterEach, describe, expect, it } from 'vitest'

const dirs: string[] = []
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })))

const LINEAGE = {
  parentId: 'parent-1',
  operation: 'outpaint',
  params: { direction: 'right', amount: 0.5 },
  model: 'art-v5',
}

/** An ExpandCanvas over a derived-requests file an earlier run left behind. */
function afterRestart(now = Date.now()) {
  const dir = mkdtempSync(join(tmpdir(), 'expand-'))
  dirs.push(dir)
  const file = join(dir, 'derived-requests.json')
  writeFileSync(file, JSON.stringify({ 'req-1': { lineage: LINEAGE, at: now - 1000 } }))
  return new ExpandCanvas({
    library: {} as PictureLibrary,
    stage: async () => ({ path: '' }),
    file,
    requestIdOf: (taskId) => (taskId === 'task-1' ? 'req-1' : null),
    now: () => now,
  })
}

describe('ExpandCanvas: lineage of a result across a restart (issue #31)', () => {
  it('a result asked for before the file was read still gets its link', async () => {
    // Nobody called open(): the first result after a restart asks at once.
    expect(await afterRestart().lineageOfTask('task-1')).toEqual(LINEAGE)
  })

  it('a task that is not an expand has no lineage', async () => {
    const canvas = afterRestart()
    expect(await canvas.lineageOfTask('task-2')).toBeNull()
    await canvas.open()
    expect(await canvas.lineageOfTask('task-2')).toBeNull()
  })

  it('opening twice at once reads the file once and keeps what it read', async () => {
    const canvas = afterRestart()
    await Promise.all([canvas.open(), canvas.open(), canvas.lineageOfTask('task-1')])
    expect(await canvas.lineageOfTask('task-1')).toEqual(LINEAGE)
  })
})
