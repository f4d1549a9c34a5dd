import { startSimulator } from '@simulator'
import { describe, expect, it } from 'vitest'

const list = async (baseUrl: string, key: string) => {
  const r = await fetch(`${baseUrl}/v1/models`, { headers: { Authorization: `Bearer ${key}` } })
  return ((await r.json()) as { data: Array<{ id: string }> }).data.map((m) => m.id)
}

describe('GET /v1/models', () => {
  it('lists the models an account may use, plus any it is set to list beyond the catalog', async () => {
    const sim = await startSimulator({
      timeScale: 0.01,
      accounts: { walletOnly: { extraListedModels: ['std-image-9-preview'] } },
    })
    try {
      const full = await list(sim.baseUrl, sim.accounts.full.key)
      expect(full).not.toContain('std-image-9-preview')
      expect(full).not.toContain('compact-2-sfw')
      const wallet = await list(sim.baseUrl, sim.accounts.walletOnly.key)
      expect(wallet.at(-1)).toBe('std-image-9-preview')
      expect(wallet.slice(0, -1)).toEqual(full)
      const restricted = await list(sim.baseUrl, sim.accounts.restricted.key)
      expect(restricted).not.toContain('still-5.0-pro')
      expect(restricted).toContain('std-image-2')
    } finally {
      await sim.close()
    }
  })
})
