import { afterEach, describe, expect, it, vi } from 'vitest'

const shown: Array<{ title: string; body: string }> = []
vi.mock('electron', () => ({
  Notification: class {
    static isSupported = () => true
    constructor(private readonly o: { title: string; body: string }) {}
    show() {
      shown.push(this.o)
    }
  },
}))

import { ElectronNotifier } from '../../../src/main/adapters/notifications/ElectronNotifier'

const flush = () => new Promise((r) => setTimeout(r, 10))

afterEach(() => {
  shown.length = 0
  delete (process.versions as Record<string, string | undefined>).electron
})

describe('ElectronNotifier', () => {
  it('outside Electron it never loads electron (which would try to fetch its binary)', async () => {
    new ElectronNotifier().notify({ title: 'Video ready', body: 'x', taskId: 't' })
    await flush()
    expect(shown).toEqual([])
  })

  it('inside Electron it shows an OS notification', async () => {
    Object.defineProperty(process.versions, 'electron', { value: '45.0.0', configurable: true })
    new ElectronNotifier().notify({
      title: 'Video ready',
      body: 'Saved to the library',
      taskId: 't',
    })
    await flush()
    expect(shown).toEqual([{ title: 'Video ready', body: 'Saved to the library' }])
  })
})
