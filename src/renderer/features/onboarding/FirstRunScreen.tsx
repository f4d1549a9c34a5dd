import { ErrorBanner } from '../../components/ErrorBanner'
import { useSettingsStore } from '../../stores/settings'
import { ConnectionForm } from '../settings/ConnectionForm'
import { DemoOffer } from '../settings/DemoOffer'

/** Shown until an address and a key are stored: what the app needs, and where the key will live. */
export function FirstRunScreen() {
  const secure = useSettingsStore((s) => s.settings?.secureStore)
  const error = useSettingsStore((s) => s.error)
  const clearError = useSettingsStore((s) => s.clearError)
  return (
    <main className="first-run" aria-labelledby="first-run-title">
      <div className="card">
        <h1 id="first-run-title">Welcome to Gen Studio</h1>
        <p className="muted">
          Connect to your generation service. Every result you pay for is saved to your own disk.
        </p>
        {secure && !secure.available ? (
          <div className="banner banner-warning" role="status">
            <strong>No secure key storage was found ({secure.backend}).</strong>
            <p>
              Gen Studio never stores keys in plain text, so it cannot save a key until a keychain
              is available.
            </p>
          </div>
        ) : null}
        <ErrorBanner error={error} onDismiss={clearError} />
        <ConnectionForm submitLabel="Connect" />
        <DemoOffer />
      </div>
    </main>
  )
}
