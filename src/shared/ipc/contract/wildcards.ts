/** The `wildcards:` channels: the named lists a prompt's `__name__` draws from in a batch. */
import { z } from 'zod'

import { wildcardListSchema, wildcardNameSchema } from '../../batch/schemas'
import type { WildcardList } from '../../batch/types'
import { channel, type DomainChannels, empty } from './define'

/** Every answer is the whole set of lists after the change. */
export const wildcardsChannels = {
  'wildcards:list': channel<WildcardList[]>()(
    'The named wildcard lists (`__name__` in a prompt), by name.',
    empty,
  ),
  'wildcards:save': channel<WildcardList[]>()(
    'Create or replace a named list.',
    wildcardListSchema,
  ),
  'wildcards:delete': channel<WildcardList[]>()(
    'Delete a named list.',
    z.object({ name: wildcardNameSchema }).strict(),
  ),
} as const satisfies DomainChannels<'wildcards'>
