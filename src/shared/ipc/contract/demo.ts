/** The `demo:` channels: entering and leaving the offline demo (the bundled simulator). */
import { channel, type DomainChannels, empty } from './define'
import type { SettingsView } from './settings'

/** Both answer the settings as they are afterwards (the demo swaps the address and the key). */
export const demoChannels = {
  'demo:start': channel<SettingsView>()(
    'Start the offline demo: the bundled simulator on loopback with a demo account (no key needed).',
    empty,
  ),
  'demo:stop': channel<SettingsView>()(
    'Leave the demo; the real address and keychain entry come back untouched.',
    empty,
  ),
} as const satisfies DomainChannels<'demo'>
