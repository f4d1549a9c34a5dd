import type { AppError } from '@shared/result'
import { useEffect, useId, useState } from 'react'
import { useTranslation } from 'react-i18next'

import { ErrorBanner } from '../../components/ErrorBanner'
import { TextArea, TextInput } from '../../forms/inputs'
import { useBatchStore } from '../../stores/batch'

interface Editing {
  /** null: a new list; otherwise the list being edited (its name stays). */
  original: string | null
  name: string
  text: string
}

const lines = (text: string) =>
  text
    .split(/\r?\n/)
    .map((v) => v.trim())
    .filter(Boolean)

/** How a prompt names a list: `__name__`. */
const token = (name: string) => `__${name}__`

/**
 * The named wildcard lists a prompt uses as `__name__`: list, create, edit and delete them
 * through main (which keeps them), without leaving the batch dialog. A change here drops any
 * price already shown, since the same prompt now expands differently.
 */
export function WildcardManager() {
  const { t } = useTranslation('batch')
  const headingId = useId()
  const lists = useBatchStore((s) => s.wildcards)
  const load = useBatchStore((s) => s.loadWildcards)
  const save = useBatchStore((s) => s.saveWildcard)
  const remove = useBatchStore((s) => s.deleteWildcard)
  const [editing, setEditing] = useState<Editing | null>(null)
  const [confirming, setConfirming] = useState<string | null>(null)
  const [error, setError] = useState<AppError | null>(null)
  const [busy, setBusy] = useState(false)

  useEffect(() => {
    void load()
  }, [load])

  const onSave = async () => {
    if (!editing) return
    setBusy(true)
    const r = await save({ name: editing.name.trim(), values: lines(editing.text) })
    setBusy(false)
    if (r.ok) {
      setEditing(null)
      setError(null)
    } else setError(r.error)
  }

  const onDelete = async (name: string) => {
    setBusy(true)
    const r = await remove(name)
    setBusy(false)
    setConfirming(null)
    setError(r.ok ? null : r.error)
  }

  return (
    <section className="batch-wildcards" aria-labelledby={headingId}>
      <h3 id={headingId}>{t('wildcardLists')}</h3>
      {lists === null ? (
        <p className="muted">{t('wildcardLoading')}</p>
      ) : lists.length === 0 ? (
        <p className="muted">{t('wildcardNone')}</p>
      ) : (
        <ul className="batch-wildcard-list" aria-label={t('wildcardLists')}>
          {lists.map((l) => (
            <li key={l.name}>
              <span className="mono">{token(l.name)}</span>
              <span className="muted">{t('wildcardValues', { count: l.values.length })}</span>
              {confirming === l.name ? (
                <>
                  <button
                    type="button"
                    className="danger"
                    disabled={busy}
                    onClick={() => void onDelete(l.name)}
                  >
                    {t('wildcardDeleteConfirm', { list: token(l.name) })}
                  </button>
                  <button type="button" onClick={() => setConfirming(null)}>
                    {t('keep')}
                  </button>
                </>
              ) : (
                <>
                  <button
                    type="button"
                    onClick={() =>
                      setEditing({ original: l.name, name: l.name, text: l.values.join('\n') })
                    }
                  >
                    {t('edit')}
                  </button>
                  <button
                    type="button"
                    aria-label={t('wildcardDelete', { list: token(l.name) })}
                    onClick={() => setConfirming(l.name)}
                  >
                    {t('delete')}
                  </button>
                </>
              )}
            </li>
          ))}
        </ul>
      )}
      <ErrorBanner
        error={error && !(error.fields?.name || error.fields?.values) ? error : null}
        onDismiss={() => setError(null)}
      />
      {editing ? (
        <div className="batch-wildcard-editor" role="group" aria-label={t('wildcardEdit')}>
          <TextInput
            label={t('wildcardName')}
            name="wildcard-name"
            value={editing.name}
            disabled={editing.original !== null}
            onChange={(name) => setEditing({ ...editing, name })}
            hint={t('wildcardNameHint')}
            error={error?.fields?.name}
          />
          <TextArea
            label={t('wildcardValuesLabel')}
            name="wildcard-values"
            rows={5}
            value={editing.text}
            onChange={(text) => setEditing({ ...editing, text })}
            error={error?.fields?.values}
          />
          <div className="row">
            <button type="button" className="primary" disabled={busy} onClick={() => void onSave()}>
              {t('wildcardSave')}
            </button>
            <button type="button" onClick={() => setEditing(null)}>
              {t('discard')}
            </button>
          </div>
        </div>
      ) : (
        <button type="button" onClick={() => setEditing({ original: null, name: '', text: '' })}>
          {t('wildcardNew')}
        </button>
      )}
    </section>
  )
}
