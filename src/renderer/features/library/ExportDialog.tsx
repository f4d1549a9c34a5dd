import { defineKeys } from '@shared/i18n/keys'
import {
  EXPORT_FORMATS,
  EXPORT_METADATA,
  type ExportFormat,
  type ExportMetadata,
} from '@shared/library/exportOptions'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'

import { Modal } from '../../components/Modal'
import { useLibraryStore } from '../../stores/library'

/** What the export makes, by format. */
const FORMAT_LABELS = defineKeys('library', {
  zip: 'formatZip',
  png: 'formatPng',
  jpeg: 'formatJpeg',
  webp: 'formatWebp',
  'sheet-png': 'formatSheetPng',
  'sheet-pdf': 'formatSheetPdf',
  'anim-webp': 'formatAnimWebp',
  gif: 'formatGif',
  mp4: 'formatMp4',
}) satisfies Record<ExportFormat, string>

/** The metadata choices, and what each means (shown under the choices). */
const METADATA_LABELS = defineKeys('library', {
  all: 'metadataAll',
  'no-prompts': 'metadataNoPrompts',
  none: 'metadataNone',
}) satisfies Record<ExportMetadata, string>
const METADATA_HINT = defineKeys('library', {
  all: 'metadataAllHint',
  'no-prompts': 'metadataNoPromptsHint',
  none: 'metadataNoneHint',
}) satisfies Record<ExportMetadata, string>

/**
 * "Export…" for a selection: what to make (a ZIP with sidecars, image copies, a contact sheet,
 * an animation) and which metadata goes with it; the place is chosen in the OS dialog next.
 */
export function ExportDialog({ ids, onClose }: { ids: string[]; onClose(): void }) {
  const { t } = useTranslation('library')
  const [format, setFormat] = useState<ExportFormat>('zip')
  const [metadata, setMetadata] = useState<ExportMetadata>('all')
  const busy = useLibraryStore((s) => s.busy)
  const run = async () => {
    onClose()
    await useLibraryStore.getState().exportIds(ids, { format, metadata })
  }
  return (
    <Modal title={t('exportTitle', { count: ids.length })} onClose={onClose} testId="export-dialog">
      <form
        className="stack"
        onSubmit={(e) => {
          e.preventDefault()
          void run()
        }}
      >
        <label>
          {t('exportMake')}
          <select value={format} onChange={(e) => setFormat(e.target.value as ExportFormat)}>
            {EXPORT_FORMATS.map((f) => (
              <option key={f} value={f}>
                {t(FORMAT_LABELS[f])}
              </option>
            ))}
          </select>
        </label>
        <fieldset>
          <legend>{t('exportMetadata')}</legend>
          {EXPORT_METADATA.map((m) => (
            <label key={m} className="row">
              <input
                type="radio"
                name="export-metadata"
                value={m}
                checked={metadata === m}
                onChange={() => setMetadata(m)}
              />
              {t(METADATA_LABELS[m])}
            </label>
          ))}
          <p className="muted">{t(METADATA_HINT[metadata])}</p>
        </fieldset>
        <div className="row">
          <button type="submit" className="primary" disabled={busy}>
            {t('exportEllipsis')}
          </button>
          <button type="button" onClick={onClose}>
            {t('cancel')}
          </button>
        </div>
      </form>
    </Modal>
  )
}
