import type { CharacterDraft } from '../stores/forms'

/**
 * Character positions on the art models' 5 × 5 grid: columns A–E left to right, rows 1–5 top to
 * bottom, each cell's centre in 0..1 image coordinates (the NovelAI convention: 0.1, 0.3, … 0.9).
 */
export const GRID_COLUMNS = ['A', 'B', 'C', 'D', 'E'] as const
export const GRID_ROWS = ['1', '2', '3', '4', '5'] as const

const CENTERS = [0.1, 0.3, 0.5, 0.7, 0.9]

export function cellCenter(cell: string): { x: number; y: number } {
  const col = GRID_COLUMNS.indexOf(cell[0] as (typeof GRID_COLUMNS)[number])
  const row = GRID_ROWS.indexOf(cell.slice(1) as (typeof GRID_ROWS)[number])
  return { x: CENTERS[col] ?? 0.5, y: CENTERS[row] ?? 0.5 }
}

/** The grid cell nearest to a centre read back from saved settings. */
export function cellFor(center: { x: number; y: number }): string {
  const nearest = (v: number) =>
    CENTERS.reduce((best, c, i) => (Math.abs(c - v) < Math.abs(CENTERS[best]! - v) ? i : best), 0)
  return `${GRID_COLUMNS[nearest(center.x)]}${GRID_ROWS[nearest(center.y)]}`
}

const ROW_NAMES = ['top', 'upper', 'middle', 'lower', 'bottom']
const COL_NAMES = ['left', 'left of centre', 'centre', 'right of centre', 'right']

/** "C3 — middle, centre": a cell name a screen reader can say. */
export function cellLabel(cell: string): string {
  const col = GRID_COLUMNS.indexOf(cell[0] as (typeof GRID_COLUMNS)[number])
  const row = GRID_ROWS.indexOf(cell.slice(1) as (typeof GRID_ROWS)[number])
  return `${cell} — ${ROW_NAMES[row] ?? ''}, ${COL_NAMES[col] ?? ''}`
}

export const ALL_CELLS: readonly string[] = GRID_ROWS.flatMap((r) =>
  GRID_COLUMNS.map((c) => `${c}${r}`),
)

/** A new character placed left to right across the middle row, so two are never on top of each other. */
export function newCharacter(index: number): CharacterDraft {
  const cols = ['B', 'D', 'C', 'A', 'E']
  return { prompt: '', negativePrompt: '', position: `${cols[index % cols.length]}3` }
}
