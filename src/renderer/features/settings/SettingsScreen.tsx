import type { AppError } from '@shared/result'
import { type FormEvent, useEffect, useState } from 'react'

import { testConnection } from '../../api/account'
import { appInfo } from '../../api/app'
import { ErrorBanner } from '../../components/ErrorBanner'
import { Field } from '../../components/Field'
import { useSettingsStore } from '../../stores/settings'
import { ConnectionForm } from './ConnectionForm'
import { DemoOffer } from './DemoOffer'
import { LanguagePanel } from './LanguagePanel'
import { LibraryMetadataSetting } from './LibraryMetadataSetting'
import { ProblemReportPanel } from './ProblemReportPanel'
import { SyncPanel } from './SyncPanel'
import { UpdatesPanel } from './UpdatesPanel'

/** Connection, key, library folder and concurrency. */
export default function SettingsScreen() {
  const settings = useSettingsStore((s) => s.settings)
  const error = useSettingsStore((s) => s.error)
  const clearError = useSettingsStore((s) => s.clearError)
  if (!settings) return null
  return (
    <section className="screen" aria-labelledby="settings-title">
      <h1 id="settings-title">Settings</h1>
      <ErrorBanner error={error} onDismiss={clearError} />
      <KeySection />
      <TestConnection />
      <section className="panel" aria-labelledby="demo-title">
        <h2 id="demo-title">Offline demo</h2>
        <DemoOffer />
      </section>
      {settings.demo.active ? null : (
        <section className="panel" aria-labelledby="service-title">
          <h2 id="service-title">Change service</h2>
          <p className="muted">
            A new address needs its own key; each address keeps its key separately.
          </p>
          <ConnectionForm submitLabel="Save address and key" />
        </section>
      )}
      <LibrarySection />
      <SyncPanel />
      <ConcurrencySection />
      <LanguagePanel />
      <UpdatesPanel />
      <ProblemReportPanel />
      <AboutSection />
    </section>
  )
}

function KeySection() {
  const settings = useSettingsStore((s) => s.settings)!
  const setKey = useSettingsStore((s) => s.setKey)
  const clearKey = useSettingsStore((s) => s.clearKey)
  const saving = useSettingsStore((s) => s.saving)
  const [replacing, setReplacing] = useState(false)
  const [key, setKeyText] = useState('')
  const [confirmRemove, setConfirmRemove] = useState(false)

  async function save(event: FormEvent) {
    event.preventDefault()
    const result = await setKey(key)
    if (result.ok) {
      setKeyText('')
      setReplacing(false)
    }
  }

  return (
    <section className="panel" aria-labelledby="key-title">
      <h2 id="key-title">Connection</h2>
      <dl className="facts">
        <dt>Service</dt>
        <dd data-testid="base-url">{settings.baseUrl ?? 'Not set'}</dd>
        <dt>API key</dt>
        <dd data-testid="key-status">
          {settings.hasKey
            ? `Stored in ${settings.secureStore.backend} (${settings.keyHint})`
            : 'No key stored'}
        </dd>
      </dl>
      {settings.demo.active ? null : replacing ? (
        <form className="row" onSubmit={save} aria-label="Replace API key">
          <Field label="New API key">
            {(p) => (
              <input
                {...p}
                type="password"
                autoComplete="off"
                value={key}
                onChange={(e) => setKeyText(e.target.value)}
              />
            )}
          </Field>
          <button type="submit" className="primary" disabled={saving || key.trim().length < 8}>
            Save key
          </button>
          <button type="button" onClick={() => setReplacing(false)}>
            Cancel
          </button>
        </form>
      ) : (
        <div className="row">
          <button type="button" onClick={() => setReplacing(true)} disabled={!settings.baseUrl}>
            Replace key
          </button>
          {settings.hasKey ? (
            confirmRemove ? (
              <>
                <span>Remove the key from the keychain?</span>
                <button
                  type="button"
                  className="danger"
                  onClick={() => void clearKey().then(() => setConfirmRemove(false))}
                >
                  Remove
                </button>
                <button type="button" onClick={() => setConfirmRemove(false)}>
                  Keep
                </button>
              </>
            ) : (
              <button type="button" onClick={() => setConfirmRemove(true)}>
                Remove key…
              </button>
            )
          ) : null}
        </div>
      )}
    </section>
  )
}

