import { DetailView } from '@renderer/features/library/DetailView'
import { FilterBar } from '@renderer/features/library/FilterBar'
import { DuplicatesPanel } from '@renderer/features/library/similar/DuplicatesPanel'
import { startI18n } from '@renderer/i18n/setup'
import { initialState, useLibraryStore } from '@renderer/stores/library'
import { useSimilarStore } from '@renderer/stores/similar'
import type { LibraryItem } from '@shared/library/types'
import { fakeMain } from '@test/support/generateScreens'
import { act, cleanup, render, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'

const item: LibraryItem = {
  id: 'i1',
  kind: 'art',
  media: 'image',
  model: 'art-v5',
  promptPreview: 'a fox',
  createdAt: Date.UTC(2026, 2, 14, 12),
  favourite: false,
  width: 640,
  height: 480,
  durationSec: null,
  sha256: 'a'.repeat(64),
  fileName: 'i1.png',
  problem: null,
  hasThumb: true,
  costEstimate: null,
  batchId: 'b7c1e0f2-9a3d-4c55-8e21-000000000000',
  rating: 3,
  prompt: 'a fox',
  negativePrompt: 'blur',
  params: {},
  seed: 3,
  sourceTaskId: 't1',
  bytes: 1536,
  demo: false,
  relPath: '2026/03/14/i1.png',
  ext: 'png',
  originalName: null,
  tags: ['sea'],
  collections: [],
  batch: {
    batchId: 'b7c1e0f2-9a3d-4c55-8e21-000000000000',
    index: 5,
    x: 'steps 20',
    y: null,
    repeat: 2,
    picks: [],
  },
}

function main() {
  return fakeMain({
    'library:months': () => ({ ok: true, value: [] }),
    'library:query': () => ({ ok: true, value: { items: [], next: null } }),
    'picture:lineage': () => ({
      ok: true,
      value: {
        madeFrom: {
          id: 'p1',
          fileName: 'parent.png',
          present: true,
          operation: 'upscale',
          params: { scale: 2, engine: 'lanczos' },
          model: 'lanczos',
        },
        derived: [{ id: 'c1', fileName: 'child.png', present: true, operation: 'flip' }],
      },
    }),
    'library:duplicates': () => ({
      ok: true,
      value: { groups: [], totalGroups: 0, analysing: true, pending: 3 },
    }),
  })
}

/** No message key (camelCase identifiers of the catalog) and no raw service value as words. */
function expectNoRawWords(text: string) {
  for (const raw of [
    'emptyTitle',
    'factKind',
    'kindArt',
    'noPublishedRate',
    'batchCellRepeat',
    'lineageStep',
    'duplicatesStatus',
  ])
    expect(text).not.toContain(raw)
  // English labels that a missing translation would fall back to.
  expect(text).not.toMatch(/Estimated cost|Made from|Kind|Search prompts|Duplicates|images/)
}

beforeEach(() => useLibraryStore.setState({ ...initialState, filter: {} }))
afterEach(async () => {
  cleanup()
  useSimilarStore.getState().closeDuplicates()
  await startI18n('en')
})

describe('the library in other languages (issue #34)', () => {
  it('shows the filter bar and the detail view in Japanese, with labels for the raw values', async () => {
    main()
    useLibraryStore.setState({ models: [{ model: '', count: 1200 }] })
    await startI18n('ja')
    const { container } = render(
      <>
        <FilterBar />
        <DetailView item={item} onClose={() => {}} onStep={() => {}} onReuse={() => {}} />
      </>,
    )
    expect(screen.getByLabelText('プロンプトを検索')).toBeTruthy()
    expect(screen.getByRole('option', { name: '費用の高い順' })).toBeTruthy()
    expect(screen.getByTestId('library-count').textContent).toBe('0 件')
    // The kind is a label, the cost says it has no rate, the batch cell is described in Japanese.
    expect(screen.getByText('作成方法', { selector: 'dt' }).nextElementSibling?.textContent).toBe(
      'アートモデル',
    )
    expect(screen.getByTestId('detail-cost').textContent).toBe('公開料金なし')
    expect(screen.getByTestId('detail-batch').textContent).toContain('X：steps 20 · 繰り返し 2')
    expect(screen.getByRole('radiogroup', { name: 'i1.png の評価' })).toBeTruthy()
    expect(screen.getByRole('button', { name: 'プロンプトをコピー' })).toBeTruthy()
    // A model choice with no name and a grouped count.
    expect(screen.getByRole('option', { name: '（なし）（1,200）' })).toBeTruthy()
    // Lineage: the operation and its detail in words, the engine named.
    await waitFor(() =>
      expect(screen.getByTestId('lineage').textContent).toContain('アップスケール ×2 Lanczos'),
    )
    expect(screen.getByTestId('lineage').textContent).toContain('反転')
    expectNoRawWords(container.textContent ?? '')
  })

  it('counts in Korean and Simplified Chinese with the plural messages', async () => {
    main()
    await startI18n('ko')
    render(<DuplicatesPanel />)
    await act(() => useSimilarStore.getState().openDuplicates())
    expect(screen.getByRole('status').textContent).toBe(
      '중복을 찾지 못했습니다. 아직 이미지 3개를 분석하는 중이며 목록이 갱신됩니다.',
    )
    expect(screen.getByRole('dialog', { name: '중복' })).toBeTruthy()
    cleanup()
    await startI18n('zh-Hans')
    render(<DuplicatesPanel />)
    await act(() => useSimilarStore.getState().openDuplicates())
    expect(screen.getByRole('status').textContent).toBe(
      '未找到重复项。仍在分析 3 张图片；列表会随之更新。',
    )
    expectNoRawWords(document.body.textContent ?? '')
  })

  it('keeps the English lineage wording the e2e test reads (one select message per step)', async () => {
    main()
    render(<DetailView item={item} onClose={() => {}} onStep={() => {}} onReuse={() => {}} />)
    await waitFor(() =>
      expect(screen.getByTestId('lineage').textContent).toContain(
        'Made from parent.png — upscaled ×2 Lanczos · lanczos',
      ),
    )
    expect(screen.getByTestId('lineage').textContent).toContain('child.png flipped')
    expect(screen.getByText('Kind', { selector: 'dt' }).nextElementSibling?.textContent).toBe(
      'Art model',
    )
  })
})
