import { getTextModel } from '@shared/catalog/models'
import type { ChatMessageView } from '@shared/chat/types'
import { defineKeys } from '@shared/i18n/keys'
import { Trans, useTranslation } from 'react-i18next'

import { useNavigationStore } from '../../stores/navigation'
import { CopyButton } from './CopyButton'
import { Markdown } from './Markdown'

const STATUS_TEXT = defineKeys('chat', {
  pending: 'statusPending',
  streaming: 'statusStreaming',
  stopped: 'statusStopped',
  incomplete: 'statusIncomplete',
  error: 'statusError',
}) satisfies Partial<Record<ChatMessageView['status'], string>>

const statusKey = (status: ChatMessageView['status']) =>
  status in STATUS_TEXT ? STATUS_TEXT[status as keyof typeof STATUS_TEXT] : null

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
  const { t } = useTranslation('chat')
  const go = useNavigationStore((s) => s.go)
  if (message.role === 'compaction') return <CompactionItem message={message} />
  const mine = message.role === 'user'
  const model = message.model ? (getTextModel(message.model)?.label ?? message.model) : null
  const status = statusKey(message.status)
  return (
    <article
      className={`chat-msg ${mine ? 'chat-msg-user' : 'chat-msg-assistant'}`}
      aria-label={mine ? t('yourMessage') : model ? t('replyFrom', { model }) : t('replyFromModel')}
      data-status={message.status}
      data-testid="chat-message"
    >
      <header className="chat-msg-head">
        <span className="chat-role">{mine ? t('you') : (model ?? t('assistant'))}</span>
        {status ? (
          <span className={`chat-status chat-status-${message.status}`} data-testid="chat-status">
            {t(status)}
          </span>
        ) : null}
        <span className="chat-msg-actions">
          {message.content ? (
            <CopyButton
              text={message.content}
              label={mine ? t('copyYourMessage') : t('copyReply')}
            />
          ) : null}
          {onEdit ? (
            <button type="button" className="ghost chat-small" onClick={onEdit} disabled={busy}>
              {t('edit')}
            </button>
          ) : null}
          {onRegenerate ? (
            <button
              type="button"
              className="ghost chat-small"
              onClick={onRegenerate}
              disabled={busy}
            >
              {t('regenerate')}
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
          <p className="muted">{t('replyEmpty')}</p>
        ) : null}
        {message.status === 'stopped' && !message.content ? (
          <p className="muted">{t('stoppedEmpty')}</p>
        ) : null}
      </div>
      {message.error ? (
        <div className="chat-msg-error" role="alert">
          <strong>{message.error.message}</strong>
          {message.error.action ? <p>{message.error.action}</p> : null}
          {message.error.code === 'auth' || message.error.code === 'not_connected' ? (
            <button type="button" className="chat-small" onClick={() => go('settings')}>
              {t('openSettings')}
            </button>
          ) : null}
        </div>
      ) : null}
    </article>
  )
}

function CompactionItem({ message }: { message: ChatMessageView }) {
  const { t } = useTranslation('chat')
  const items = message.compactedItems ?? 0
  return (
    <div className="chat-compaction" role="note" data-testid="chat-compaction">
      <p>
        <Trans
          t={t}
          i18nKey="compacted"
          values={{ count: items }}
          components={{ b: <strong />, m: <span className="muted" /> }}
        />
      </p>
      {message.content ? (
        <details>
          <summary>{t('compactionKept')}</summary>
          <Markdown text={message.content} />
        </details>
      ) : null}
    </div>
  )
}
