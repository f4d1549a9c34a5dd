/** The `shell:` channel: handing a web link to the OS browser (never opened inside the app). */
import { z } from 'zod'

import { channel, type DomainChannels } from './define'

/** Links leave the app only through here, and only as http(s). */
export const shellChannels = {
  'shell:openExternal': channel<null>()(
    'Open an http(s) link in the OS browser. Any other scheme is refused.',
    z.object({ url: z.string().max(8192) }).strict(),
  ),
} as const satisfies DomainChannels<'shell'>
