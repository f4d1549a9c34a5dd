/** Zod schemas of the chat channels' inputs (used by the IPC contract; main parses with them). */
import { z } from 'zod'

import { msg } from '../i18n/message'
import { CHAT_LIMITS } from './limits'

export const conversationIdSchema = z.string().min(1).max(64)
export const textModelIdSchema = z
  .string()
  .trim()
  .min(1, { error: () => msg('chatPickModel') })
  .max(64)
export const textEndpointSchema = z.enum(['chat.completions', 'responses'])

/** What the user typed: not blank, bounded. */
export const chatTextSchema = z
  .string()
  .max(CHAT_LIMITS.maxMessageChars, {
    error: () => msg('chatMessageTooLong', { max: CHAT_LIMITS.maxMessageChars }),
  })
  .refine((t) => t.trim().length > 0, { error: () => msg('chatTypeFirst') })

export const chatTitleSchema = z
  .string()
  .trim()
  .min(1, { error: () => msg('chatEnterTitle') })
  .max(CHAT_LIMITS.maxTitleChars, {
    error: () => msg('chatTitleTooLong', { max: CHAT_LIMITS.maxTitleChars }),
  })

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
