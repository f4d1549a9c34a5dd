import { type ComponentType, lazy, type LazyExoticComponent } from 'react'

/**
 * The areas of the app frame, in navigation order. Each screen is loaded lazily so the entry
 * chunk stays small; an area appears here only once it is really built.
 */
export const AREAS = [
  { id: 'images', label: 'Images', screen: lazy(() => import('./images/ImagesScreen')) },
  { id: 'video', label: 'Video', screen: lazy(() => import('./video/VideoScreen')) },
  { id: 'art', label: 'Art model', screen: lazy(() => import('./art/ArtScreen')) },
  {
    id: 'workbench',
    label: 'Workbench',
    screen: lazy(() => import('./workbench/WorkbenchScreen')),
  },
  { id: 'chat', label: 'Chat', screen: lazy(() => import('./chat/ChatScreen')) },
  { id: 'tasks', label: 'Tasks', screen: lazy(() => import('./tasks/TasksScreen')) },
  {
    id: 'library',
    label: 'Library',
    screen: lazy(() => import('./library/LibraryScreen')),
  },
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
