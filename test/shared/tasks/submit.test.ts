import { MAX_REQUEST_JSON, submitTaskSchema } from '@shared/tasks/submit'
import { describe, expect, it } from 'vitest'

describe('tasks:submit payloads', () => {
  it('accepts model fields the schema does not name, and a prompt at its limit', () => {
    const ok = submitTaskSchema.safeParse({
      kind: 'image',
      request: { model: 'std-image-2', prompt: 'p'.repeat(40_000), quality: 'high', n: 2 },
    })
    expect(ok.success).toBe(true)
  })

  it.each([
    ['image', { model: 'std-image-2', prompt: 'a fox' }],
    ['video', { model: 'std-video-2', prompt: 'a fox' }],
    ['workbench', { model: 'wb', model_variant: 'v', prompt: 'a fox' }],
    ['native', { model: 'art-v4.5', input: 'a fox', action: 'generate', parameters: {} }],
  ])(
    'refuses a %s request with an unbounded extra field, naming the limit (issue #13)',
    (kind, request) => {
      const parsed = submitTaskSchema.safeParse({
        kind,
        request: { ...request, junk: 'x'.repeat(MAX_REQUEST_JSON) },
      })
      expect(parsed.success).toBe(false)
      expect(parsed.error!.issues[0]).toMatchObject({
        path: ['request'],
        message: expect.stringContaining('too large'),
      })
    },
  )
})
