import type { AppError } from '@shared/result'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'

import { metadataPrefs, setMetadataPrefs } from '../../api/library'
import { ErrorBanner } from '../../components/ErrorBanner'

/**
 * The library's "embed prompts" setting: saved files always carry the AI label and the settings
 * other tools read; this decides whether the prompt goes with them. Kept in the library folder.
 */
export function LibraryMetadataSetting() {
  const { t } = useTranslation('settings')
  const [embed, setEmbed] = useState<boolean | null>(null)
  const [error, setError] = useState<AppError | null>(null)
  useEffect(() => {
    void metadataPrefs().then((r) => (r.ok ? setEmbed(r.value.embedPrompts) : setError(r.error)))
  }, [])
  const change = async (value: boolean) => {
    setEmbed(value)
    const r = await setMetadataPrefs({ embedPrompts: value })
    if (!r.ok) {
      setEmbed(!value)
      setError(r.error)
    } else setError(null)
  }
  return (
    <div>
      <label className="row">
        <input
          type="checkbox"
          checked={embed ?? true}
          disabled={embed === null}
          onChange={(e) => void change(e.target.checked)}
          data-testid="embed-prompts"
        />
        {t('embedPrompts')}
      </label>
      <p className="muted">{t('embedPromptsHint')}</p>
      <ErrorBanner error={error} onDismiss={() => setError(null)} />
    </div>
  )
}
