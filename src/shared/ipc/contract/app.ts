/** The `app:` channels: what the app is (About, bug reports) and reloading a window. */
import { channel, type DomainChannels, empty } from './define'

/** Name, version and runtime versions, as the About box and bug reports show them. */
export interface AppInfo {
  name: string
  version: string
  platform: string
  /** Versions of the runtime parts, for the About box and bug reports. */
  versions: Record<string, string>
}

/** The app's own channels, answered without any service. */
export const appChannels = {
  'app:info': channel<AppInfo>()('Name, version and platform for About and bug reports.', empty),
  'app:reload': channel<null>()(
    'Load the app again in the window that asks: the Reload button of the page shown after a failed load or a renderer crash.',
    empty,
  ),
} as const satisfies DomainChannels<'app'>
