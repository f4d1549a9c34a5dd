import { afterEach, describe, expect, it, vi } from 'vitest'

const shown: Array<{ title: string; body: string }> = []
let supported = true
vi.mock('electron', () => ({
  app: {},
  BrowserWindow: {},
  dialog: {},
  nativeImage: {},
  shell: {},
  webContents: {},
  Notification: class {
    static isSupported = () => supported
    constructor(private readonly o: { title: string; body: string }) {}
    show() {
      shown.push(this.o)
    }
  },
}))

import { createElectronPlatform } from '@main/electronPlatform'

afterEach(() => {
  shown.length = 0
  supported = true
})

describe('OS notifications through the Electron platform', () => {
  it('shows an OS notification with the title and body', () => {
    createElectronPlatform({ appUrl: 'app://gen-studio/' }).notify({
      title: 'Video ready',
      body: 'Saved to the library',
      taskId: 't',
    })
    expect(shown).toEqual([{ title: 'Video ready', body: 'Saved to the library' }])
  })

  it('stays silent where the OS has no notifications', () => {
    supported = false
    createElectronPlatform({ appUrl: 'app://gen-studio/' }).notify({
      title: 'Video ready',
      body: 'x',
      taskId: 't',
    })
    expect(shown).toEqual([])
  })
})
