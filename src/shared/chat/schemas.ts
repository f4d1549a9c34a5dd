/** Zod schemas of the chat channels' inputs (used by the IPC contract; main parses with them). */
import { z } from 'zod'

import { CHAT_LIMITS } from './limits'

export const conversationIdSchema = z.string().min(1).max(64)
export const textModelIdSchema = z.string().trim().min(1, 'Pick a model').max(64)
export const textEndpointSchema = z.enum(['chat.completions', 'responses'])

/** What the user typed: not blank, bounded. */
export const chatTextSchema = z
  .string()
  .max(
    CHAT_LIMITS.maxMessageChars,
    `A message is limited to ${CHAT_LIMITS.maxMessageChars} characters`,
  )
  .refine((t) => t.trim().length > 0, 'Type a message first')

export const chatTitleSchema = z
  .string()
  .trim()
  .min(1, 'Enter a title')
  .max(CHAT_LIMITS.maxTitleChars, `A title is limited to ${CHAT_LIMITS.maxTitleChars} characters`)

/** How a reply is requested; model and endpoint default to the conversation's own. */
export const replyOptionsSchema = z.object({
  model: textModelIdSchema.optional(),
  endpoint: textEndpointSchema.optional(),
  stream: z.boolean().default(true),
})

export const chatSendSchema = replyOptionsSchema
  .extend({
    /** Omitted: a new conversation is created from this first message. */
    conversationId: conversationIdSchema.optional(),
    text: chatTextSchema,
  })
  .strict()

export const chatReplySchema = replyOptionsSchema
  .extend({ conversationId: conversationIdSchema })
  .strict()

export const chatEditLastSchema = chatReplySchema.extend({ text: chatTextSchema }).strict()
