import { defineKeys } from '@shared/i18n/keys'

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

/** Row and column names of the grid (top to bottom, left to right), for cell labels. */
export const ROW_KEYS = defineKeys('common', {
  1: 'gridRowTop',
  2: 'gridRowUpper',
  3: 'gridRowMiddle',
  4: 'gridRowLower',
  5: 'gridRowBottom',
})
export const COLUMN_KEYS = defineKeys('common', {
  A: 'gridColLeft',
  B: 'gridColLeftOfCentre',
  C: 'gridColCentre',
  D: 'gridColRightOfCentre',
  E: 'gridColRight',
})

/**
 * The parts of "C3 — middle, centre", a cell name a screen reader can say: the cell and the keys
 * of its row and column names (the component words them with `t('gridCell', …)`).
 */
export function cellParts(cell: string): {
  row: (typeof ROW_KEYS)[keyof typeof ROW_KEYS]
  column: (typeof COLUMN_KEYS)[keyof typeof COLUMN_KEYS]
} {
  const col = (GRID_COLUMNS as readonly string[]).includes(cell[0] ?? '')
    ? (cell[0] as (typeof GRID_COLUMNS)[number])
    : 'C'
  const row = (GRID_ROWS as readonly string[]).includes(cell.slice(1))
    ? (Number(cell.slice(1)) as 1 | 2 | 3 | 4 | 5)
    : 3
  return { row: ROW_KEYS[row], column: COLUMN_KEYS[col] }
}

export const ALL_CELLS: readonly string[] = GRID_ROWS.flatMap((r) =>
  GRID_COLUMNS.map((c) => `${c}${r}`),
)

/** A new character placed left to right across the middle row, so two are never on top of each other. */
export function newCharacter(index: number): CharacterDraft {
  const cols = ['B', 'D', 'C', 'A', 'E']
  return { prompt: '', negativePrompt: '', position: `${cols[index % cols.length]}3` }
}
