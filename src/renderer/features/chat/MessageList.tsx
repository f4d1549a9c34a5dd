import type { ChatMessageView } from '@shared/chat/types'
import { useEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'

import { MessageItem } from './MessageItem'

interface Props {
  messages: ChatMessageView[]
  lastUserId: string | null
  lastReplyId: string | null
  busy: boolean
  onEdit: () => void
  onRegenerate: () => void
}

/**
 * The conversation's messages. It follows a growing reply only while the reader is at the bottom,
 * so scrolling up to read earlier text is not fought by the stream.
 */
export function MessageList({
  messages,
  lastUserId,
  lastReplyId,
  busy,
  onEdit,
  onRegenerate,
}: Props) {
  const { t } = useTranslation('chat')
  const ref = useRef<HTMLDivElement>(null)
  const pinned = useRef(true)
  const last = messages.at(-1)
  useEffect(() => {
    const el = ref.current
    if (el && pinned.current) el.scrollTop = el.scrollHeight
  }, [messages.length, last?.content.length, last?.status])
  return (
    <div
      ref={ref}
      className="chat-messages"
      aria-label={t('messages')}
      role="region"
      tabIndex={0}
      onScroll={(e) => {
        const el = e.currentTarget
        pinned.current = el.scrollHeight - el.scrollTop - el.clientHeight < 40
      }}
    >
      {messages.map((m) => (
        <MessageItem
          key={m.id}
          message={m}
          busy={busy}
          onEdit={m.id === lastUserId ? onEdit : undefined}
          onRegenerate={m.id === lastReplyId ? onRegenerate : undefined}
        />
      ))}
    </div>
  )
}
