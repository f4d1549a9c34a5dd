import { ConnectionForm } from '@renderer/features/settings/ConnectionForm'
import { DemoOffer } from '@renderer/features/settings/DemoOffer'
import SettingsScreen from '@renderer/features/settings/SettingsScreen'
import { SyncPanel } from '@renderer/features/settings/SyncPanel'
import { startI18n } from '@renderer/i18n/setup'
import { useSettingsStore } from '@renderer/stores/settings'
import { initialState } from '@renderer/stores/settings/initialState'
import { fakeMain } from '@test/support/generateScreens'
import { settingsView } from '@test/support/settingsViewFixture'
import { syncStatus } from '@test/support/syncStatusFixture'
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'

beforeEach(async () => {
  await startI18n('ko')
})
afterEach(async () => {
  cleanup()
  useSettingsStore.setState(initialState)
  await startI18n('en')
})

/** Key names and raw values that must never reach the screen as words. */
const RAW = /\b(demoTry|urlNotHttp|syncTransfers|syncEngineSyncthing|syncthing:|dropbox)\b/

describe('Settings in Korean (issue #34)', () => {
  it('first run: the connection form and the demo offer, with the address rule in Korean', async () => {
    fakeMain()
    const { container } = render(
      <>
        <ConnectionForm submitLabel="연결" />
        <DemoOffer />
      </>,
    )
    expect(screen.getByRole('button', { name: '오프라인 데모 사용해 보기' })).toBeTruthy()
    fireEvent.change(screen.getByLabelText('서비스 주소'), { target: { value: 'ftp://x.example' } })
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: '연결' }))
    })
    expect(screen.getByText('주소는 https://로 시작해야 합니다')).toBeTruthy()
    expect(screen.getByText('계정의 API 키를 붙여 넣으세요')).toBeTruthy()
    expect(container.textContent).not.toMatch(RAW)
    // The shared check still answers in English: only its Korean label may show.
    expect(container.textContent).not.toContain('The address must start with https://')
  })

  it('sync: the engine as a label, counts inside the sentence', async () => {
    const status = syncStatus({ problems: [], trash: [], trashCount: 0 })
    fakeMain({ 'sync:status': () => ({ ok: true, value: status }) })
    const { container } = render(<SyncPanel />)
    const state = await screen.findByLabelText('동기화 상태')
    expect(state.textContent).toContain('Syncthing(폴더에 .stfolder 표시 파일이 있음)')
    expect(state.textContent).toContain('전송 2건 진행 중, 파일 1개 완료 대기 중')
    expect(screen.getByText('라이브러리 휴지통이 비어 있습니다.')).toBeTruthy()
    expect(container.textContent).not.toMatch(RAW)
  })

  it('test connection: the account’s models by their names, the counts inside the sentence', async () => {
    fakeMain({
      'account:testConnection': () => ({
        ok: true,
        value: { models: ['std-image-2', 'x-unknown'], usable: ['std-image-2'], checkedAt: 1 },
      }),
    })
    useSettingsStore.setState({ settings: settingsView() })
    render(<SettingsScreen />)
    expect(screen.getByRole('heading', { name: '설정', level: 1 })).toBeTruthy()
    expect(screen.getByTestId('key-status').textContent).toBe('Secret Service에 저장됨 (…1234)')
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: '연결 테스트' }))
    })
    const check = await screen.findByTestId('connection-check')
    expect(check.textContent).toContain('앱의 모델 1개를 사용할 수 있습니다(서비스 목록에는 2개)')
    expect(check.textContent).toContain('Standard Image 2')
    expect(check.textContent).not.toContain('std-image-2')
  })
})
