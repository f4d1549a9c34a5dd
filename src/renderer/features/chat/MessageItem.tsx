import { getTextModel } from '@shared/catalog/models'
import type { ChatMessageView } from '@shared/chat/types'

import { useNavigationStore } from '../../stores/navigation'
import { CopyButton } from './CopyButton'
import { Markdown } from './Markdown'

const STATUS_TEXT: Partial<Record<ChatMessageView['status'], string>> = {
  pending: 'Waiting for the reply…',
  streaming: 'Receiving…',
  stopped: 'Stopped',
  incomplete: 'Incomplete',
  error: 'Failed',
}

interface Props {
  message: ChatMessageView
  /** Offered on the last user message. */
  onEdit?: (() => void) | undefined
  /** Offered on the last reply. */
  onRegenerate?: (() => void) | undefined
  busy: boolean
}

/** One message: who, the text (Markdown for replies), its state, and what can be done with it. */
export function MessageItem({ message, onEdit, onRegenerate, busy }: Props) {
  const go = useNavigationStore((s) => s.go)
  if (message.role === 'compaction') return <CompactionItem message={message} />
  const mine = message.role === 'user'
  const model = message.model ? (getTextModel(message.model)?.label ?? message.model) : null
  const status = STATUS_TEXT[message.status]
  return (
    <article
      className={`chat-msg ${mine ? 'chat-msg-user' : 'chat-msg-assistant'}`}
      aria-label={mine ? 'Your message' : `Reply from ${model ?? 'the model'}`}
      data-status={message.status}
      data-testid="chat-message"
    >
      <header className="chat-msg-head">
        <span className="chat-role">{mine ? 'You' : (model ?? 'Assistant')}</span>
        {status ? (
          <span className={`chat-status chat-status-${message.status}`} data-testid="chat-status">
            {status}
          </span>
        ) : null}
        <span className="chat-msg-actions">
          {message.content ? (
            <CopyButton text={message.content} label={mine ? 'Copy your message' : 'Copy reply'} />
          ) : null}
          {onEdit ? (
            <button type="button" className="ghost chat-small" onClick={onEdit} disabled={busy}>
              Edit
            </button>
          ) : null}
          {onRegenerate ? (
            <button
              type="button"
              className="ghost chat-small"
              onClick={onRegenerate}
              disabled={busy}
            >
              Regenerate
            </button>
          ) : null}
        </span>
      </header>
      <div className="chat-msg-body">
        {mine ? (
          <p className="chat-user-text">{message.content}</p>
        ) : message.content ? (
          <Markdown text={message.content} />
        ) : message.status === 'complete' ? (
          <p className="muted">(The reply was empty.)</p>
        ) : null}
        {message.status === 'stopped' && !message.content ? (
          <p className="muted">Stopped before any text arrived.</p>
        ) : null}
      </div>
      {message.error ? (
        <div className="chat-msg-error" role="alert">
          <strong>{message.error.message}</strong>
          {message.error.action ? <p>{message.error.action}</p> : null}
          {message.error.code === 'auth' || message.error.code === 'not_connected' ? (
            <button type="button" className="chat-small" onClick={() => go('settings')}>
              Open Settings
            </button>
          ) : null}
        </div>
      ) : null}
    </article>
  )
}

function CompactionItem({ message }: { message: ChatMessageView }) {
  const items = message.compactedItems ?? 0
  return (
    <div className="chat-compaction" role="note" data-testid="chat-compaction">
      <p>
        <strong>Earlier messages compacted.</strong>{' '}
        <span className="muted">
          The service returned {items} item{items === 1 ? '' : 's'}, stored with this conversation;
          later replies continue from them.
        </span>
      </p>
      {message.content ? (
        <details>
          <summary>What the compaction kept</summary>
          <Markdown text={message.content} />
        </details>
      ) : null}
    </div>
  )
}
