import { defineKeys } from '@shared/i18n/keys'
import type { AppError } from '@shared/result'

/**
 * The statuses the service reports for a running task (its own words: `in_progress`, and
 * `generating` from a workbench stream). A status not listed here is not shown: the state says
 * enough, and a raw service word is not a label.
 */
export const SERVER_STATUS_LABELS = defineKeys('tasks', {
  queued: 'serverQueued',
  in_progress: 'serverInProgress',
  generating: 'serverGenerating',
  completed: 'serverCompleted',
  failed: 'serverFailed',
})

export const serverStatusKey = (
  status: string | null,
): (typeof SERVER_STATUS_LABELS)[keyof typeof SERVER_STATUS_LABELS] | null =>
  status !== null && Object.hasOwn(SERVER_STATUS_LABELS, status)
    ? SERVER_STATUS_LABELS[status as keyof typeof SERVER_STATUS_LABELS]
    : null

/** Our advice by error code, when the service gave none (main's `action` comes translated). */
export const ADVICE_KEYS = defineKeys('tasks', {
  validation: 'adviceValidation',
  auth: 'adviceAuth',
  forbidden: 'adviceForbidden',
  model_unavailable: 'adviceModelUnavailable',
  not_found: 'adviceNotFound',
  storage: 'adviceStorage',
  server: 'adviceServer',
}) satisfies Partial<Record<AppError['code'], string>>

export const adviceKey = (code: AppError['code']) =>
  Object.hasOwn(ADVICE_KEYS, code) ? ADVICE_KEYS[code as keyof typeof ADVICE_KEYS] : null

/**
 * Request fields by the last part of their path (`parameters.steps` → steps), as the edit dialog
 * labels them and as field errors name them; the service's field names are not words.
 */
export const FIELD_LABELS = defineKeys('tasks', {
  prompt: 'fieldPrompt',
  input: 'fieldPrompt',
  negative_prompt: 'fieldNegativePrompt',
  seed: 'fieldSeed',
  width: 'fieldWidth',
  height: 'fieldHeight',
  steps: 'fieldSteps',
  quality: 'fieldQuality',
  size: 'fieldSize',
  aspect_ratio: 'fieldAspectRatio',
  duration: 'fieldDuration',
  resolution: 'fieldResolution',
  model: 'fieldModel',
  model_variant: 'fieldModelVariant',
  n: 'fieldCount',
  n_samples: 'fieldCount',
  count: 'fieldCount',
  scale: 'fieldScale',
  sampler: 'fieldSampler',
  mode: 'fieldMode',
  image: 'fieldImage',
  images: 'fieldImage',
  mask: 'fieldMask',
})

export type FieldLabelKey = (typeof FIELD_LABELS)[keyof typeof FIELD_LABELS]

/** The label key of a request field's path (`request.parameters.steps` → fieldSteps); null when unknown. */
export function fieldLabelKey(path: string): FieldLabelKey | null {
  const last = path.split('.').pop() ?? path
  return Object.hasOwn(FIELD_LABELS, last) ? FIELD_LABELS[last as keyof typeof FIELD_LABELS] : null
}
