import { ProblemReportPanel } from '@renderer/features/settings/ProblemReportPanel'
import { fakeMain, resetScreensEachTest } from '@test/support/generateScreens'
import { fireEvent, render, screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'

resetScreensEachTest()

describe('Settings: report a problem', () => {
  it('shows every file of the bundle before saving, and saves that bundle', async () => {
    const main = fakeMain({
      'crash:status': () => ({
        ok: true,
        value: { dir: '/c', dumps: [], totalBytes: 0, maxBytes: 100, maxDumps: 20 },
      }),
      'crash:previewReport': () => ({
        ok: true,
        value: {
          id: 'r1',
          totalBytes: 30,
          entries: [
            { name: 'README.txt', bytes: 10, text: 'nothing was sent', truncated: false },
            { name: 'diagnostics.jsonl', bytes: 20, text: '{"scope":"tasks"}', truncated: false },
          ],
        },
      }),
      'crash:saveReport': () => ({ ok: true, value: { path: '/home/u/report.zip' } }),
    })
    render(<ProblemReportPanel />)
    await waitFor(() =>
      expect(screen.getByTestId('crash-status').textContent).toMatch(
        /never uploaded.*0 crash dumps/,
      ),
    )
    fireEvent.click(screen.getByRole('button', { name: 'Report a problem…' }))
    const preview = await screen.findByTestId('report-preview')
    expect(preview.textContent).toContain('README.txt')
    expect(preview.textContent).toContain('{"scope":"tasks"}')
    fireEvent.click(screen.getByRole('button', { name: 'Save report…' }))
    await waitFor(() =>
      expect(screen.getByTestId('report-saved').textContent).toBe(
        'Saved to /home/u/report.zip. Nothing was sent.',
      ),
    )
    expect(main.of('crash:saveReport')).toEqual([{ id: 'r1' }])
  })
})
