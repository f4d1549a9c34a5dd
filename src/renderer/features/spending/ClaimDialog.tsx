import { defineKeys } from '@shared/i18n/keys'
import type { AppError } from '@shared/result'
import type { ClaimCandidate, ClaimReason } from '@shared/spending/claims'
import { useEffect, useState } from 'react'
import { Trans, useTranslation } from 'react-i18next'

import { claimCandidates, exportClaim } from '../../api/claims'
import { ErrorBanner } from '../../components/ErrorBanner'
import { Modal } from '../../components/Modal'
import { formatDateTime } from '../../i18n/format'
import { BASIS_LABELS, money } from './spendWords'

const REASON_LABEL = defineKeys('spending', {
  failed: 'reasonFailed',
  pending: 'reasonPending',
  unusable: 'reasonUnusable',
}) satisfies Record<ClaimReason, string>

/** Between a request's reasons: a symbol, not a word. */
const SEP = ' · '

/**
 * "Prepare a claim" (issue #29): the range's failed charges, charges pending too long and results
 * reported unusable, all ticked; prompts left out unless the user ticks "Include prompts"; Export
 * writes the pack (ZIP of claim.json and claim.csv) where the user chooses. Never holds the key.
 */
export function ClaimDialog({
  range,
  onClose,
}: {
  range: { from: string; to: string }
  onClose: () => void
}) {
  const { t } = useTranslation('spending')
  const [candidates, setCandidates] = useState<ClaimCandidate[] | null>(null)
  const [ticked, setTicked] = useState<ReadonlySet<string>>(new Set())
  const [includePrompts, setIncludePrompts] = useState(false)
  const [error, setError] = useState<AppError | null>(null)
  const [busy, setBusy] = useState(false)
  const [saved, setSaved] = useState<{ path: string; requests: number } | null>(null)

  useEffect(() => {
    let live = true
    void claimCandidates(range).then((r) => {
      if (!live) return
      if (!r.ok) return setError(r.error)
      setCandidates(r.value)
      setTicked(new Set(r.value.map((c) => c.id)))
    })
    return () => {
      live = false
    }
  }, [range])

  const toggle = (id: string) =>
    setTicked((s) => {
      const next = new Set(s)
      if (next.has(id)) next.delete(id)
      else next.add(id)
      return next
    })

  const ids = (candidates ?? []).filter((c) => ticked.has(c.id)).map((c) => c.id)
  const run = async () => {
    setBusy(true)
    setError(null)
    const r = await exportClaim({ ...range, ids, includePrompts })
    setBusy(false)
    if (!r.ok) setError(r.error)
    else if (r.value) setSaved(r.value)
  }

  return (
    <Modal title={t('claimTitle')} onClose={onClose} className="claim-dialog" testId="claim-dialog">
      <p className="muted">{t('claimIntro')}</p>
      <ErrorBanner error={error} onDismiss={() => setError(null)} />
      {candidates === null ? (
        <p className="muted">{error ? '' : t('loading')}</p>
      ) : candidates.length === 0 ? (
        <p data-testid="claim-none">{t('claimNone')}</p>
      ) : (
        <ul className="claim-list" aria-label={t('claimList')}>
          {candidates.map((c) => (
            <li key={c.id}>
              <label>
                <input
                  type="checkbox"
                  checked={ticked.has(c.id)}
                  onChange={() => toggle(c.id)}
                  data-testid="claim-candidate"
                />
                <span>{formatDateTime(c.createdAt)}</span> <span className="mono">{c.model}</span>{' '}
                <span>
                  {c.amountUsd === null
                    ? t('claimNoPrice')
                    : t('claimAmount', {
                        amount: money(c.amountUsd),
                        basis: t(BASIS_LABELS[c.basis]),
                      })}
                </span>{' '}
                <strong>{c.reasons.map((r) => t(REASON_LABEL[r])).join(SEP)}</strong>
              </label>
              {c.message || c.unusableReason ? (
                <p className="muted claim-why">{c.unusableReason ?? c.message}</p>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      <label>
        <input
          type="checkbox"
          checked={includePrompts}
          onChange={(e) => setIncludePrompts(e.target.checked)}
        />{' '}
        {t('claimIncludePrompts')}
      </label>
      {saved ? (
        <p role="status" data-testid="claim-saved">
          <Trans
            t={t}
            i18nKey="claimSaved"
            values={{ count: saved.requests, path: saved.path }}
            components={{ path: <span className="mono" /> }}
          />
        </p>
      ) : null}
      <div className="row">
        <button
          type="button"
          className="primary"
          disabled={busy || ids.length === 0}
          onClick={() => void run()}
        >
          {busy ? t('exporting') : t('claimExport', { count: ids.length })}
        </button>
        <button type="button" onClick={onClose}>
          {t('close')}
        </button>
      </div>
    </Modal>
  )
}