type Check =
  | { state: 'idle' }
  | { state: 'running' }
  | { state: 'done'; usable: string[]; listed: number }
  | { state: 'failed'; error: AppError }

/** GET /v1/models with the stored key: proves the address and key work and which models this account can use. */
function TestConnection() {
  const [check, setCheck] = useState<Check>({ state: 'idle' })
  const hasKey = useSettingsStore((s) => Boolean(s.settings?.hasKey))
  async function run() {
    setCheck({ state: 'running' })
    const result = await testConnection()
    setCheck(
      result.ok
        ? { state: 'done', usable: result.value.usable, listed: result.value.models.length }
        : { state: 'failed', error: result.error },
    )
  }
  return (
    <section className="panel" aria-labelledby="test-title">
      <h2 id="test-title">Test connection</h2>
      <div className="row">
        <button
          type="button"
          onClick={() => void run()}
          disabled={!hasKey || check.state === 'running'}
        >
          {check.state === 'running' ? 'Testing…' : 'Test connection'}
        </button>
      </div>
      <div aria-live="polite" data-testid="connection-check">
        {check.state === 'done' ? (
          <>
            <p>
              Connected. {check.usable.length} of the app's models are available to this account (
              {check.listed} listed by the service).
            </p>
            <ul className="chips">
              {check.usable.map((m) => (
                <li key={m}>{m}</li>
              ))}
            </ul>
          </>
        ) : check.state === 'failed' ? (
          <ErrorBanner error={check.error} />
        ) : null}
      </div>
    </section>
  )
}

function LibrarySection() {
  const settings = useSettingsStore((s) => s.settings)!
  const choose = useSettingsStore((s) => s.chooseLibraryDir)
  return (
    <section className="panel" aria-labelledby="library-title">
      <h2 id="library-title">Library folder</h2>
      <p data-testid="library-dir" className="mono">
        {settings.libraryDir}
      </p>
      <button type="button" onClick={() => void choose()}>
        Choose folder…
      </button>
      <LibraryMetadataSetting key={settings.libraryDir} />
    </section>
  )
}

const KINDS = [
  ['image', 'Images'],
  ['video', 'Videos'],
  ['art', 'Art model'],
  ['workbench', 'Workbench'],
] as const

function ConcurrencySection() {
  const settings = useSettingsStore((s) => s.settings)!
  const update = useSettingsStore((s) => s.updateConcurrency)
  return (
    <section className="panel" aria-labelledby="concurrency-title">
      <h2 id="concurrency-title">Running at once</h2>
      <div className="grid-4">
        {KINDS.map(([kind, label]) => (
          <Field key={kind} label={label}>
            {(p) => (
              <input
                {...p}
                type="number"
                min={1}
                max={kind === 'video' ? 32 : kind === 'image' ? 16 : 8}
                value={settings.concurrency[kind]}
                onChange={(e) => {
                  const n = Number(e.target.value)
                  if (Number.isInteger(n) && n >= 1) void update({ [kind]: n })
                }}
              />
            )}
          </Field>
        ))}
      </div>
    </section>
  )
}

function AboutSection() {
  const [about, setAbout] = useState<string>('')
  useEffect(() => {
    void appInfo().then(
      (r) => r.ok && setAbout(`${r.value.name} ${r.value.version} · ${r.value.platform}`),
    )
  }, [])
  return (
    <section className="panel" aria-labelledby="about-title">
      <h2 id="about-title">About</h2>
      <p className="muted">{about}</p>
    </section>
  )
}
