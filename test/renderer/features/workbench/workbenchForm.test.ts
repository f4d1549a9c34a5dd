import { buildWorkbenchForm } from '@renderer/features/workbench/workbenchForm'
import { DEFAULT_DRAFTS } from '@renderer/stores/forms/drafts'
import { ref } from '@test/support/refItem'
import { describe, expect, it } from 'vitest'

describe('workbench form', () => {
  const wb = (over: Partial<typeof DEFAULT_DRAFTS.workbench> = {}) => ({
    ...DEFAULT_DRAFTS.workbench,
    prompt: 'a tower',
    ...over,
  })
  const empty = { source: [], mask: { painted: false }, references: [] }

  it('checks the controls table and sends source settings only with a source', () => {
    const f = buildWorkbenchForm(wb({ guidance: '11', count: '5', steps: '0' }), empty)
    expect(f.errors).toMatchObject({
      guidance: 'Guidance must be 0 to 10',
      count: 'Count must be 1 to 4',
      steps: 'Steps must be 1 to 50',
    })
    const plain = buildWorkbenchForm(wb(), empty)
    expect(plain.ok).toBe(true)
    expect(plain.request.source_strength).toBeUndefined()
    const withSource = buildWorkbenchForm(wb({ sourceStrength: '0' }), {
      ...empty,
      source: [ref()],
    })
    expect(withSource.errors.source_strength).toBe(
      'Source strength must be greater than 0 and at most 1',
    )
    expect(buildWorkbenchForm(wb(), { ...empty, mask: { painted: true } }).errors.mask).toBe(
      'A mask needs a source image',
    )
  })

  it('changes its fingerprint with any parameter, file or mask stroke', () => {
    const base = buildWorkbenchForm(wb(), empty).fingerprint
    expect(buildWorkbenchForm(wb(), empty).fingerprint).toBe(base)
    expect(buildWorkbenchForm(wb({ steps: '24' }), empty).fingerprint).not.toBe(base)
    const r = ref()
    const a = buildWorkbenchForm(wb(), {
      ...empty,
      source: [r],
      mask: { painted: true, version: 1 } as never,
    })
    const b = buildWorkbenchForm(wb(), {
      ...empty,
      source: [r],
      mask: { painted: true, version: 2 } as never,
    })
    expect(a.fingerprint).not.toBe(b.fingerprint)
  })

  it('prices count and marks references approximate', () => {
    const two = buildWorkbenchForm(wb({ width: '1024', height: '1024', count: '2' }), empty)
    expect(two.estimate).toMatchObject({ micros: 6_000, approximate: false })
    const refs = buildWorkbenchForm(wb({ width: '1024', height: '1024' }), {
      ...empty,
      references: [ref()],
    })
    expect(refs.estimate).toMatchObject({ approximate: true })
  })
})
