/**
 * A fault inside the reference check (not a refusal of the file) is not dressed up as a
 * validation message: it reaches the caller as itself (admission/validate.ts).
 */
import { validateSubmission } from '@main/services/admission/validate'
import { describe, expect, it, vi } from 'vitest'

const fault = new Error('the reference check broke')
vi.mock('@main/services/client/references', () => ({
  checkReferenceFile: async () => {
    throw fault
  },
}))

describe('validateSubmission: a fault in the reference check', () => {
  it('rejects with the fault itself', async () => {
    await expect(
      validateSubmission({
        kind: 'edit',
        request: { model: 'std-image-2', prompt: 'x' },
        images: ['/any.png'],
      }),
    ).rejects.toBe(fault)
  })
})
