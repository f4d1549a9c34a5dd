import type { AppError } from '@shared/result'
import type { ClaimCandidate, ClaimReason } from '@shared/spending/claims'
import { useEffect, useState } from 'react'

import { claimCandidates, exportClaim } from '../../api/claims'
import { ErrorBanner } from '../../components/ErrorBanner'
import { Modal } from '../../components/Modal'
import { plural, usd } from '../../components/spendFormat'

const REASON_LABEL: Readonly<Record<ClaimReason, string>> = {
  failed: 'Failed',
  pending: 'Pending too long',
  unusable: 'Result unusable',
}

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
    <Modal title="Prepare a claim" onClose={onClose} className="claim-dialog" testId="claim-dialog">
      <p className="muted">
        Requests that failed, stayed pending for more than a day, or whose result you reported as
        unusable. The pack holds each request&apos;s key, times, model, amount (estimate or quote)
        and what the service said. It never holds your API key.
      </p>
      <ErrorBanner error={error} onDismiss={() => setError(null)} />
      {candidates === null ? (
        <p className="muted">{error ? '' : 'Loading…'}</p>
      ) : candidates.length === 0 ? (
        <p data-testid="claim-none">Nothing to claim in this range.</p>
      ) : (
        <ul className="claim-list" aria-label="Requests to include">
          {candidates.map((c) => (
            <li key={c.id}>
              <label>
                <input
                  type="checkbox"
                  checked={ticked.has(c.id)}
                  onChange={() => toggle(c.id)}
                  data-testid="claim-candidate"
                />
                <span>{new Date(c.createdAt).toLocaleString()}</span>{' '}
                <span className="mono">{c.model}</span>{' '}
                <span>{c.amountUsd === null ? 'no price' : `${usd(c.amountUsd)} ${c.basis}`}</span>{' '}
                <strong>{c.reasons.map((r) => REASON_LABEL[r]).join(', ')}</strong>
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
        Include prompts
      </label>
      {saved ? (
        <p role="status" data-testid="claim-saved">
          Saved {plural(saved.requests, 'request')} to <span className="mono">{saved.path}</span>
        </p>
      ) : null}
      <div className="row">
        <button
          type="button"
          className="primary"
          disabled={busy || ids.length === 0}
          onClick={() => void run()}
        >
          {busy ? 'Exporting…' : `Export ${plural(ids.length, 'request')}`}
        </button>
        <button type="button" onClick={onClose}>
          Close
        </button>
      </div>
    </Modal>
  )
}
