import {
  channel,
  type DomainChannels,
  type DomainEvents,
  empty,
  event,
} from '@shared/ipc/contract/define'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'

describe('contract builders', () => {
  it('keeps the doc and the schema of a channel; the output is type-only', () => {
    const def = channel<{ n: number }>()('Answers a number.', empty)
    expect(def.doc).toBe('Answers a number.')
    expect(def.input).toBe(empty)
    expect(def.output).toBeUndefined()
    expect(event<string>('A string arrived.')).toEqual({
      doc: 'A string arrived.',
      payload: undefined,
    })
  })

  it('takes an empty object and refuses unknown keys', () => {
    expect(empty.safeParse({}).success).toBe(true)
    expect(empty.safeParse({ extra: 1 }).success).toBe(false)
  })

  it("refuses, at typecheck, a channel or event filed under another domain's file", () => {
    const fine = {
      'library:ping': channel<null>()('A library channel in the library file.', empty),
    } as const satisfies DomainChannels<'library'>
    const misplaced = {
      // @ts-expect-error -- a chat channel cannot be defined in the library file
      'chat:ping': channel<null>()('A chat channel in the library file.', z.object({}).strict()),
    } as const satisfies DomainChannels<'library'>
    const misplacedEvent = {
      // @ts-expect-error -- nor a chat event
      'chat:pinged': event<null>('A chat event in the library file.'),
    } as const satisfies DomainEvents<'library'>
    expect(Object.keys({ ...fine, ...misplaced, ...misplacedEvent })).toHaveLength(3)
  })
})
