import { normalizeBaseUrl } from '@shared/baseUrl'
import { defineKeys } from '@shared/i18n/keys'
import { type FormEvent, useState } from 'react'
import { useTranslation } from 'react-i18next'

import { Field } from '../../components/Field'
import { useSettingsStore } from '../../stores/settings'

/** The scheme every address starts with: not a word, the same in every language. */
const URL_PLACEHOLDER = 'https://'

/**
 * normalizeBaseUrl (shared with main) answers in English sentences; each one it can give has a
 * message here. A sentence not listed (a newer rule) is shown as it is rather than hidden.
 */
const URL_PROBLEMS = defineKeys('settings', {
  'Enter a full address such as https://api.example.com': 'urlNotAddress',
  'The address must start with https://': 'urlNotHttp',
  'Use https:// (plain http is allowed only for this computer)': 'urlPlainHttp',
  'Do not put a user name or password in the address': 'urlCredentials',
  'The address must not contain ? or #': 'urlQuery',
})
const urlProblemKey = (message: string) =>
  Object.hasOwn(URL_PROBLEMS, message) ? URL_PROBLEMS[message as keyof typeof URL_PROBLEMS] : null

/**
 * Base URL + key in one form (first run, and "change service" in Settings). The address is checked
 * as the user types; the key field is write-only and cleared after a successful save.
 */
export function ConnectionForm({ submitLabel }: { submitLabel: string }) {
  const { t } = useTranslation('settings')
  const settings = useSettingsStore((s) => s.settings)
  const saving = useSettingsStore((s) => s.saving)
  const connect = useSettingsStore((s) => s.connect)
  const [baseUrl, setBaseUrl] = useState(settings?.demo.active ? '' : (settings?.baseUrl ?? ''))
  const [key, setKey] = useState('')
  const [touched, setTouched] = useState(false)
  const [serverFields, setServerFields] = useState<Record<string, string>>({})

  const urlCheck = normalizeBaseUrl(baseUrl)
  const urlProblem = urlCheck.ok ? null : urlProblemKey(urlCheck.message)
  const urlMessage = urlCheck.ok ? null : urlProblem ? t(urlProblem) : urlCheck.message
  const urlError = touched && urlMessage ? urlMessage : (serverFields.baseUrl ?? null)
  const keyError = touched && key.trim().length < 8 ? t('keyMissing') : (serverFields.key ?? null)

  async function submit(event: FormEvent) {
    event.preventDefault()
    setTouched(true)
    if (!urlCheck.ok || key.trim().length < 8) return
    const result = await connect(baseUrl, key)
    if (result.ok) {
      setKey('')
      setTouched(false)
      setServerFields({})
    } else setServerFields(result.error.fields ?? {})
  }

  return (
    <form className="stack" onSubmit={submit} noValidate aria-label={t('connectForm')}>
      <Field label={t('serviceAddress')} error={urlError} hint={t('serviceAddressHint')}>
        {(p) => (
          <input
            {...p}
            type="url"
            name="baseUrl"
            autoComplete="url"
            placeholder={URL_PLACEHOLDER}
            value={baseUrl}
            onChange={(e) => setBaseUrl(e.target.value)}
          />
        )}
      </Field>
      <Field label={t('apiKey')} error={keyError} hint={t('apiKeyHint')}>
        {(p) => (
          <input
            {...p}
            type="password"
            name="apiKey"
            autoComplete="off"
            spellCheck={false}
            value={key}
            onChange={(e) => setKey(e.target.value)}
          />
        )}
      </Field>
      <div className="row">
        <button type="submit" className="primary" disabled={saving}>
          {saving ? t('saving') : submitLabel}
        </button>
      </div>
    </form>
  )
}
