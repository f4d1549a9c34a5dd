import { randomUUID } from 'node:crypto'

import { KeytarSecretStore } from '@main/adapters/secrets/KeytarSecretStore'
import { createTestApp } from '@test/support/testContainer'
import { describe, expect, it } from 'vitest'

/**
 * Real OS keychain: on Linux a Secret Service (npm test starts gnome-keyring under
 * dbus-run-session). This test never skips; without a keychain it fails and says why.
 */
describe('KeytarSecretStore against the real OS keychain', () => {
  const service = `Gen Studio test ${randomUUID()}`

  it('reports the keychain as available', async () => {
    const status = await new KeytarSecretStore(service).status()
    expect(status, `No usable keychain: ${status.reason ?? ''}`).toMatchObject({ available: true })
  })

  it('stores, reads, replaces and deletes a key', async () => {
    const store = new KeytarSecretStore(service)
    const account = 'https://api.example.com'
    expect(await store.get(account)).toBeNull()
    await store.set(account, 'sk-first-0001')
    expect(await store.get(account)).toBe('sk-first-0001')
    await store.set(account, 'sk-second-0002')
    expect(await store.get(account)).toBe('sk-second-0002')
    expect(await store.delete(account)).toBe(true)
    expect(await store.get(account)).toBeNull()
    expect(await store.delete(account)).toBe(false)
  })

  it('keeps the key out of settings.json and brings it back after a restart', async () => {
    const store = new KeytarSecretStore(service)
    const app = createTestApp({ secrets: store })
    try {
      await app.container.settings.connect(
        'https://keychain.example.com/v1',
        'sk-restart-secret-7777',
      )
      const { createContainer } = await import('@main/container')
      const reopened = createContainer({
        ...app.container.options,
        secrets: new KeytarSecretStore(service),
      })
      expect(await reopened.settings.view()).toMatchObject({ hasKey: true, keyHint: '…7777' })
      expect(await reopened.settings.connection()).toMatchObject({ key: 'sk-restart-secret-7777' })
      await reopened.settings.clearKey()
      expect(await store.get('https://keychain.example.com')).toBeNull()
    } finally {
      await app.close()
    }
  })

  it('refuses with no_secure_store (and stores nothing) when the keychain cannot be loaded', async () => {
    const broken = new KeytarSecretStore(service, () => {
      throw new Error('The name org.freedesktop.secrets was not provided by any .service files')
    })
    expect(await broken.status()).toMatchObject({
      available: false,
      reason: expect.stringMatching(/freedesktop/),
    })
    await expect(broken.set('https://x.example.com', 'sk-nope-0000')).rejects.toMatchObject({
      error: { code: 'no_secure_store' },
    })
  })
})
