import type { Handlers } from '@shared/ipc/contract'

import type { Container } from '../../container'

/** demo:* channels: the offline demo on the bundled simulator. */
export const demoHandlers = (c: Container) =>
  ({
    'demo:start': () => c.demo.start(),
    'demo:stop': () => c.demo.stop(),
  }) satisfies Partial<Handlers>
