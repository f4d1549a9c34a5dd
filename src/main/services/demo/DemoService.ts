import type { SettingsView } from '@shared/ipc/contract'
import { fail } from '@shared/result'

import { t } from '../../i18n'
import type { SettingsService } from '../settings/SettingsService'

/** The part of the simulator the demo needs (kept narrow so the module loads lazily). */
export interface DemoSimulator {
  baseUrl: string
  accounts: { full: { key: string } }
  close(): Promise<void>
}

export interface DemoServiceOptions {
  settings: SettingsService
  /** Starts the bundled simulator; loaded only when the user asks for the demo. */
  startSimulator: () => Promise<DemoSimulator>
}

/**
 * "Try the offline demo": runs the bundled service simulator inside main on a random loopback port
 * and points the app at it with a demo account, in memory only. The stored address and the
 * keychain entry are never touched, so leaving the demo restores the real connection as it was.
 */
export class DemoService {
  private simulator: DemoSimulator | null = null
  private starting: Promise<SettingsView> | null = null

  constructor(private readonly options: DemoServiceOptions) {}

  get active(): boolean {
    return this.simulator !== null
  }

  start(): Promise<SettingsView> {
    if (this.simulator) return this.options.settings.view()
    this.starting ??= this.launch().finally(() => {
      this.starting = null
    })
    return this.starting
  }

  private async launch(): Promise<SettingsView> {
    let simulator: DemoSimulator
    try {
      simulator = await this.options.startSimulator()
    } catch (e) {
      return fail('internal', t('demoStartFailed', { detail: (e as Error).message }), {
        action: t('demoStartFailedAction'),
      })
    }
    this.simulator = simulator
    return this.options.settings.setDemo({
      baseUrl: simulator.baseUrl,
      key: simulator.accounts.full.key,
    })
  }

  async stop(): Promise<SettingsView> {
    await this.starting?.catch(() => undefined)
    if (!this.simulator) return this.options.settings.view()
    const simulator = this.simulator
    this.simulator = null
    const view = await this.options.settings.setDemo(null)
    await simulator?.close()
    return view
  }
}
