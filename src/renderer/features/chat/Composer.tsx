import { CHAT_LIMITS } from '@shared/chat/limits'
import { type FormEvent, type KeyboardEvent, useEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'

interface Props {
  text: string
  onText: (text: string) => void
  editing: boolean
  onCancelEdit: () => void
  busy: boolean
  canSend: boolean
  onSubmit: () => void
  onStop: () => void
}

/** Where the user types. Enter sends, Shift+Enter starts a new line, Esc stops a reply. */
export function Composer({
  text,
  onText,
  editing,
  onCancelEdit,
  busy,
  canSend,
  onSubmit,
  onStop,
}: Props) {
  const { t } = useTranslation('chat')
  const ref = useRef<HTMLTextAreaElement>(null)
  useEffect(() => {
    if (editing) ref.current?.focus()
  }, [editing])
  const blank = text.trim().length === 0

  function submit(e?: FormEvent) {
    e?.preventDefault()
    if (!busy && canSend && !blank) onSubmit()
  }

  function onKeyDown(e: KeyboardEvent<HTMLTextAreaElement>) {
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault()
      submit()
    } else if (e.key === 'Escape') {
      if (busy) onStop()
      else if (editing) onCancelEdit()
    }
  }

  return (
    <form className="chat-composer" onSubmit={submit} aria-label={t('composerLabel')}>
      {editing ? (
        <p className="chat-editing" role="status">
          {t('editingNotice')}{' '}
          <button type="button" className="ghost chat-small" onClick={onCancelEdit}>
            {t('cancelEdit')}
          </button>
        </p>
      ) : null}
      <div className="chat-composer-row">
        <textarea
          ref={ref}
          aria-label={t('messageLabel')}
          placeholder={t('messagePlaceholder')}
          rows={3}
          value={text}
          maxLength={CHAT_LIMITS.maxMessageChars}
          onChange={(e) => onText(e.target.value)}
          onKeyDown={onKeyDown}
        />
        {busy ? (
          <button type="button" className="danger" onClick={onStop} title={t('stopTitle')}>
            {t('stop')}
          </button>
        ) : (
          <button type="submit" className="primary" disabled={!canSend || blank}>
            {editing ? t('resend') : t('send')}
          </button>
        )}
      </div>
    </form>
  )
}
