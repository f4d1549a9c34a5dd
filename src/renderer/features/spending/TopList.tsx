import type { LedgerBasis, LedgerEntryView, LedgerStatus } from '@shared/spending/types'

import { dayLabel, NO_RATE, SPEND_KIND_LABELS, usd } from '../../components/spendFormat'
import { useLibraryStore } from '../../stores/library'
import { useNavigationStore } from '../../stores/navigation'

const BASIS: Readonly<Record<LedgerBasis, string>> = {
  estimate: 'estimate',
  quote: 'accepted quote',
  none: NO_RATE,
}

const STATUS: Readonly<Record<LedgerStatus, string>> = {
  pending: 'pending',
  settled: 'settled',
  failed: 'failed, not counted',
  void: 'never sent',
}

/**
 * Opens a request's first saved result in the library's detail view, the way the library opens
 * any item: the detail is loaded into the library store, then the Library area shows.
 */
export function openInLibrary(libraryId: string): void {
  void useLibraryStore.getState().openDetail(libraryId)
  useNavigationStore.getState().go('library')
}

/** The range's most expensive generations, highest first, each linked to its result. */
export function TopList({ entries }: { entries: LedgerEntryView[] }) {
  if (entries.length === 0) return null
  return (
    <section className="panel" aria-labelledby="spend-top-title">
      <h2 id="spend-top-title">Most expensive generations</h2>
      <ol className="spend-top">
        {entries.map((e) => (
          <li key={e.id} data-testid="top-entry">
            <div className="spend-top-amount">
              <strong>{e.amountUsd === null ? NO_RATE : usd(e.amountUsd)}</strong>
              <span className="muted">
                {e.amountUsd === null ? '' : BASIS[e.basis]}
                {e.amountUsd === null ? '' : ' · '}
                {STATUS[e.status]}
              </span>
            </div>
            <div className="spend-top-what">
              <span>
                <span className="mono">{e.model}</span> · {SPEND_KIND_LABELS[e.kind]} ·{' '}
                {dayLabel(e.day)}
              </span>
              <span className="spend-top-prompt" title={e.prompt}>
                {e.prompt || <span className="muted">(no prompt)</span>}
              </span>
            </div>
            {e.libraryIds[0] ? (
              <button
                type="button"
                aria-label={`Open in library: ${e.prompt.slice(0, 40) || e.model}`}
                onClick={() => openInLibrary(e.libraryIds[0]!)}
              >
                Open in library
              </button>
            ) : null}
          </li>
        ))}
      </ol>
    </section>
  )
}
