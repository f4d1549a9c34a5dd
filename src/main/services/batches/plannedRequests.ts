import type { PlannedRequest } from '@shared/batch/plan'
import type { PlannedRequestView } from '@shared/batch/types'
import { type AppFailure, fail } from '@shared/result'
import type { TaskKind } from '@shared/tasks/states'
import type { SubmitTaskInput } from '@shared/tasks/submit'

import { t } from '../../i18n'
import type { BatchEntry } from '../admission/Admission'

/*
 * How a batch's planned requests are shown and handed on: the plan's rows, a refusal worded by
 * the cell and axis that made it, and the batch's default title.
 */

/**
 * A request of the plan as admission takes it: a refusal names the request and its axis values,
 * and its field errors point at the axis that set the value when there is one.
 */
export function entryOf(r: PlannedRequest): BatchEntry {
  return {
    input: r.input,
    cell: r.cell,
    relabel: (e: AppFailure) => {
      const where = [r.cell.x && `X ${r.cell.x}`, r.cell.y && `Y ${r.cell.y}`]
        .filter(Boolean)
        .join(', ')
      const number = r.cell.index + 1
      const problem = e.error.message
      return fail(
        'validation',
        where
          ? t('batchRequestCellProblem', { number, cell: where, problem })
          : t('batchRequestProblem', { number, problem }),
        { fields: axisFields(e.error.fields ?? {}, r), action: t('batchRequestAction') },
      )
    },
  }
}

/** A request's field errors, pointed at the axis that set the value when there is one. */
function axisFields(fields: Record<string, string>, r: PlannedRequest): Record<string, string> {
  const first = Object.values(fields)[0] ?? t('notAccepted')
  const out: Record<string, string> = {}
  if (r.cell.x !== null) out['x.values'] = t('fieldProblem', { field: r.cell.x, problem: first })
  if (r.cell.y !== null) out['y.values'] = t('fieldProblem', { field: r.cell.y, problem: first })
  return Object.keys(out).length ? out : { base: first }
}

export function viewOf(
  r: PlannedRequest,
  price: { usd: number | null; label: string },
): PlannedRequestView {
  return {
    index: r.cell.index,
    x: r.cell.x,
    y: r.cell.y,
    repeat: r.cell.repeat,
    picks: r.cell.picks,
    prompt: r.prompt.length > 200 ? `${r.prompt.slice(0, 200)}…` : r.prompt,
    seed: r.seed,
    model: String((r.input.request as { model?: unknown }).model ?? ''),
    estimateUsd: price.usd,
    estimateLabel: price.label,
  }
}

const KIND_WORD: Record<TaskKind, string> = {
  image: 'Images',
  edit: 'Edits',
  video: 'Videos',
  native: 'Art',
  workbench: 'Workbench',
}

export function defaultTitle(base: SubmitTaskInput, count: number): string {
  const model = String((base.request as { model?: unknown }).model ?? '')
  return `${KIND_WORD[base.kind]} × ${count}${model ? ` · ${model}` : ''}`
}
