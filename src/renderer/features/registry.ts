import { type ComponentType, lazy, type LazyExoticComponent } from 'react'

import type { AreaId } from '../areas'

/**
 * Each area's screen, loaded lazily so the entry chunk stays small (the ids, labels and order
 * are in ../areas.ts; an area appears there only once it is really built).
 */
export const SCREENS: Record<AreaId, LazyExoticComponent<ComponentType>> = {
  images: lazy(() => import('./images/ImagesScreen')),
  video: lazy(() => import('./video/VideoScreen')),
  art: lazy(() => import('./art/ArtScreen')),
  workbench: lazy(() => import('./workbench/WorkbenchScreen')),
  chat: lazy(() => import('./chat/ChatScreen')),
  tasks: lazy(() => import('./tasks/TasksScreen')),
  library: lazy(() => import('./library/LibraryScreen')),
  spending: lazy(() => import('./spending/SpendingScreen')),
  settings: lazy(() => import('./settings/SettingsScreen')),
}
