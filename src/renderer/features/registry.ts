import { type ComponentType, lazy, type LazyExoticComponent } from 'react'

/**
 * The areas of the app frame, in navigation order. Each screen is loaded lazily so the entry
 * chunk stays small; an area appears here only once it is really built.
 */
export const AREAS = [
  {
    id: 'settings',
    label: 'Settings',
    screen: lazy(() => import('./settings/SettingsScreen')),
  },
] as const satisfies ReadonlyArray<{
  id: string
  label: string
  screen: LazyExoticComponent<ComponentType>
}>

export type AreaId = (typeof AREAS)[number]['id']
