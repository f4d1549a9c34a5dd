/**
 * A chat reply's ledger row (chat/textSpend.ts): opened before the request with the last thing
 * the user asked, settled when the reply arrived, failed only on a definitive refusal, and left
 * pending when the outcome is unknown (the service may have charged for what it generated).
 */
import { spendOnReply, type TextSpend } from '@main/services/chat/textSpend'
import { AppFailure, type ErrorCode } from '@shared/result'
import { describe, expect, it } from 'vitest'

function recorder(): TextSpend & { log: unknown[] } {
  const log: unknown[] = []
  return {
    log,
    opened: (request) => log.push(['opened', request]),
    ended: (id, status) => log.push(['ended', id, status]),
  }
}

const refusal = (code: ErrorCode) => new AppFailure({ code, message: code })

const history = [
  { role: 'system', content: 'be brief' },
  { role: 'user', content: 'first question' },
  { role: 'assistant', content: 'first answer' },
  { role: 'user', content: 'second question' },
  { role: 'assistant', content: 'partial' },
] as const

describe('a chat reply in the spending ledger', () => {
  it('opens its row with the last user turn as the prompt, and settles it when the reply arrived', () => {
    const spend = recorder()
    const reply = spendOnReply(spend, { id: 'r1', model: 'text-1', history: [...history] })
    expect(spend.log).toEqual([
      ['opened', { id: 'r1', model: 'text-1', prompt: 'second question' }],
    ])
    reply.done()
    expect(spend.log.at(-1)).toEqual(['ended', 'r1', 'settled'])
    expect(history[4].content).toBe('partial')
  })

  it('opens with an empty prompt when no user turn was sent', () => {
    const spend = recorder()
    spendOnReply(spend, { id: 'r2', model: 'text-1', history: [history[0]] })
    expect(spend.log).toEqual([['opened', { id: 'r2', model: 'text-1', prompt: '' }]])
  })

  it.each(['validation', 'auth', 'forbidden', 'model_unavailable', 'unsupported'] as const)(
    'fails the row on a definitive refusal: %s',
    (code) => {
      const spend = recorder()
      spendOnReply(spend, { id: 'r3', model: 'm', history: [] }).failedWith(refusal(code))
      expect(spend.log.at(-1)).toEqual(['ended', 'r3', 'failed'])
    },
  )

  it.each([
    ['a lost connection', refusal('network')],
    ['a server error', refusal('server')],
    ['a stop', refusal('cancelled')],
    ['an error that is not an app failure', new Error('validation')],
  ])('leaves the row pending after %s: it may have been charged', (_name, error) => {
    const spend = recorder()
    spendOnReply(spend, { id: 'r4', model: 'm', history: [] }).failedWith(error)
    expect(spend.log).toHaveLength(1)
  })

  it('does nothing without a ledger (a demo chat)', () => {
    const reply = spendOnReply(undefined, { id: 'r5', model: 'm', history: [...history] })
    expect(() => {
      reply.done()
      reply.failedWith(refusal('auth'))
    }).not.toThrow()
  })
})
