/**
 * Named presets (issue #16): a saved set of one form's parameters, applied in one click. Main
 * stores them (userData/presets.json) without knowing a form's fields: the renderer owns the
 * draft shapes, so a preset's fields are a bounded map of plain values that the renderer merges
 * back onto a draft field by field (renderer/forms/presets.ts).
 */
import { z } from 'zod'

/** The forms that have presets (the renderer's FormId). */
export const PRESET_FORMS = ['images', 'video', 'art', 'workbench'] as const
export const presetFormSchema = z.enum(PRESET_FORMS)
export type PresetForm = z.infer<typeof presetFormSchema>

/** How many presets one form keeps: a menu, not a library. */
export const MAX_PRESETS_PER_FORM = 100

export const presetNameSchema = z
  .string()
  .trim()
  .min(1, 'Name the preset')
  .max(80, 'A preset name has at most 80 characters')

const scalar = z.union([z.string().max(20_000), z.number().finite(), z.boolean(), z.null()])
const value = z.union([
  scalar,
  z.array(z.union([scalar, z.record(z.string().max(64), scalar)])).max(50),
])

/** A preset's fields: draft keys to their values (strings as typed, booleans, short lists). */
export const presetFieldsSchema = z
  .record(z.string().min(1).max(64), value)
  .refine((o) => Object.keys(o).length <= 64, 'A preset has at most 64 fields')
export type PresetFields = z.infer<typeof presetFieldsSchema>

export const presetSchema = z
  .object({
    form: presetFormSchema,
    name: presetNameSchema,
    fields: presetFieldsSchema,
    /** When it was last saved (ms since epoch). */
    savedAt: z.number().int().nonnegative(),
  })
  .strict()
export type Preset = z.infer<typeof presetSchema>
