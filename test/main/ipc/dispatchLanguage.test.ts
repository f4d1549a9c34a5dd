import { setMainLanguage } from '@main/i18n'
import { dispatch } from '@main/ipc/dispatch'
import { createTestApp } from '@test/support/testContainer'
import { afterEach, describe, expect, it } from 'vitest'

const cleanups: Array<() => Promise<void>> = []
afterEach(async () => {
  setMainLanguage('en')
  for (const c of cleanups.splice(0)) await c()
})

describe('errors crossing IPC speak the language main speaks', () => {
  it('a bad project name: the field message (shared) and the error (main) in Japanese', async () => {
    const app = createTestApp()
    cleanups.push(() => app.close())
    setMainLanguage('ja')
    const bad = await dispatch(
      app.handlers,
      'settings:setProject',
      { project: '' },
      { senderId: 1 },
    )
    expect(bad).toEqual({
      ok: false,
      error: {
        code: 'validation',
        message: 'project：プロジェクト名を入力してください',
        fields: { project: 'プロジェクト名を入力してください' },
      },
    })
    const unknown = await dispatch(app.handlers, 'no:such', {}, { senderId: 1 })
    expect(unknown).toMatchObject({ error: { message: '不明な IPC チャンネル「no:such」です。' } })
  })

  it('the same refusal in English once the language is English again', async () => {
    const app = createTestApp()
    cleanups.push(() => app.close())
    const bad = await dispatch(
      app.handlers,
      'settings:setProject',
      { project: ' ' },
      { senderId: 1 },
    )
    expect(bad).toMatchObject({ error: { message: 'project: Enter a project name' } })
  })
})
