import { defineKeys } from '@shared/i18n/keys'
import type { LibraryKind } from '@shared/library/types'

/** Where an item was made, by the library's kind: the filter bar's "Made with" and the detail view's "Kind". */
export const KIND_LABELS = defineKeys('library', {
  image: 'kindImage',
  video: 'kindVideo',
  art: 'kindArt',
  workbench: 'kindWorkbench',
  imported: 'kindImported',
}) satisfies Record<LibraryKind, string>
