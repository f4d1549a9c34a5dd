/**
 * OS notifications as the services see them. The task engine calls `notify` when a long task
 * ends; whether and how the OS shows it is the adapter's business, so no service imports Electron.
 */
export interface Notifier {
  notify(message: { title: string; body: string; taskId: string }): void
}

/** Records notifications instead of showing them: tests, the browser e2e bridge, headless runs. */
export class RecordingNotifier implements Notifier {
  readonly sent: Array<{ title: string; body: string; taskId: string }> = []
  notify(message: { title: string; body: string; taskId: string }): void {
    this.sent.push({ ...message })
  }
}
