import { defineKeys } from '@shared/i18n/keys'

/**
 * The areas of the app frame, in navigation order: ids only, so stores (navigation) and screens
 * can name an area without importing the screens (features/registry.ts maps each id to its
 * lazily loaded screen). What each is called is AREA_LABELS, a key of the `common` namespace.
 */
export const AREAS = [
  { id: 'images' },
  { id: 'video' },
  { id: 'art' },
  { id: 'workbench' },
  { id: 'chat' },
  { id: 'tasks' },
  { id: 'library' },
  { id: 'spending' },
  { id: 'settings' },
] as const

export type AreaId = (typeof AREAS)[number]['id']

/** Each area's name: a `common` key (`t(AREA_LABELS[id])` with useTranslation('common')). */
export const AREA_LABELS = defineKeys('common', {
  images: 'areaImages',
  video: 'areaVideo',
  art: 'areaArt',
  workbench: 'areaWorkbench',
  chat: 'areaChat',
  tasks: 'areaTasks',
  library: 'areaLibrary',
  spending: 'areaSpending',
  settings: 'areaSettings',
}) satisfies Record<AreaId, string>

/** True for a string that names an area (a saved choice, a settings target). */
export const isAreaId = (v: unknown): v is AreaId => AREAS.some((a) => a.id === v)
