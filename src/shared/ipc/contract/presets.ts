/** The `presets:` channels: each form's named parameter sets (never the prompt or reference files). */
import { z } from 'zod'

import {
  type Preset,
  presetFieldsSchema,
  presetFormSchema,
  presetNameSchema,
} from '../../presets/schemas'
import { channel, type DomainChannels } from './define'

/** Every answer is the form's presets after the change. */
export const presetsChannels = {
  'presets:list': channel<Preset[]>()(
    "One form's named presets (saved parameters, never the prompt or reference files), by name.",
    z.object({ form: presetFormSchema }).strict(),
  ),
  'presets:save': channel<Preset[]>()(
    "Create or replace a form's named preset (userData/presets.json, written atomically); answers the form's presets.",
    z
      .object({ form: presetFormSchema, name: presetNameSchema, fields: presetFieldsSchema })
      .strict(),
  ),
  'presets:delete': channel<Preset[]>()(
    "Delete a form's named preset; answers the form's presets.",
    z.object({ form: presetFormSchema, name: presetNameSchema }).strict(),
  ),
} as const satisfies DomainChannels<'presets'>
