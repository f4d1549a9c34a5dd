import TasksScreen from '@renderer/features/tasks/TasksScreen'
import { formatMoneyUsd } from '@renderer/i18n/format'
import { startI18n } from '@renderer/i18n/setup'
import { TASK_STATES } from '@shared/tasks/states'
import { fakeMain, resetScreensEachTest, taskView } from '@test/support/generateScreens'
import { screen, within } from '@testing-library/react'
import { render } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'

import { resetBatchStoreEachTest } from '../batch/fixtures'

resetScreensEachTest()
resetBatchStoreEachTest()
beforeEach(async () => {
  await startI18n('zh-Hans')
})
afterEach(async () => {
  await startI18n('en')
})

const rowOf = (id: string) =>
  screen.getAllByTestId('task').find((el) => el.getAttribute('data-task-id') === id)!

describe('the Tasks screen in Simplified Chinese (issue #34)', () => {
  it('labels states, kinds, the service status and field errors for people, never by their enum', async () => {
    fakeMain({
      'tasks:list': () => ({
        ok: true,
        value: [
          taskView({
            id: 'run',
            kind: 'video',
            state: 'running',
            serverStatus: 'in_progress',
            progress: 0.42,
            startedAt: 1,
            costUsd: 0.25,
            costLabel: '≈ $0.25',
          }),
          taskView({
            id: 'bad',
            kind: 'native',
            state: 'failed',
            createdAt: 2,
            finishedAt: 3,
            costUsd: null,
            costLabel: 'No published rate',
            error: {
              code: 'validation',
              message: '服务拒绝了这个请求',
              fields: { 'request.parameters.steps': '必须不超过 50' },
            },
          }),
          taskView({ id: 'wait', state: 'needs_attention', attention: 'blocked', createdAt: 3 }),
          taskView({
            id: 'quote',
            kind: 'workbench',
            state: 'needs_attention',
            attention: 'quote_changed',
            createdAt: 4,
            quote: { quoteId: 'q1', priceUsd: 0.1, quotedAt: 1 },
            pendingQuote: { quoteId: 'q2', priceUsd: 0.12, quotedAt: 2 },
          }),
        ],
      }),
      'batch:list': () => ({ ok: true, value: [] }),
    })
    render(<TasksScreen />)
    expect(await screen.findByRole('heading', { name: '任务', level: 1 })).toBeTruthy()

    const run = rowOf('run')
    expect(within(run).getByTestId('task-state').textContent).toBe('生成中')
    expect(within(run).getByRole('heading').textContent).toBe('视频 · std-image-2')
    expect(within(run).getByTestId('task-status').textContent).toBe('生成中（处理中） · 42%')
    expect(run.textContent).toContain(`约 ${formatMoneyUsd(0.25)}`)
    expect(formatMoneyUsd(0.25)).toMatch(/0\.25/)

    const bad = rowOf('bad')
    expect(within(bad).getByTestId('task-state').textContent).toBe('失败')
    expect(within(bad).getByTestId('task-error').textContent).toContain('步数：必须不超过 50')
    expect(within(bad).getByTestId('task-error').textContent).toContain('作为新任务重试')
    expect(bad.textContent).toContain('无公开价格')

    expect(within(rowOf('wait')).getByTestId('task-state').textContent).toBe('需要处理')
    expect(screen.getByRole('status').textContent).toBe('有 2 个任务在等你决定。')

    // The price sentence is one message; the new price keeps its test id inside it.
    const quote = rowOf('quote')
    expect(within(quote).getByRole('group', { name: '价格确认' }).textContent).toBe(
      `报价已过期，服务现在给出了不同的价格。之前：${formatMoneyUsd(0.1)} → 现在：${formatMoneyUsd(0.12)}`,
    )
    expect(within(quote).getByTestId('new-price').textContent).toBe(formatMoneyUsd(0.12))
    expect(within(quote).getByTestId('task-status').textContent).toBe('等待你确认价格')

    const shown = document.body.textContent ?? ''
    for (const raw of [
      ...TASK_STATES,
      'in_progress',
      'parameters.steps',
      'native',
      'Video',
      'quote_changed',
    ])
      expect(shown).not.toContain(raw)
    expect(shown).not.toMatch(/\b(stateRunning|kindVideo|statusRunning|adviceValidation)\b/)
  })
})
