/**
 * The `chat:` channels and events: conversations stored locally (list, search, rename, delete with
 * undo) and replies streamed from the text models, which arrive as `chat:delta` / `chat:updated`.
 */
import { z } from 'zod'

import {
  chatEditLastSchema,
  chatReplySchema,
  chatSendSchema,
  chatTitleSchema,
  conversationIdSchema,
  textEndpointSchema,
  textModelIdSchema,
} from '../../chat/schemas'
import type {
  ChatDeleteResult,
  ChatDeltaEvent,
  ChatModelsView,
  ChatSearchHit,
  ChatSendResult,
  ChatUpdatedEvent,
  ConversationSummary,
  ConversationView,
} from '../../chat/types'
import { channel, type DomainChannels, type DomainEvents, empty, event } from './define'

/** Conversations and replies; everything but sending works offline. */
export const chatChannels = {
  'chat:list': channel<ConversationSummary[]>()(
    'Stored conversations, most recent first; works offline (local SQLite, no key needed).',
    empty,
  ),
  'chat:get': channel<ConversationView>()(
    'One conversation with all its messages, including the text of a reply still arriving.',
    z.object({ id: conversationIdSchema }).strict(),
  ),
  'chat:create': channel<ConversationView>()(
    'An empty conversation for a model; the endpoint defaults to the one the app picks for it.',
    z
      .object({
        model: textModelIdSchema,
        endpoint: textEndpointSchema.optional(),
        title: chatTitleSchema.optional(),
      })
      .strict(),
  ),
  'chat:rename': channel<ConversationSummary>()(
    'Rename a conversation.',
    z.object({ id: conversationIdSchema, title: chatTitleSchema }).strict(),
  ),
  'chat:delete': channel<ChatDeleteResult>()(
    'Delete a conversation (stopping its reply); undoable with the returned token until purged.',
    z.object({ id: conversationIdSchema }).strict(),
  ),
  'chat:undoDelete': channel<ConversationSummary>()(
    'Restore a deleted conversation from its undo token.',
    z.object({ undoToken: z.string().min(1).max(64) }).strict(),
  ),
  'chat:search': channel<ChatSearchHit[]>()(
    'Full-text search over message text and titles; one hit per conversation.',
    z
      .object({ query: z.string().max(200), limit: z.number().int().min(1).max(50).optional() })
      .strict(),
  ),
  'chat:send': channel<ChatSendResult>()(
    'Send a user message (new conversation when no id) and start the reply; it arrives as chat:delta/chat:updated.',
    chatSendSchema,
  ),
  'chat:stop': channel<{ stopped: boolean }>()(
    'Stop the reply arriving in a conversation; the partial text is kept.',
    z.object({ conversationId: conversationIdSchema }).strict(),
  ),
  'chat:regenerate': channel<ChatSendResult>()(
    'Replace the reply to the last user message with a new one.',
    chatReplySchema,
  ),
  'chat:editLast': channel<ChatSendResult>()(
    'Change the last user message and ask again (later replies are replaced).',
    chatEditLastSchema,
  ),
  'chat:compact': channel<ConversationView>()(
    'Compact the history with /v1/responses/compact (models that accept it); the result is stored.',
    z.object({ conversationId: conversationIdSchema }).strict(),
  ),
  'chat:models': channel<ChatModelsView>()(
    'Text models the account lists (GET /v1/models), with the endpoints each may use; cached for offline. cachedOnly answers at once from the last list.',
    z.object({ refresh: z.boolean().optional(), cachedOnly: z.boolean().optional() }).strict(),
  ),
} as const satisfies DomainChannels<'chat'>

/** A streaming reply, as text appended and as whole-message changes. */
export const chatEvents = {
  'chat:delta': event<ChatDeltaEvent>(
    'Text appended to a streaming reply, coalesced in main (offset = length before the append).',
  ),
  'chat:updated': event<ChatUpdatedEvent>(
    'A conversation or one of its messages changed (reply finished, stopped, failed, removed).',
  ),
} as const satisfies DomainEvents<'chat'>
