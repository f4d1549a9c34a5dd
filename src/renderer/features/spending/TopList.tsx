import type { LedgerEntryView } from '@shared/spending/types'
import { useTranslation } from 'react-i18next'

import { useLibraryStore } from '../../stores/library'
import { useNavigationStore } from '../../stores/navigation'
import { BASIS_LABELS, dayText, KIND_LABELS, money, STATUS_LABELS } from './spendWords'

/** Between the facts of one row: a symbol, not a word. */
const SEP = ' · '

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
  const { t } = useTranslation('spending')
  if (entries.length === 0) return null
  return (
    <section className="panel" aria-labelledby="spend-top-title">
      <h2 id="spend-top-title">{t('topTitle')}</h2>
      <ol className="spend-top">
        {entries.map((e) => (
          <li key={e.id} data-testid="top-entry">
            <div className="spend-top-amount">
              <strong>{e.amountUsd === null ? t('noRate') : money(e.amountUsd)}</strong>
              <span className="muted">
                {e.amountUsd === null ? '' : t(BASIS_LABELS[e.basis])}
                {e.amountUsd === null ? '' : SEP}
                {t(STATUS_LABELS[e.status])}
              </span>
            </div>
            <div className="spend-top-what">
              <span>
                <span className="mono">{e.model}</span>
                {SEP}
                {t(KIND_LABELS[e.kind])}
                {SEP}
                {dayText(e.day)}
              </span>
              <span className="spend-top-prompt" title={e.prompt}>
                {e.prompt || <span className="muted">{t('noPrompt')}</span>}
              </span>
            </div>
            {e.libraryIds[0] ? (
              <button
                type="button"
                aria-label={t('openInLibraryFor', { what: e.prompt.slice(0, 40) || e.model })}
                onClick={() => openInLibrary(e.libraryIds[0]!)}
              >
                {t('openInLibrary')}
              </button>
            ) : null}
          </li>
        ))}
      </ol>
    </section>
  )
}
