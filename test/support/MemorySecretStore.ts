import type { SecretStore, SecretStoreStatus } from '@main/adapters/secrets/SecretStore'

/** In-memory SecretStore for unit tests only; production has no non-keychain store. */
export class MemorySecretStore implements SecretStore {
  readonly entries = new Map<string, string>()
  constructor(private readonly available = true) {}

  async status(): Promise<SecretStoreStatus> {
    return this.available
      ? { available: true, backend: 'memory (tests)' }
      : { available: false, backend: 'memory (tests)', reason: 'disabled for this test' }
  }
  async get(account: string) {
    return this.entries.get(account) ?? null
  }
  async set(account: string, secret: string) {
    if (!this.available) {
      const { AppFailure } = await import('@shared/result')
      throw new AppFailure({
        code: 'no_secure_store',
        message: 'No secure key storage is available.',
      })
    }
    this.entries.set(account, secret)
  }
  async delete(account: string) {
    return this.entries.delete(account)
  }
}
