import './chat.css'

import { MessagesSquare } from 'lucide-react'
import { type KeyboardEvent, useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'

import { EmptyState } from '../../components/EmptyState'
import { ErrorBanner } from '../../components/ErrorBanner'
import {
  selectBusy,
  selectCanCompact,
  selectCanSend,
  selectLastReplyId,
  selectLastUser,
  useChatStore,
} from '../../stores/chat'
import { Composer } from './Composer'
import { ConversationList } from './ConversationList'
import { MessageList } from './MessageList'
import { ModelPicker } from './ModelPicker'
import { UndoToast } from './UndoToast'

/**
 * The Chat area (loaded lazily): stored conversations on the left, the open one on the right with
 * the picker, the messages and the composer. Replies stream in through the chat store.
 */
export default function ChatScreen() {
  const { t } = useTranslation('chat')
  const start = useChatStore((s) => s.start)
  const current = useChatStore((s) => s.current)
  const error = useChatStore((s) => s.error)
  const clearError = useChatStore((s) => s.clearError)
  const busy = useChatStore(selectBusy)
  const canSend = useChatStore(selectCanSend)
  const canCompact = useChatStore(selectCanCompact)
  const lastUser = useChatStore(selectLastUser)
  const lastReplyId = useChatStore(selectLastReplyId)
  const compacting = useChatStore((s) => s.compacting)
  const { send, stop, regenerate, editLast, compact } = useChatStore.getState()
  const [text, setText] = useState('')
  const [editing, setEditing] = useState(false)

  useEffect(() => start(), [start])
  // Leaving a conversation ends an edit in progress.
  const currentId = current?.id ?? null
  useEffect(() => {
    setEditing(false)
  }, [currentId])

  async function submit() {
    const ok = editing ? await editLast(text) : await send(text)
    if (ok) {
      setText('')
      setEditing(false)
    }
  }

  function onKeyDown(e: KeyboardEvent) {
    if (e.key === 'Escape' && busy) {
      e.preventDefault()
      void stop()
    }
  }

  return (
    <section className="chat-screen" aria-labelledby="chat-title" onKeyDown={onKeyDown}>
      <ConversationList />
      <div className="chat-main">
        <header className="chat-header">
          <h1 id="chat-title">{current?.title ?? t('newConversation')}</h1>
          <div className="row">
            <ModelPicker disabled={busy} />
            {current ? (
              <button
                type="button"
                onClick={() => void compact()}
                disabled={!canCompact || busy || compacting}
                title={t('compactTitle')}
              >
                {compacting ? t('compacting') : t('compact')}
              </button>
            ) : null}
          </div>
        </header>
        {current && current.messages.length > 0 ? (
          <MessageList
            messages={current.messages}
            lastUserId={lastUser?.id ?? null}
            lastReplyId={lastReplyId}
            busy={busy}
            onEdit={() => {
              if (!lastUser) return
              setText(lastUser.content)
              setEditing(true)
            }}
            onRegenerate={() => void regenerate()}
          />
        ) : (
          <div className="chat-messages chat-empty">
            <EmptyState icon={MessagesSquare} title={t('emptyTitle')} hint={t('emptyHint')} />
          </div>
        )}
        <ErrorBanner error={error} onDismiss={clearError} />
        <Composer
          text={text}
          onText={setText}
          editing={editing}
          onCancelEdit={() => {
            setEditing(false)
            setText('')
          }}
          busy={busy}
          canSend={canSend}
          onSubmit={() => void submit()}
          onStop={() => void stop()}
        />
      </div>
      <UndoToast />
    </section>
  )
}
