import { getModel } from '@shared/catalog'
import { defineKeys } from '@shared/i18n/keys'
import type { AppError } from '@shared/result'
import { type FormEvent, useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'

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
import { ThumbCacheSetting } from './ThumbCacheSetting'
import { UpdatesPanel } from './UpdatesPanel'

/** Connection, key, library folder and concurrency. */
export default function SettingsScreen() {
  const { t } = useTranslation('settings')
  const settings = useSettingsStore((s) => s.settings)
  const error = useSettingsStore((s) => s.error)
  const clearError = useSettingsStore((s) => s.clearError)
  if (!settings) return null
  return (
    <section className="screen" aria-labelledby="settings-title">
      <h1 id="settings-title">{t('title')}</h1>
      <ErrorBanner error={error} onDismiss={clearError} />
      <KeySection />
      <TestConnection />
      <section className="panel" aria-labelledby="demo-title">
        <h2 id="demo-title">{t('demoTitle')}</h2>
        <DemoOffer />
      </section>
      {settings.demo.active ? null : (
        <section className="panel" aria-labelledby="service-title">
          <h2 id="service-title">{t('changeServiceTitle')}</h2>
          <p className="muted">{t('changeServiceHint')}</p>
          <ConnectionForm submitLabel={t('saveAddressAndKey')} />
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
  const { t } = useTranslation('settings')
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
      <h2 id="key-title">{t('connectionTitle')}</h2>
      <dl className="facts">
        <dt>{t('service')}</dt>
        <dd data-testid="base-url">{settings.baseUrl ?? t('notSet')}</dd>
        <dt>{t('apiKey')}</dt>
        <dd data-testid="key-status">
          {settings.hasKey
            ? t('keyStoredIn', { backend: settings.secureStore.backend, hint: settings.keyHint })
            : t('noKeyStored')}
        </dd>
      </dl>
      {settings.demo.active ? null : replacing ? (
        <form className="row" onSubmit={save} aria-label={t('replaceKeyForm')}>
          <Field label={t('newApiKey')}>
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
            {t('saveKey')}
          </button>
          <button type="button" onClick={() => setReplacing(false)}>
            {t('cancel')}
          </button>
        </form>
      ) : (
        <div className="row">
          <button type="button" onClick={() => setReplacing(true)} disabled={!settings.baseUrl}>
            {t('replaceKey')}
          </button>
          {settings.hasKey ? (
            confirmRemove ? (
              <>
                <span>{t('removeKeyConfirm')}</span>
                <button
                  type="button"
                  className="danger"
                  onClick={() => void clearKey().then(() => setConfirmRemove(false))}
                >
                  {t('remove')}
                </button>
                <button type="button" onClick={() => setConfirmRemove(false)}>
                  {t('keep')}
                </button>
              </>
            ) : (
              <button type="button" onClick={() => setConfirmRemove(true)}>
                {t('removeKey')}
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
  const { t } = useTranslation('settings')
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
      <h2 id="test-title">{t('testTitle')}</h2>
      <div className="row">
        <button
          type="button"
          onClick={() => void run()}
          disabled={!hasKey || check.state === 'running'}
        >
          {check.state === 'running' ? t('testing') : t('testConnection')}
        </button>
      </div>
      <div aria-live="polite" data-testid="connection-check">
        {check.state === 'done' ? (
          <>
            <p>{t('connected', { usable: check.usable.length, listed: check.listed })}</p>
            <ul className="chips">
              {check.usable.map((m) => (
                <li key={m} title={m}>
                  {getModel(m)?.label ?? m}
                </li>
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
  const { t } = useTranslation('settings')
  return (
    <section className="panel" aria-labelledby="library-title">
      <h2 id="library-title">{t('libraryTitle')}</h2>
      <p data-testid="library-dir" className="mono">
        {settings.libraryDir}
      </p>
      <button type="button" onClick={() => void choose()}>
        {t('chooseFolder')}
      </button>
      <LibraryMetadataSetting key={settings.libraryDir} />
      <ThumbCacheSetting />
    </section>
  )
}

const KIND_LABELS = defineKeys('settings', {
  image: 'concurrencyImage',
  video: 'concurrencyVideo',
  art: 'concurrencyArt',
  workbench: 'concurrencyWorkbench',
})
const KINDS = Object.keys(KIND_LABELS) as Array<keyof typeof KIND_LABELS>

function ConcurrencySection() {
  const settings = useSettingsStore((s) => s.settings)!
  const update = useSettingsStore((s) => s.updateConcurrency)
  const { t } = useTranslation('settings')
  return (
    <section className="panel" aria-labelledby="concurrency-title">
      <h2 id="concurrency-title">{t('concurrencyTitle')}</h2>
      <div className="grid-4">
        {KINDS.map((kind) => (
          <Field key={kind} label={t(KIND_LABELS[kind])}>
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
  const { t } = useTranslation('settings')
  const [about, setAbout] = useState<string>('')
  useEffect(() => {
    void appInfo().then(
      (r) => r.ok && setAbout(`${r.value.name} ${r.value.version} · ${r.value.platform}`),
    )
  }, [])
  return (
    <section className="panel" aria-labelledby="about-title">
      <h2 id="about-title">{t('aboutTitle')}</h2>
      <p className="muted">{about}</p>
    </section>
  )
}
