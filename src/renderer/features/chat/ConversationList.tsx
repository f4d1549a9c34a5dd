import type { ChatSearchHit, ConversationSummary } from '@shared/chat/types'
import { SNIPPET_MARK_END, SNIPPET_MARK_START } from '@shared/chat/types'
import { MessagesSquare, SearchX, SquarePen, Trash2 } from 'lucide-react'
import { type KeyboardEvent, useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'

import { EmptyState } from '../../components/EmptyState'
import { useChatStore } from '../../stores/chat'

/** Splits a search snippet into text and <mark>ed matches (no HTML involved). */
function Snippet({ text }: { text: string }) {
  const parts = text.split(SNIPPET_MARK_START)
  return (
    <span className="chat-snippet">
      {parts.map((part, i) => {
        if (i === 0) return part
        const [hit, rest] = part.split(SNIPPET_MARK_END)
        return (
          <span key={i}>
            <mark>{hit}</mark>
            {rest}
          </span>
        )
      })}
    </span>
  )
}

/** The stored conversations: search (full text), open, rename, delete (with undo). */
export function ConversationList() {
  const { t } = useTranslation('chat')
  const conversations = useChatStore((s) => s.conversations)
  const hits = useChatStore((s) => s.hits)
  const search = useChatStore((s) => s.search)
  const newChat = useChatStore((s) => s.newChat)
  const [query, setQuery] = useState('')

  useEffect(() => {
    const timer = setTimeout(() => void search(query), 150)
    return () => clearTimeout(timer)
  }, [query, search])

  return (
    <aside className="chat-sidebar" aria-label={t('conversations')}>
      <button type="button" className="primary" onClick={newChat}>
        <SquarePen aria-hidden />
        {t('newChat')}
      </button>
      <input
        type="search"
        aria-label={t('searchConversations')}
        placeholder={t('searchConversations')}
        value={query}
        onChange={(e) => setQuery(e.target.value)}
      />
      {hits ? (
        <SearchResults hits={hits} />
      ) : conversations.length === 0 ? (
        <EmptyState
          compact
          icon={MessagesSquare}
          title={t('noConversations')}
          hint={t('noConversationsHint')}
        />
      ) : (
        <ul className="chat-list" aria-label={t('conversationList')}>
          {conversations.map((c) => (
            <ConversationRow key={c.id} conversation={c} />
          ))}
        </ul>
      )}
    </aside>
  )
}

function SearchResults({ hits }: { hits: ChatSearchHit[] }) {
  const open = useChatStore((s) => s.open)
  const currentId = useChatStore((s) => s.current?.id)
  const { t } = useTranslation('chat')
  if (hits.length === 0) return <EmptyState compact icon={SearchX} title={t('nothingFound')} />
  return (
    <ul className="chat-list" aria-label={t('searchResults')}>
      {hits.map((h) => (
        <li key={h.conversationId}>
          <button
            type="button"
            className={h.conversationId === currentId ? 'chat-item active' : 'chat-item'}
            aria-current={h.conversationId === currentId ? 'true' : undefined}
            onClick={() => void open(h.conversationId)}
          >
            <span className="chat-item-title">{h.title}</span>
            <Snippet text={h.snippet} />
          </button>
        </li>
      ))}
    </ul>
  )
}

function ConversationRow({ conversation: c }: { conversation: ConversationSummary }) {
  const open = useChatStore((s) => s.open)
  const rename = useChatStore((s) => s.rename)
  const remove = useChatStore((s) => s.remove)
  const active = useChatStore((s) => s.current?.id === c.id)
  const { t } = useTranslation('chat')
  const [renaming, setRenaming] = useState(false)
  const [title, setTitle] = useState(c.title)

  async function save() {
    if (title.trim() && title.trim() !== c.title) {
      if (!(await rename(c.id, title))) return
    }
    setRenaming(false)
  }
  function onKey(e: KeyboardEvent<HTMLInputElement>) {
    if (e.key === 'Enter') void save()
    if (e.key === 'Escape') {
      setTitle(c.title)
      setRenaming(false)
    }
  }

  return (
    <li className="chat-row">
      {renaming ? (
        <input
          aria-label={t('newTitleFor', { title: c.title })}
          value={title}
          autoFocus
          onChange={(e) => setTitle(e.target.value)}
          onKeyDown={onKey}
          onBlur={() => void save()}
        />
      ) : (
        <button
          type="button"
          className={active ? 'chat-item active' : 'chat-item'}
          aria-current={active ? 'true' : undefined}
          onClick={() => void open(c.id)}
        >
          <span className="chat-item-title">
            {c.busy ? <span className="chat-dot" aria-label={t('replyArriving')} /> : null}
            {c.title}
          </span>
          <span className="chat-item-preview muted">{c.preview}</span>
        </button>
      )}
      <span className="chat-row-actions">
        <button
          type="button"
          className="ghost chat-small"
          aria-label={t('renameNamed', { title: c.title })}
          onClick={() => {
            setTitle(c.title)
            setRenaming(true)
          }}
        >
          {t('rename')}
        </button>
        <button
          type="button"
          className="ghost chat-small"
          aria-label={t('deleteNamed', { title: c.title })}
          onClick={() => void remove(c.id)}
        >
          <Trash2 aria-hidden />
          {t('delete')}
        </button>
      </span>
    </li>
  )
}
