import type { LibraryTile } from '@shared/library/types'
import {
  type DragEvent,
  type KeyboardEvent,
  memo,
  type MouseEvent,
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
} from 'react'
import { useTranslation } from 'react-i18next'

import { beginItemDrag } from '../../components/itemDrag'
import { thumbSrc } from '../../components/media'
import { monthAt, useLibraryStore } from '../../stores/library'
import { TILE_SIZES, useLibraryViewStore } from '../../stores/libraryView'
import { formatDateTime, formatDuration } from './format'
import { organiseKey, targetIds } from './organise/organiseKeys'
import { offsetAfterScroll, type ScrollSpace, scrollSpace, scrollTo } from './scrollSpace'
import { PLAY_MARK, PROBLEM_MARK, STAR_ON, UNKNOWN_MARK } from './symbols'

/** The default minimum tile width; the toolbar's Tile size picks another (TILE_SIZES). */
const MIN_TILE = TILE_SIZES.medium
const GAP = 8
const PAD = 8
const OVERSCAN_ROWS = 2
/** Items fetched beyond the rendered ones (half a page of the index). */
const PREFETCH = 100

interface Layout {
  cols: number
  tile: number
  rowHeight: number
}

function layoutFor(width: number, minTile: number = MIN_TILE): Layout {
  const inner = Math.max(minTile, width - PAD * 2)
  const cols = Math.max(1, Math.floor((inner + GAP) / (minTile + GAP)))
  const tile = Math.floor((inner - GAP * (cols - 1)) / cols)
  return { cols, tile, rowHeight: tile + GAP }
}

/** The rows a viewport at `top` touches, before overscan. */
function rowSpan(top: number, height: number, rowHeight: number): { first: number; last: number } {
  return { first: Math.floor(top / rowHeight), last: Math.ceil((top + height) / rowHeight) }
}

/**
 * The virtualized grid: only the rows in view (plus two on each side) exist in the DOM, whatever
 * the library size; the scroll height is exact because month counts give the total. It is one
 * listbox with an active descendant: arrows, Page Up/Down, Home/End move; Space opens the viewer;
 * Ctrl/Cmd+Space toggles; Shift extends; Enter opens; Delete deletes; Ctrl/Cmd+A selects all;
 * 0–5 rate and F toggles favourite (the selection, or the active item);
 * the Tile size control sets the columns' minimum width.
 */
