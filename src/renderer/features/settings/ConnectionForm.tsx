import { normalizeBaseUrl } from '@shared/baseUrl'
import { type FormEvent, useState } from 'react'

import { Field } from '../../components/Field'
import { useSettingsStore } from '../../stores/settings'

/**
 * Base URL + key in one form (first run, and "change service" in Settings). The address is checked
 * as the user types; the key field is write-only and cleared after a successful save.
 */
export function ConnectionForm({ submitLabel }: { submitLabel: string }) {
  const settings = useSettingsStore((s) => s.settings)
  const saving = useSettingsStore((s) => s.saving)
  const connect = useSettingsStore((s) => s.connect)
  const [baseUrl, setBaseUrl] = useState(settings?.demo.active ? '' : (settings?.baseUrl ?? ''))
  const [key, setKey] = useState('')
  const [touched, setTouched] = useState(false)
  const [serverFields, setServerFields] = useState<Record<string, string>>({})

  const urlCheck = normalizeBaseUrl(baseUrl)
  const urlError = touched && !urlCheck.ok ? urlCheck.message : (serverFields.baseUrl ?? null)
  const keyError =
    touched && key.trim().length < 8
      ? 'Paste the API key from your account'
      : (serverFields.key ?? null)

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
    <form className="stack" onSubmit={submit} noValidate aria-label="Connect to the service">
      <Field label="Service address" error={urlError} hint="For example https://api.example.com">
        {(p) => (
          <input
            {...p}
            type="url"
            name="baseUrl"
            autoComplete="url"
            placeholder="https://"
            value={baseUrl}
            onChange={(e) => setBaseUrl(e.target.value)}
          />
        )}
      </Field>
      <Field label="API key" error={keyError} hint="Stored only in your system keychain.">
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
          {saving ? 'Saving…' : submitLabel}
        </button>
      </div>
    </form>
  )
}
