/**
 * The builders every domain file of the contract uses: a channel is documentation, a zod input
 * schema and a type-only output; an event is documentation and a type-only payload.
 */
import { z } from 'zod'

/** One invoke channel: what it does, the schema main parses its payload with, what it answers. */
export interface ChannelDef<O = unknown, I extends z.ZodType = z.ZodType> {
  doc: string
  input: I
  /** Type-only: never read at run time. */
  output: O
}

/** One main → renderer event: what it means and its payload (type-only). */
export interface EventDef<P = unknown> {
  doc: string
  payload: P
}

/**
 * A channel definition: `channel<Output>()(doc, inputSchema)`. Curried so the output type is given
 * while the input type is inferred from the schema.
 */
export const channel =
  <O>() =>
  <I extends z.ZodType>(doc: string, input: I): ChannelDef<O, I> => ({
    doc,
    input,
    output: undefined as unknown as O,
  })

/** An event definition: `event<Payload>(doc)`. */
export const event = <P>(doc: string): EventDef<P> => ({
  doc,
  payload: undefined as unknown as P,
})

/** The payload of a channel that takes nothing: an empty object, unknown keys refused. */
export const empty = z.object({}).strict()

/**
 * What a domain file's channel map must satisfy: every name is `<domain>:<verb>`, so a channel
 * cannot land in the wrong file, and two files can never define the same channel.
 */
export type DomainChannels<D extends string> = Record<`${D}:${string}`, ChannelDef>

/** The same rule for a domain file's events. */
export type DomainEvents<D extends string> = Record<`${D}:${string}`, EventDef>