export function LibraryGrid({ onOpen }: { onOpen(id: string): void }) {
  const { t } = useTranslation('library')
  const total = useLibraryStore((s) => s.total)
  const months = useLibraryStore((s) => s.months)
  // Re-render when blocks arrive; tiles are read through tileAt.
  useLibraryStore((s) => s.blocks)
  useLibraryStore((s) => s.stale)
  const selection = useLibraryStore((s) => s.selection)
  const active = useLibraryStore((s) => s.active)
  const posterVersion = useLibraryStore((s) => s.posterVersion)
  const scrollRequest = useLibraryStore((s) => s.scrollRequest)
  const ref = useRef<HTMLDivElement>(null)
  /** `offset`: grid px minus scroll px (0 unless the grid is taller than MAX_SPACE: scrollSpace.ts). */
  const [view, setView] = useState({ width: 0, height: 0, top: 0, offset: 0 })
  const frame = useRef(0)
  const minTile = TILE_SIZES[useLibraryViewStore((s) => s.tileSize)]
  const minTileRef = useRef(minTile)
  minTileRef.current = minTile
  const spaceRef = useRef<ScrollSpace | null>(null)
  const viewRef = useRef(view)
  viewRef.current = view

  useLayoutEffect(() => {
    const el = ref.current
    if (!el) return
    const measure = () => setView((v) => ({ ...v, width: el.clientWidth, height: el.clientHeight }))
    measure()
    const observer = new ResizeObserver(measure)
    observer.observe(el)
    return () => observer.disconnect()
  }, [])

  const onScroll = useCallback(() => {
    if (frame.current) return
    frame.current = requestAnimationFrame(() => {
      frame.current = 0
      const el = ref.current
      if (!el) return
      // Re-render only when the rows in the DOM change (every few frames of a fast scroll), not
      // on every scrolled pixel: the browser moves the existing tiles by itself.
      setView((v) => {
        const top = el.scrollTop
        if (v.top === top) return v
        const layout = layoutFor(v.width, minTileRef.current)
        const space = spaceRef.current
        const offset = space ? offsetAfterScroll(space, v.top, top, v.offset) : 0
        if (offset !== v.offset) return { ...v, top, offset }
        const before = rowSpan(v.top + v.offset, v.height, layout.rowHeight)
        const after = rowSpan(top + offset, v.height, layout.rowHeight)
        return before.first === after.first && before.last === after.last ? v : { ...v, top }
      })
    })
  }, [])
  useEffect(() => () => cancelAnimationFrame(frame.current), [])

  const layout = layoutFor(view.width, minTile)
  const rows = Math.ceil(total / layout.cols)
  const space = scrollSpace(rows * layout.rowHeight + PAD * 2, view.height)
  spaceRef.current = space
  /** The grid's own top (px of the full grid) at the scroll position; tiles are placed from it. */
  const offset = space.ratio === 1 ? 0 : view.offset
  const span = rowSpan(view.top + offset, view.height, layout.rowHeight)
  const firstRow = Math.max(0, span.first - OVERSCAN_ROWS)
  const lastRow = Math.min(rows - 1, span.last + OVERSCAN_ROWS)
  const firstPos = firstRow * layout.cols
  const lastPos = Math.min(total - 1, (lastRow + 1) * layout.cols - 1)

  useEffect(() => {
    if (total > 0 && view.height > 0) {
      // Pages load a little ahead in both directions, so a steady scroll meets no loading tiles.
      useLibraryStore.getState().ensure(Math.max(0, firstPos - PREFETCH), lastPos + PREFETCH)
      const topPos = span.first * layout.cols
      useLibraryStore.getState().setVisibleMonth(monthAt(months, topPos))
    }
  }, [firstPos, lastPos, total, view.height, span.first, layout.cols, months])

  const scrollToPos = useCallback(
    (pos: number, align: 'start' | 'nearest') => {
      const el = ref.current
      if (!el) return
      const row = Math.floor(pos / layout.cols)
      const top = row * layout.rowHeight
      // Positions are in grid px; the scroll position is in the (maybe compressed) space's px.
      const space = spaceRef.current
      const offset = space && space.ratio !== 1 ? viewRef.current.offset : 0
      const current = el.scrollTop + offset
      let target: number | null = null
      if (align === 'start' || top < current) target = top
      else if (top + layout.rowHeight > current + el.clientHeight)
        target = top + layout.rowHeight - el.clientHeight + PAD
      if (target === null) return
      if (!space || space.ratio === 1) {
        el.scrollTop = target
        return
      }
      const next = scrollTo(space, target, offset)
      el.scrollTop = next.top
      setView((v) => ({ ...v, top: next.top, offset: next.offset }))
    },
    [layout.cols, layout.rowHeight],
  )

  useEffect(() => {
    if (scrollRequest) scrollToPos(scrollRequest.pos, 'start')
  }, [scrollRequest, scrollToPos])

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const store = useLibraryStore.getState()
    if (total === 0) return
    const perPage = Math.max(1, Math.floor(view.height / layout.rowHeight)) * layout.cols
    const moves: Record<string, number> = {
      ArrowRight: 1,
      ArrowLeft: -1,
      ArrowDown: layout.cols,
      ArrowUp: -layout.cols,
      PageDown: perPage,
      PageUp: -perPage,
    }
    let next: number | null = null
    if (e.key in moves) next = active + moves[e.key]!
    else if (e.key === 'Home') next = 0
    else if (e.key === 'End') next = total - 1
    if (next !== null) {
      e.preventDefault()
      next = Math.min(total - 1, Math.max(0, next))
      scrollToPos(next, 'nearest')
      if (e.shiftKey) void store.select(next, 'range')
      else if (e.ctrlKey || e.metaKey) store.setActive(next)
      else void store.select(next, 'only')
      return
    }
    const tile = store.tileAt(active)
    if (e.key === ' ' && tile && (e.ctrlKey || e.metaKey)) {
      e.preventDefault()
      void store.select(active, 'toggle')
    } else if (e.key === ' ' && tile) {
      e.preventDefault()
      useLibraryViewStore.getState().openViewer(active)
    } else if (e.key === 'Enter' && tile) {
      e.preventDefault()
      onOpen(tile.id)
    } else if ((e.key === 'Delete' || e.key === 'Backspace') && store.selection.size) {
      e.preventDefault()
      void store.deleteIds([...store.selection])
    } else if (e.key.toLowerCase() === 'a' && (e.ctrlKey || e.metaKey)) {
      e.preventDefault()
      void store.selectAll()
    } else if (e.key === 'Escape' && store.selection.size) {
      e.preventDefault()
      store.clearSelection()
    } else if (organiseKey(e, targetIds(tile?.id))) {
      // 0–5 rate, F favourite: the selection, or the active item when nothing is selected.
      e.preventDefault()
    }
  }

  const tiles = []
  const tileAt = useLibraryStore.getState().tileAt
  for (let pos = firstPos; pos <= lastPos; pos++) {
    const tile = tileAt(pos)
    const row = Math.floor(pos / layout.cols)
    const col = pos % layout.cols
    tiles.push(
      <Tile
        key={pos}
        pos={pos}
        tile={tile}
        x={PAD + col * (layout.tile + GAP)}
        y={PAD + row * layout.rowHeight - offset}
        size={layout.tile}
        selected={tile ? selection.has(tile.id) : false}
        active={pos === active}
        version={tile ? (posterVersion[tile.id] ?? 0) : 0}
        onOpen={onOpen}
      />,
    )
  }

  return (
    <div
      ref={ref}
      className="lib-grid"
      data-testid="library-grid"
      role="listbox"
      aria-label={t('gridLabel', { count: total })}
      aria-multiselectable="true"
      aria-activedescendant={
        total > 0 && active >= firstPos && active <= lastPos ? `lib-tile-${active}` : undefined
      }
      tabIndex={0}
      onScroll={onScroll}
      onKeyDown={onKeyDown}
    >
      <div className="lib-grid-space" style={{ height: space.space }}>
        {tiles}
      </div>
    </div>
  )
}

