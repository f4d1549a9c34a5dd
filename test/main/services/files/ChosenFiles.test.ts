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
