import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import { ChosenFiles } from '@main/services/files/ChosenFiles'
import { isAppFailure } from '@shared/result'
import { describe, expect, it } from 'vitest'

const refusal = (run: () => unknown) => {
  try {
    run()
  } catch (e) {
    if (isAppFailure(e)) return e.error
    throw e
  }
  return null
}

describe('ChosenFiles', () => {
  it('lets through only paths the preload reported, compared after resolving', () => {
    const chosen = new ChosenFiles()
    chosen.add('/home/u/Pictures/a.png')
    expect(chosen.checked(['/home/u/Pictures/a.png'])).toEqual(['/home/u/Pictures/a.png'])
    expect(chosen.checked('/home/u/Pictures/../Pictures/a.png')).toBe(
      '/home/u/Pictures/../Pictures/a.png',
    )
    expect(refusal(() => chosen.checked(['/home/u/Pictures/a.png', '/etc/passwd']))).toMatchObject({
      code: 'validation',
      message: expect.stringContaining('/etc/passwd'),
    })
  })

  it('ignores reports that are not absolute paths', () => {
    const chosen = new ChosenFiles()
    for (const bad of ['relative.png', '', 42, null, { path: '/x' }, 'x'.repeat(5000)])
      chosen.add(bad)
    expect(refusal(() => chosen.checked('relative.png'))).toMatchObject({ code: 'validation' })
  })
})

describe('ChosenFiles.checkedReferences', () => {
  it('accepts files inside the app’s own folders, never through a link or a ".."', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'chosen-'))
    try {
      const library = join(dir, 'Library')
      mkdirSync(join(library, '2026'), { recursive: true })
      writeFileSync(join(library, '2026', 'a.png'), 'x')
      writeFileSync(join(dir, 'outside.png'), 'x')
      symlinkSync(join(dir, 'outside.png'), join(library, '2026', 'link.png'))
      const chosen = new ChosenFiles(async () => [library])
      await expect(
        chosen.checkedReferences([join(library, '2026', 'a.png')]),
      ).resolves.toBeUndefined()
      for (const bad of [
        join(dir, 'outside.png'),
        join(library, '2026', 'link.png'),
        `${library}/2026/../../outside.png`,
      ]) {
        await expect(chosen.checkedReferences([bad]), bad).rejects.toMatchObject({
          error: { code: 'validation' },
        })
      }
      chosen.add(join(dir, 'outside.png'))
      await expect(chosen.checkedReferences([join(dir, 'outside.png')])).resolves.toBeUndefined()
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})
