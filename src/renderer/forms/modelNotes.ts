import type { ImageModelId } from '@shared/catalog'
import { defineKeys } from '@shared/i18n/keys'
import { useTranslation } from 'react-i18next'

/**
 * What the model picker says under a model (issue #34): the catalog's `notes` are English facts
 * written beside the rules they describe, so the screens show a translated sentence per model
 * instead, and the catalog's own words only for a model added after these keys.
 */
const IMAGE_NOTE_KEYS = defineKeys('common', {
  'std-image-2': 'noteStdImage2',
  'std-image-2.5-sunburst': 'noteSunburst',
  'still-5.0-pro': 'noteStillPro',
  'edit-2511': 'noteEdit2511',
  'art-v4.5': 'noteArtV45',
  'art-v5': 'noteArtV5',
  'compact-2-sfw': 'noteWorkspaceOnly',
}) satisfies Record<ImageModelId, string>

/** The note under a model of the picker, in the interface language. */
export function useModelNote(model: {
  id: string
  kind: string
  notes: string
  referenceModes?: readonly string[]
}): string {
  const { t } = useTranslation('common')
  if (model.kind === 'video')
    return model.referenceModes?.length ? t('noteVideoAllReference') : t('noteVideo')
  const key = (IMAGE_NOTE_KEYS as Record<string, (typeof IMAGE_NOTE_KEYS)[ImageModelId]>)[model.id]
  return key ? t(key) : model.notes
}
