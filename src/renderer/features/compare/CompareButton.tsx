import { useTranslation } from 'react-i18next'

import { useLibraryStore } from '../../stores/library'
import { MAX_COMPARE, useLibraryViewStore } from '../../stores/libraryView'

/**
 * "Compare" in the library's selection toolbar: shown once two items are selected, usable up to
 * four (what fits side by side); opens compare on the selection in the order it was made.
 */
export function CompareButton() {
  const { t } = useTranslation('compare')
  const selection = useLibraryStore((s) => s.selection)
  const n = selection.size
  if (n < 2) return null
  const ok = n <= MAX_COMPARE
  return (
    <button
      type="button"
      onClick={() => useLibraryViewStore.getState().openCompare([...selection])}
      disabled={!ok}
      data-testid="library-compare"
    >
      {ok ? t('compare') : t('compareLimit', { max: MAX_COMPARE })}
    </button>
  )
}