interface TileProps {
  pos: number
  tile: LibraryTile | undefined
  x: number
  y: number
  size: number
  selected: boolean
  active: boolean
  version: number
  onOpen(id: string): void
}

/** One tile; memoised so scrolling only renders tiles that enter the view. */
const Tile = memo(function Tile({
  pos,
  tile,
  x,
  y,
  size,
  selected,
  active,
  version,
  onOpen,
}: TileProps) {
  const { t } = useTranslation('library')
  const style = { transform: `translate(${x}px, ${y}px)`, width: size, height: size }
  if (!tile) {
    return (
      <div
        className="lib-tile lib-tile-loading"
        style={style}
        id={`lib-tile-${pos}`}
        role="option"
        aria-selected={false}
        aria-label={t('tileLoading')}
      />
    )
  }
  const onClick = (e: MouseEvent) => {
    const mode = e.shiftKey ? 'range' : e.ctrlKey || e.metaKey ? 'toggle' : 'only'
    void useLibraryStore.getState().select(pos, mode)
  }
  const onDragStart = (e: DragEvent) => {
    const { selection } = useLibraryStore.getState()
    const ids = selection.has(tile.id) ? [...selection] : [tile.id]
    // Remembered for a drop on a collection in the sidebar (components/itemDrag.ts).
    beginItemDrag(e.dataTransfer, ids)
    // Electron performs the OS drag itself (webContents.startDrag) with the real files.
    e.preventDefault()
    useLibraryStore.getState().startDrag(ids)
  }
  const label = t('tileLabel', {
    media: tile.media,
    text: tile.promptPreview || tile.fileName,
    date: formatDateTime(tile.createdAt),
    favourite: tile.favourite ? 'yes' : 'no',
    rating: tile.rating,
    problem: tile.problem ? 'yes' : 'no',
  })
  return (
    <div
      className={`lib-tile${selected ? ' selected' : ''}${active ? ' active' : ''}`}
      style={style}
      id={`lib-tile-${pos}`}
      role="option"
      aria-selected={selected}
      aria-label={label}
      title={tile.promptPreview || tile.fileName}
      data-id={tile.id}
      draggable
      onDragStart={onDragStart}
      onClick={onClick}
      onDoubleClick={() => onOpen(tile.id)}
    >
      {tile.hasThumb ? (
        <img
          src={thumbSrc(tile.id, tile.sha256, version)}
          alt=""
          loading="lazy"
          decoding="async"
          draggable={false}
          onLoad={(e) => {
            ;(e.currentTarget as HTMLImageElement).style.visibility = ''
          }}
          onError={(e) => {
            ;(e.currentTarget as HTMLImageElement).style.visibility = 'hidden'
            useLibraryStore.getState().markMissingThumb(tile.id)
          }}
        />
      ) : (
        <span className="lib-tile-placeholder" aria-hidden="true">
          {tile.media === 'video' ? PLAY_MARK : UNKNOWN_MARK}
        </span>
      )}
      {tile.media === 'video' ? (
        <span className="lib-badge lib-badge-video" aria-hidden="true">
          {PLAY_MARK} {tile.durationSec ? formatDuration(tile.durationSec) : ''}
        </span>
      ) : null}
      {tile.favourite ? (
        <span className="lib-badge lib-badge-fav" aria-hidden="true">
          {STAR_ON}
        </span>
      ) : null}
      {tile.rating ? (
        <span className="lib-badge lib-badge-rating" aria-hidden="true">
          {STAR_ON}
          {tile.rating}
        </span>
      ) : null}
      {tile.problem ? (
        <span className="lib-badge lib-badge-problem" aria-hidden="true" title={tile.problem}>
          {PROBLEM_MARK}
        </span>
      ) : null}
    </div>
  )
})
