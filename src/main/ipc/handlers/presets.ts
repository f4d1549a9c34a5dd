import type { Handlers } from '@shared/ipc/contract'

import type { Container } from '../../container'

/** presets:* channels: one form's named presets (services/presets/PresetStore). */
export const presetsHandlers = (c: Container) =>
  ({
    'presets:list': ({ form }) => c.presets.list(form),
    'presets:save': ({ form, name, fields }) => c.presets.save(form, name, fields),
    'presets:delete': ({ form, name }) => c.presets.delete(form, name),
  }) satisfies Partial<Handlers>
