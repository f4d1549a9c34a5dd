import {
  Clapperboard,
  ImageIcon,
  LibraryBig,
  ListChecks,
  type LucideIcon,
  MessagesSquare,
  Palette,
  Settings,
  SlidersHorizontal,
  Wallet,
} from 'lucide-react'

import type { AreaId } from './areas'

/**
 * The navigation icon of each area (lucide, named imports only so the bundle keeps just these).
 * Apart from areas.ts so stores that name areas never load icon components; typed by AreaId so a
 * new area cannot go without one.
 */
export const AREA_ICONS: Record<AreaId, LucideIcon> = {
  images: ImageIcon,
  video: Clapperboard,
  art: Palette,
  workbench: SlidersHorizontal,
  chat: MessagesSquare,
  tasks: ListChecks,
  library: LibraryBig,
  spending: Wallet,
  settings: Settings,
}
