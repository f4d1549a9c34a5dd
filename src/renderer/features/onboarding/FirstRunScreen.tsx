import { useTranslation } from 'react-i18next'

import { ErrorBanner } from '../../components/ErrorBanner'
import { useSettingsStore } from '../../stores/settings'
import { ConnectionForm } from '../settings/ConnectionForm'
import { DemoOffer } from '../settings/DemoOffer'

/** Shown until an address and a key are stored: what the app needs, and where the key will live. */
export function FirstRunScreen() {
  const secure = useSettingsStore((s) => s.settings?.secureStore)
  const error = useSettingsStore((s) => s.error)
  const clearError = useSettingsStore((s) => s.clearError)
  const { t } = useTranslation('onboarding')
  return (
    <main className="first-run" aria-labelledby="first-run-title">
      <div className="card">
        <h1 id="first-run-title">{t('welcomeTitle')}</h1>
        <p className="muted">{t('intro')}</p>
        {secure && !secure.available ? (
          <div className="banner banner-warning" role="status">
            <strong>{t('noKeychainTitle', { backend: secure.backend })}</strong>
            <p>{t('noKeychainBody')}</p>
          </div>
        ) : null}
        <ErrorBanner error={error} onDismiss={clearError} />
        <ConnectionForm submitLabel={t('connect')} />
        <DemoOffer />
      </div>
    </main>
  )
}
