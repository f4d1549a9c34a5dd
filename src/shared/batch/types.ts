/**
 * Batches: many generations from one form, priced in full before the first is sent. A batch is
 * the form's request (the base) times prompt wildcards, an X and a Y axis and a repeat count; each
 * planned request becomes an ordinary task with its own idempotency key.
 */
import type { BudgetRefusal, PaidRepeat } from '../result'
import type { TaskKind, TaskState } from '../tasks/states'

/** Most requests one batch may hold (the plan is shown and priced in full). */
export const MAX_BATCH = 1000
/** Most values on one axis, and most repeats. */
export const MAX_AXIS_VALUES = 50
export const MAX_REPEAT = 100

/**
 * What an axis can vary. `prompt` is search and replace: the first value is a piece of the
 * prompt, each value replaces it in turn (the first keeps the prompt as it is).
 */
export const AXIS_FIELDS = [
  'prompt',
  'model',
  'size',
  'quality',
  'aspect_ratio',
  'duration',
  'resolution',
  'steps',
  'guidance',
  'seed',
  'sampler',
] as const
export type AxisField = (typeof AXIS_FIELDS)[number]

export interface BatchAxis {
  field: AxisField
  /** The values as the user typed them; numbers are parsed per field. */
  values: string[]
}

export interface BatchSpec {
  /** How many times each combination runs (a new seed each time where the model has one). */
  repeat: number
  /**
   * The first seed for repeats (then +1 per repeat) on models with a seed; null takes the form's
   * seed, or 0 when the form has none. Chosen once, so the plan that is priced is the one sent.
   */
  seedBase: number | null
  x: BatchAxis | null
  y: BatchAxis | null
  /** A name for the batch in the Tasks screen and the library filter. */
  title: string
  /**
   * Leave out the requests already paid for with their result in the library (the plan lists
   * them); they are dropped before the batch is priced. Absent: false.
   */
  dropRepeats?: boolean | undefined
}

/** Where one request sits in its batch (kept with the task and in the library sidecar). */
export interface BatchCell {
  batchId: string
  index: number
  /** The axis values of this request, as labels. */
  x: string | null
  y: string | null
  /** 1-based repeat number. */
  repeat: number
  /** The wildcard choices made for this request's prompt (`{a|b}` and `__name__`), in order. */
  picks: string[]
}

/** One planned request, as the confirmation shows it. */
export interface PlannedRequestView {
  index: number
  x: string | null
  y: string | null
  repeat: number
  picks: string[]
  prompt: string
  seed: number | null
  model: string
  /** USD from the price tables; null: no published rate. */
  estimateUsd: number | null
  estimateLabel: string
}

export interface BatchPlanView {
  kind: TaskKind
  count: number
  requests: PlannedRequestView[]
  totalUsd: number
  /** Any request priced by scaling a published price (shown as "≈"). */
  approximate: boolean
  /** Requests with no published rate (counted, not priced). */
  unpriced: number
  /** How long the batch should take with the current concurrency, in seconds. */
  expectedSeconds: number
  /** Whether it fits every budget; when not, the cap it would cross. */
  budget: { fits: boolean; refusal: BudgetRefusal | null }
  xValues: string[]
  yValues: string[]
  /** Named lists the prompt uses that do not exist (the plan refuses these). */
  missingLists: string[]
  /**
   * Requests of the batch already paid for, with their result in the library (issue #29), by
   * cell index; with `dropRepeats` they are left out of `count`, `requests` and the total.
   */
  repeats: BatchRepeatView[]
}

/** One request of a batch that repeats a paid one: "You paid $X for this on <date>". */
export interface BatchRepeatView {
  index: number
  x: string | null
  y: string | null
  repeat: number
  paid: PaidRepeat
  /** Whether the plan left it out (`dropRepeats`). */
  dropped: boolean
}

export const BATCH_STATES = ['running', 'paused', 'cancelled', 'done'] as const
export type BatchState = (typeof BATCH_STATES)[number]

export interface BatchView {
  id: string
  title: string
  kind: TaskKind
  model: string
  createdAt: number
  state: BatchState
  total: number
  /** Tasks of the batch per state. */
  counts: Partial<Record<TaskState, number>>
  estimateUsd: number
  xField: AxisField | null
  yField: AxisField | null
  xValues: string[]
  yValues: string[]
  demo: boolean
  /**
   * "Run first": higher runs its queued tasks before every other batch's and every single task
   * (0: none; the batch given priority last is highest).
   */
  priority: number
}

/** One cell of the batch grid: its task and what it saved. */
export interface BatchGridCell {
  index: number
  x: string | null
  y: string | null
  repeat: number
  taskId: string
  state: TaskState
  /** Library ids of its outputs (first one drawn in the grid). */
  libraryIds: string[]
  relPaths: string[]
}

export interface BatchGridView {
  batch: BatchView
  cells: BatchGridCell[]
}

/** A named wildcard list (`__name__` in a prompt). */
export interface WildcardList {
  name: string
  values: string[]
}
