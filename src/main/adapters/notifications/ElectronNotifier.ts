import type { Notification } from 'electron'

import type { Notifier } from './Notifier'

interface ElectronModule {
  Notification: typeof Notification
}

/**
 * Shows task notifications with Electron's Notification, when the app runs inside Electron and
 * the OS supports them. Electron is loaded only then: outside Electron (tests, the browser e2e
 * bridge) `import('electron')` would try to fetch the Electron binary, so it is never attempted.
 */
export class ElectronNotifier implements Notifier {
  private electron: Promise<ElectronModule | null> | null = null

  private load(): Promise<ElectronModule | null> {
    this.electron ??= process.versions.electron
      ? import('electron').then(
          (m) => m,
          () => null,
        )
      : Promise.resolve(null)
    return this.electron
  }

  notify(message: { title: string; body: string; taskId: string }): void {
    void this.load().then((electron) => {
      const N = electron?.Notification
      if (!N || !N.isSupported()) return
      new N({ title: message.title, body: message.body }).show()
    })
  }
}
