import { PROJECT_NAME_MAX, projectNameProblem } from '@shared/spending/project'
import type { PeriodCaps } from '@shared/spending/types'

import { translate } from '../../i18n/translate'
import { parseCap } from './budgetForm'

/** One project's caps as typed ('' = no cap). */
export interface ProjectCapsRow {
  project: string
  daily: string
  monthly: string
}

const text = (v: number | null | undefined): string => (v == null ? '' : String(v))

/**
 * The rows the project caps panel shows: every project with caps (by name), and the active
 * project first when it has none yet, so capping it is one field away.
 */
export function projectRowsFrom(
  perProject: Record<string, PeriodCaps> | undefined,
  active: string | null,
): ProjectCapsRow[] {
  const rows = Object.entries(perProject ?? {})
    .map(([project, c]) => ({ project, daily: text(c.dailyUsd), monthly: text(c.monthlyUsd) }))
    .sort((a, b) => a.project.localeCompare(b.project))
  if (active !== null && !rows.some((r) => r.project === active))
    rows.unshift({ project: active, daily: '', monthly: '' })
  return rows
}

/**
 * The project caps to save, or the message of each field that is wrong (keyed
 * `<project>.daily` / `<project>.monthly`). A row with both fields empty has no caps and is left
 * out. The limits are the overall caps' (main checks again).
 */
export function parseProjectRows(
  rows: readonly ProjectCapsRow[],
):
  | { ok: true; perProject: Record<string, PeriodCaps> }
  | { ok: false; errors: Record<string, string> } {
  const errors: Record<string, string> = {}
  const perProject: Record<string, PeriodCaps> = {}
  for (const r of rows) {
    const daily = parseCap(r.daily)
    const monthly = parseCap(r.monthly)
    if (daily.error) errors[`${r.project}.daily`] = daily.error
    if (monthly.error) errors[`${r.project}.monthly`] = monthly.error
    if (daily.value !== null || monthly.value !== null)
      perProject[r.project.trim()] = { dailyUsd: daily.value, monthlyUsd: monthly.value }
  }
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, perProject }
}

/** Why `name` cannot be added as a row (a bad name, or one already listed), or null. */
export function newProjectProblem(name: string, rows: readonly ProjectCapsRow[]): string | null {
  // The shared check words its answer in English: the same three cases, in the language.
  if (projectNameProblem(name)) {
    const trimmed = name.trim()
    if (trimmed === '') return translate('spending', 'projectNameEmpty')
    if (trimmed.length > PROJECT_NAME_MAX)
      return translate('spending', 'projectNameLong', { max: PROJECT_NAME_MAX })
    return translate('spending', 'projectNameControl')
  }
  return rows.some((r) => r.project === name.trim()) ? translate('spending', 'projectListed') : null
}
