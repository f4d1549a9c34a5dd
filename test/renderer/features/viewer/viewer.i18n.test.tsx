import { LibraryOverlays } from '@renderer/features/viewer/LibraryOverlays'
import { TileSizeControl } from '@renderer/features/viewer/TileSizeControl'
import { clearItemCache } from '@renderer/features/viewer/useLibraryItem'
import { startI18n } from '@renderer/i18n/setup'
import { useLibraryViewStore } from '@renderer/stores/libraryView'
import { act, cleanup, render, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'

import { item, libraryMain, seedLibrary, tile } from './fixtures'

const items = Object.fromEntries([0, 1].map((n) => [`i${n}`, item(n)]))

/** Words the English screen shows: none may remain once the language is Japanese (the help
 * names the Delete key, which keyboards label in English). */
const ENGLISH = ['Favourite', 'Close viewer', ' of ', 'Fit', 'Tile size', 'Medium', 'Rating']

beforeEach(async () => {
  clearItemCache()
  seedLibrary([tile(0), tile(1)])
  await startI18n('ja')
})
afterEach(async () => {
  cleanup()
  await startI18n('en')
})

describe('the viewer in Japanese (issue #34)', () => {
  it('labels its controls, position, rating and help in Japanese, with no key names', async () => {
    libraryMain(items)
    render(
      <>
        <TileSizeControl />
        <LibraryOverlays />
      </>,
    )
    act(() => useLibraryViewStore.getState().openViewer(1))
    expect(await screen.findByRole('img', { name: 'prompt 1' })).toBeTruthy()
    expect(screen.getByRole('button', { name: /お気に入り/ })).toBeTruthy()
    expect(screen.getByRole('button', { name: 'ビューアーを閉じる' })).toBeTruthy()
    expect(screen.getByRole('button', { name: '削除' })).toBeTruthy()
    expect(screen.getByRole('img', { name: '評価 0 / 5' })).toBeTruthy()
    expect(screen.getByTestId('viewer-pos').textContent).toBe('2 / 2')
    expect(screen.getByTestId('viewer-zoom').textContent).toMatch(/^全体表示/)
    expect(screen.getByLabelText('タイルの大きさ')).toBeTruthy()
    expect(screen.getByRole('option', { name: '中' })).toBeTruthy()
    const text = document.body.textContent ?? ''
    const labels = [...document.querySelectorAll('[aria-label]')].map((e) =>
      e.getAttribute('aria-label'),
    )
    for (const shown of [text, ...labels]) {
      for (const english of ENGLISH) expect(shown).not.toContain(english)
      // A key's name (camelCase identifier) or the missing-text mark never shows.
      expect(shown).not.toMatch(/\b(closeViewer|tileSize|previousItem|paneLabel|help)\b/)
    }
  })
})
