/**
 * The fields the queue's edit dialog offers per kind of task (the prompt, the negative prompt, the
 * seed and the kind's main settings), how they are read from and written into a request, and the
 * live check and price of the edited request, with the same shared validators and estimate the
 * forms and main use.
 */
import {
  validateImageGeneration,
  validateNative,
  validateVideo,
  type Validation,
} from '@shared/catalog'
import { costOf } from '@shared/tasks/estimate'
import type { TaskKind } from '@shared/tasks/states'
import type { SubmitTaskInput } from '@shared/tasks/submit'

import { FIELD_LABELS, type FieldLabelKey } from './labels'

/** One editable field: where it sits in the request (dotted path) and how it is typed. */
export interface EditField {
  path: string
  /** Its name, a `tasks` key (labels.ts). */
  label: FieldLabelKey
  type: 'prompt' | 'text' | 'number'
}

const F = FIELD_LABELS
const prompt = (path = 'prompt'): EditField => ({ path, label: F.prompt, type: 'prompt' })
const text = (path: string, label: FieldLabelKey): EditField => ({ path, label, type: 'text' })
const num = (path: string, label: FieldLabelKey): EditField => ({ path, label, type: 'number' })

const IMAGE = [
  prompt(),
  text('quality', F.quality),
  text('size', F.size),
  text('aspect_ratio', F.aspect_ratio),
]

/** What each kind's dialog shows (a quoted workbench request cannot be edited: main refuses it). */
export const EDIT_FIELDS: Readonly<Record<Exclude<TaskKind, 'workbench'>, EditField[]>> = {
  image: IMAGE,
  edit: IMAGE,
  video: [
    prompt(),
    num('duration', F.duration),
    text('resolution', F.resolution),
    text('aspect_ratio', F.aspect_ratio),
  ],
  native: [
    prompt('input'),
    text('parameters.negative_prompt', F.negative_prompt),
    num('parameters.seed', F.seed),
    num('parameters.width', F.width),
    num('parameters.height', F.height),
    num('parameters.steps', F.steps),
  ],
}

/** Whether the queue can edit a task of this kind. */
export const editable = (kind: TaskKind): kind is Exclude<TaskKind, 'workbench'> =>
  kind !== 'workbench'

function read(request: Record<string, unknown>, path: string): unknown {
  let at: unknown = request
  for (const key of path.split('.')) at = (at as Record<string, unknown> | undefined)?.[key]
  return at
}

/** The fields' values as the dialog edits them (text; empty: not set). */
export function valuesOf(fields: readonly EditField[], request: Record<string, unknown>) {
  const values: Record<string, string> = {}
  for (const f of fields) {
    const v = read(request, f.path)
    values[f.path] = v === undefined || v === null ? '' : String(v)
  }
  return values
}

/**
 * The request with the dialog's values written in (a copy): an empty field is removed, a number
 * field holds a number when it reads as one (else its text, for the validator to name).
 */
export function requestWith(
  request: Record<string, unknown>,
  fields: readonly EditField[],
  values: Record<string, string>,
): Record<string, unknown> {
  const next = structuredClone(request)
  for (const f of fields) {
    const keys = f.path.split('.')
    let at = next
    for (const key of keys.slice(0, -1)) {
      if (typeof at[key] !== 'object' || at[key] === null) at[key] = {}
      at = at[key] as Record<string, unknown>
    }
    const last = keys[keys.length - 1]!
    const raw = values[f.path] ?? ''
    if (raw.trim() === '' && f.type !== 'prompt') delete at[last]
    else if (f.type === 'number' && Number.isFinite(Number(raw))) at[last] = Number(raw)
    else at[last] = raw
  }
  return next
}

/** The edited request as a submission of its kind (its files stand in by count only). */
export function inputOf(kind: TaskKind, request: Record<string, unknown>, references: number) {
  const input = { kind, request } as SubmitTaskInput
  if (input.kind === 'edit') input.images = Array.from({ length: references }, () => 'reference')
  return input
}

/**
 * The shared catalog's check of the edited request, field by field (the form's rules; main checks
 * again). An edit's references and a native source image are files main checks: not here.
 */
export function liveCheck(
  kind: TaskKind,
  request: Record<string, unknown>,
): Record<string, string> {
  let v: Validation = { ok: true }
  if (kind === 'image') v = validateImageGeneration(request)
  else if (kind === 'video') v = validateVideo(request)
  else if (kind === 'native') v = validateNative(request)
  if (v.ok) return {}
  return Object.fromEntries(
    Object.entries(v.fields).filter(([k]) => !/^parameters\.(image|mask)$/.test(k)),
  )
}

/** The edited request's estimate, as main will journal it. */
export const priceOf = (kind: TaskKind, request: Record<string, unknown>, references: number) =>
  costOf(inputOf(kind, request, references))

/** Main's field errors by the dialog's paths (a shape error names `request.<path>`). */
export const fieldErrorsOf = (fields: Record<string, string> | undefined): Record<string, string> =>
  Object.fromEntries(Object.entries(fields ?? {}).map(([k, m]) => [k.replace(/^request\./, ''), m]))
