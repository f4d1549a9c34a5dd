/**
 * The areas of the app frame, in navigation order: ids and labels only, so stores (navigation)
 * and screens can name an area without importing the screens (features/registry.ts maps each
 * id to its lazily loaded screen).
 */
export const AREAS = [
  { id: 'images', label: 'Images' },
  { id: 'video', label: 'Video' },
  { id: 'art', label: 'Art model' },
  { id: 'workbench', label: 'Workbench' },
  { id: 'chat', label: 'Chat' },
  { id: 'tasks', label: 'Tasks' },
  { id: 'library', label: 'Library' },
  { id: 'spending', label: 'Spending' },
  { id: 'settings', label: 'Settings' },
] as const

export type AreaId = (typeof AREAS)[number]['id']

/** True for a string that names an area (a saved choice, a settings target). */
export const isAreaId = (v: unknown): v is AreaId => AREAS.some((a) => a.id === v)
