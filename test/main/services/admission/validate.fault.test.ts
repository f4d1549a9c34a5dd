/**
 * A fault inside the reference check (not a refusal of the file) is not dressed up as a
 * validation message: it reaches the caller as itself (admission/validate.ts).
 */
import type { validateSubmission as ValidateSubmission } from '@main/services/admission/validate'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { withModuleMock } from '../../../support/moduleMock'

const fault = new Error('the reference check broke')
const mocked = withModuleMock('@main/services/client/references', () => ({
  checkReferenceFile: async () => {
    throw fault
  },
}))
let validateSubmission: typeof ValidateSubmission
beforeAll(async () => {
  ;({ validateSubmission } = await mocked.load(() => import('@main/services/admission/validate')))
})
afterAll(() => mocked.restore())

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
