/** Whether a secure OS store can be used, and if not, why (shown to the user). */
export interface SecretStoreStatus {
  available: boolean
  backend: string
  reason?: string
}

/**
 * Where the API key lives. Production uses the OS keychain (keytar); there is deliberately no
 * plaintext fallback: when no secure store exists, `set` refuses with `no_secure_store`.
 * `account` is the base URL's origin, so each service keeps its own key.
 */
export interface SecretStore {
  status(): Promise<SecretStoreStatus>
  get(account: string): Promise<string | null>
  set(account: string, secret: string): Promise<void>
  delete(account: string): Promise<boolean>
}
