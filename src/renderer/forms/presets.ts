import type { PresetFields } from '@shared/presets/schemas'

import type { Drafts, FormId } from '../stores/forms'

/**
 * Draft fields a preset never holds. A preset is the parameters (model, size, steps, sampler,
 * seed mode, negative prompt…), applied to whatever is being made: so never the prompt or the
 * character prompts (the content), nor the references (image or video URLs and the reference
 * video mode, whose files change every time; reference files are never in a draft at all).
 */
export const PRESET_EXCLUDED: { readonly [F in FormId]: ReadonlyArray<keyof Drafts[F]> } = {
  images: ['prompt', 'imageUrls'],
  video: ['prompt', 'referenceMode', 'referenceUrls', 'inputVideoSeconds'],
  art: ['prompt', 'characters'],
  workbench: ['prompt', 'characters'],
}

const excluded = (form: FormId, key: string) =>
  (PRESET_EXCLUDED[form] as readonly string[]).includes(key)

/** The fields "Save current settings as…" stores: the draft minus PRESET_EXCLUDED. */
export function presetFieldsOf<F extends FormId>(form: F, draft: Drafts[F]): PresetFields {
  const out: PresetFields = {}
  for (const [key, value] of Object.entries(draft as object)) {
    if (!excluded(form, key)) out[key] = structuredClone(value) as PresetFields[string]
  }
  return out
}

/**
 * The draft after applying a preset: every saved field the form still has, with the type it has
 * (a preset from an older build cannot put a number where text belongs); the excluded fields and
 * anything the preset does not mention keep their current values. `skipped` names saved fields
 * this form no longer has.
 */
export function applyPreset<F extends FormId>(
  form: F,
  current: Drafts[F],
  fields: PresetFields,
): { draft: Drafts[F]; skipped: string[] } {
  const draft = structuredClone(current) as unknown as Record<string, unknown>
  const skipped: string[] = []
  for (const [key, value] of Object.entries(fields)) {
    const now = draft[key]
    const fits =
      key in draft &&
      !excluded(form, key) &&
      (Array.isArray(now) ? Array.isArray(value) : typeof now === typeof value)
    if (fits) draft[key] = structuredClone(value)
    else skipped.push(key)
  }
  return { draft: draft as unknown as Drafts[F], skipped }
}
