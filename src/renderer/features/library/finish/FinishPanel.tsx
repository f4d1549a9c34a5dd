import './finish.css'

import { defineKeys } from '@shared/i18n/keys'
import type { PictureEdit } from '@shared/library/pictureEdits'
import type { LibraryItem } from '@shared/library/types'
import type { AppError } from '@shared/result'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'

import { editPicture } from '../../../api/picture'
import { ErrorBanner } from '../../../components/ErrorBanner'
import { CropEditor } from './CropEditor'
import { ExpandPanel } from './ExpandPanel'
import { LineageLinks } from './LineageLinks'
import { UpscalePanel } from './UpscalePanel'

type Tool = 'crop' | 'resize' | 'upscale' | 'expand' | null

const TOOL_LABELS = defineKeys('library', {
  crop: 'toolCrop',
  resize: 'toolResize',
  upscale: 'toolUpscale',
  expand: 'toolExpand',
}) satisfies Record<Exclude<Tool, null>, string>
const TOOLS = ['crop', 'resize', 'upscale', 'expand'] as const

/** What an edit did, for the "saved as" notice (one select in the message). */
type Done = 'rotateLeft' | 'rotateRight' | 'flip' | 'crop' | 'resize'

/**
 * Finish the picture (issue #31), in the viewer: where it came from and what was made from it,
 * rotate and flip, crop, resize, upscale on this computer, expand the canvas. Every result is a
 * new item that names this one; this one is never changed.
 */
export function FinishPanel({ item }: { item: LibraryItem }) {
  const { t } = useTranslation('library')
  const [tool, setTool] = useState<Tool>(null)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<AppError | null>(null)
  const [notice, setNotice] = useState<string | null>(null)
  const [version, setVersion] = useState(0)
  const [size, setSize] = useState({ width: item.width ?? 0, height: item.height ?? 0, keep: true })
  useEffect(() => {
    setTool(null)
    setError(null)
    setNotice(null)
    setSize({ width: item.width ?? 0, height: item.height ?? 0, keep: true })
  }, [item.id, item.width, item.height])
  if (item.media !== 'image') return <LineageLinks itemId={item.id} version={version} />

  const apply = async (edit: PictureEdit, what: Done) => {
    setBusy(true)
    setError(null)
    const r = await editPicture({ id: item.id, edit })
    setBusy(false)
    if (!r.ok) return setError(r.error)
    setVersion((v) => v + 1)
    setNotice(t('editSaved', { done: what, file: r.value.fileName }))
  }
  const resizeTo = (width: number) => {
    const ratio = (item.height ?? 1) / (item.width ?? 1)
    setSize((s) => ({
      ...s,
      width,
      height: s.keep ? Math.max(1, Math.round(width * ratio)) : s.height,
    }))
  }
  const toggle = (next: Exclude<Tool, null>) => setTool((cur) => (cur === next ? null : next))
  return (
    <section className="finish" aria-label={t('finishLabel')} data-testid="finish">
      <LineageLinks itemId={item.id} version={version} />
      <div className="row finish-tools" role="toolbar" aria-label={t('finishTools')}>
        <button
          type="button"
          disabled={busy}
          onClick={() => void apply({ op: 'rotate', degrees: 270 }, 'rotateLeft')}
        >
          {t('rotateLeft')}
        </button>
        <button
          type="button"
          disabled={busy}
          onClick={() => void apply({ op: 'rotate', degrees: 90 }, 'rotateRight')}
        >
          {t('rotateRight')}
        </button>
        <button
          type="button"
          disabled={busy}
          onClick={() => void apply({ op: 'flip', axis: 'horizontal' }, 'flip')}
        >
          {t('flipHorizontal')}
        </button>
        <button
          type="button"
          disabled={busy}
          onClick={() => void apply({ op: 'flip', axis: 'vertical' }, 'flip')}
        >
          {t('flipVertical')}
        </button>
        {TOOLS.map((name) => (
          <button
            key={name}
            type="button"
            aria-pressed={tool === name}
            onClick={() => toggle(name)}
          >
            {t(TOOL_LABELS[name])}
          </button>
        ))}
      </div>
      <ErrorBanner error={error} onDismiss={() => setError(null)} />
      {notice ? (
        <p className="banner" role="status" data-testid="finish-notice">
          {notice}
        </p>
      ) : null}
      {tool === 'crop' ? (
        <CropEditor
          item={item}
          busy={busy}
          onApply={(b, ratio) => void apply({ op: 'crop', ...b, ratio }, 'crop')}
        />
      ) : null}
      {tool === 'resize' ? (
        <div className="row finish-resize">
          <label className="finish-num">
            {t('width')}
            <input
              type="number"
              min={1}
              value={size.width}
              aria-label={t('newWidth')}
              onChange={(e) => resizeTo(Math.round(Number(e.target.value) || 1))}
            />
          </label>
          <label className="finish-num">
            {t('height')}
            <input
              type="number"
              min={1}
              value={size.height}
              aria-label={t('newHeight')}
              onChange={(e) =>
                setSize({ ...size, height: Math.round(Number(e.target.value) || 1), keep: false })
              }
            />
          </label>
          <label>
            <input
              type="checkbox"
              checked={size.keep}
              onChange={(e) => setSize({ ...size, keep: e.target.checked })}
            />{' '}
            {t('keepShape')}
          </label>
          <button
            type="button"
            className="primary"
            disabled={busy}
            onClick={() =>
              void apply({ op: 'resize', width: size.width, height: size.height }, 'resize')
            }
          >
            {t('resize')}
          </button>
        </div>
      ) : null}
      {tool === 'upscale' ? <UpscalePanel item={item} onError={setError} /> : null}
      {tool === 'expand' ? (
        <ExpandPanel item={item} onError={setError} onSent={(m) => setNotice(m)} />
      ) : null}
    </section>
  )
}
