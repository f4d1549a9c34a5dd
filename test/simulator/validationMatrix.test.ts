/**
 * The spec's rule rows through HTTP: every accepted case succeeds, every rejected case gets 400
 * naming the field, and a rejection never moves the ledger.
 */
import type { Simulator } from '@simulator'
import { RULE_MATRIX, type RuleCase } from '@test/support/ruleMatrix'
import { call, editForm, fastSimulator } from '@test/support/simulatorClient'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

const PATHS: Record<RuleCase['endpoint'], string> = {
  'images.generations': '/v1/images/generations',
  'images.edits': '/v1/images/edits',
  videos: '/v1/videos',
  'art.native': '/ai/generate-image',
  'art.estimate': '/v1/art/estimate',
  'chat.completions': '/v1/chat/completions',
  responses: '/v1/responses',
  'responses.compact': '/v1/responses/compact',
}

let sim: Simulator
beforeAll(async () => {
  sim = await fastSimulator()
})
afterAll(() => sim.close())

describe('validation matrix over HTTP', () => {
  it.each(
    RULE_MATRIX.map(
      (c) => [`${c.reject ? 'rejects' : 'accepts'}: ${c.row} (${c.endpoint})`, c] as const,
    ),
  )('%s', async (_name, c) => {
    const before = sim.ledger.charges().length
    const body = c.body()
    const res =
      c.endpoint === 'images.edits'
        ? await call(sim, 'POST', PATHS[c.endpoint], { form: await editForm(body, c.files ?? []) })
        : await call(sim, 'POST', PATHS[c.endpoint], {
            body,
            headers: { Accept: 'application/json' },
          })
    if (c.reject) {
      expect(res.status, res.text.slice(0, 300)).toBe(400)
      const err = res.json().error
      expect(err.type).toBe('invalid_request_error')
      expect(Object.keys(err.fields ?? { [err.param]: err.message })).toContain(c.reject)
      expect(err.message).toMatch(/\w/)
      expect(sim.ledger.charges()).toHaveLength(before)
    } else {
      expect(res.status, res.text.slice(0, 300)).toBe(200)
    }
  })
})
