/**
 * `npm run mutation` runs most of its test files in one worker without isolation
 * (vitest.mutation.config.mts), where a module mocked by one file stays mocked for every file
 * after it. A file that fakes a module of its own (anything but electron, which every such file
 * stubs alike) must be in the isolated project: otherwise the first run of the whole list fails
 * on whichever file happens to follow it (26 Nov: "the reference check broke" in TaskService).
 */
import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'

import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createVitest } from 'vitest/node'

const root = resolve(import.meta.dirname, '..', '..')
const MOCK = /vi\.(?:mock|doMock)\(\s*['"]([^'"]+)['"]/g

/** The modules `file` replaces with a fake of its own (electron's stub is shared). */
function ownMocks(file: string): string[] {
  return [...readFileSync(file, 'utf8').matchAll(MOCK)]
    .map((m) => m[1]!)
    .filter((name) => name !== 'electron')
}

describe('the mutation run keeps module fakes apart', () => {
  let vitest: Awaited<ReturnType<typeof createVitest>>
  let byProject: Map<string, string[]>

  beforeAll(async () => {
    vitest = await createVitest('test', {
      root,
      config: resolve(root, 'vitest.mutation.config.mts'),
      watch: false,
    })
    byProject = new Map()
    for (const spec of await vitest.globTestSpecifications()) {
      const list = byProject.get(spec.project.name) ?? []
      list.push(spec.moduleId)
      byProject.set(spec.project.name, list)
    }
  }, 60_000)
  afterAll(() => vitest?.close())

  it('the shared worker runs no file that fakes a module of its own', () => {
    const shared = byProject.get('mutation') ?? []
    expect(shared.length).toBeGreaterThan(50)
    expect(shared.filter((f) => ownMocks(f).length > 0)).toEqual([])
  })

  it('the isolated project holds the files that do, and nothing else', () => {
    const isolated = byProject.get('isolated') ?? []
    expect(isolated.length).toBeGreaterThan(0)
    for (const f of isolated) expect(ownMocks(f), f).not.toEqual([])
  })

  it('the rule reads a fake as a fake and electron as shared', () => {
    const fault = resolve(root, 'test/main/services/admission/validate.fault.test.ts')
    expect(ownMocks(fault)).toEqual(['@main/services/client/references'])
    const contract = resolve(root, 'test/shared/ipc/contract/index.test.ts')
    expect(ownMocks(contract)).toEqual([])
  })
})
