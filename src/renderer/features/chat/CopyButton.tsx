import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'

import { copyText } from './copyText'

/** A copy button that says "Copied" for a moment; `label` names what it copies for screen readers. */
export function CopyButton({ text, label }: { text: string; label: string }) {
  const { t } = useTranslation('chat')
  const [copied, setCopied] = useState(false)
  useEffect(() => {
    if (!copied) return
    const timer = setTimeout(() => setCopied(false), 1500)
    return () => clearTimeout(timer)
  }, [copied])
  return (
    <button
      type="button"
      className="ghost chat-small"
      aria-label={label}
      onClick={() => void copyText(text).then(setCopied)}
    >
      {copied ? t('copied') : t('copy')}
    </button>
  )
}
