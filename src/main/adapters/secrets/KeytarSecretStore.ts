import { AppFailure } from '@shared/result'
import type * as KeytarModule from 'keytar'

import { t } from '../../i18n'
import type { SecretStore, SecretStoreStatus } from './SecretStore'

type Keytar = typeof KeytarModule

const BACKENDS: Record<string, string> = {
  darwin: 'macOS Keychain',
  win32: 'Windows Credential Manager',
  linux: 'Secret Service (GNOME Keyring / KWallet)',
}

/** The service name under which every Gen Studio key is filed in the OS keychain. */
export const KEYCHAIN_SERVICE = 'Gen Studio'

/**
 * The OS keychain through keytar. keytar is loaded lazily so a missing native module or a missing
 * Secret Service daemon shows up as "unavailable" with a reason instead of crashing start-up.
 */
export class KeytarSecretStore implements SecretStore {
  private keytar: Keytar | null = null
  private loadError: string | null = null

  constructor(
    private readonly service = KEYCHAIN_SERVICE,
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- lazy: a missing native module must be reported, not crash start-up
    private readonly load: () => Keytar = () => require('keytar') as Keytar,
  ) {}

  private module(): Keytar {
    if (this.keytar) return this.keytar
    try {
      this.keytar = this.load()
      return this.keytar
    } catch (e) {
      this.loadError = e instanceof Error ? e.message : String(e)
      throw this.unavailable(this.loadError)
    }
  }

  private unavailable(reason: string): AppFailure {
    return new AppFailure({
      code: 'no_secure_store',
      message: t('noSecureStore'),
      action:
        process.platform === 'linux' ? t('noSecureStoreLinuxAction') : t('noSecureStoreAction'),
      serverCode: reason.slice(0, 200),
    })
  }

  async status(): Promise<SecretStoreStatus> {
    const backend = BACKENDS[process.platform] ?? 'OS keychain'
    try {
      // A harmless lookup proves the daemon answers (on Linux a missing Secret Service throws here).
      await this.module().findCredentials(`${this.service} (probe)`)
      return { available: true, backend }
    } catch (e) {
      const reason = e instanceof AppFailure ? (this.loadError ?? e.message) : errorText(e)
      return { available: false, backend, reason }
    }
  }

  async get(account: string): Promise<string | null> {
    try {
      return await this.module().getPassword(this.service, account)
    } catch (e) {
      throw e instanceof AppFailure ? e : this.unavailable(errorText(e))
    }
  }

  async set(account: string, secret: string): Promise<void> {
    try {
      await this.module().setPassword(this.service, account, secret)
    } catch (e) {
      throw e instanceof AppFailure ? e : this.unavailable(errorText(e))
    }
  }

  async delete(account: string): Promise<boolean> {
    try {
      return await this.module().deletePassword(this.service, account)
    } catch (e) {
      throw e instanceof AppFailure ? e : this.unavailable(errorText(e))
    }
  }
}

const errorText = (e: unknown): string => (e instanceof Error ? e.message : String(e))
