import {
  EXPORT_FORMAT_LABELS,
  EXPORT_FORMATS,
  EXPORT_METADATA,
  EXPORT_METADATA_LABELS,
  type ExportFormat,
  type ExportMetadata,
} from '@shared/library/exportOptions'
import { useState } from 'react'

import { Modal } from '../../components/Modal'
import { useLibraryStore } from '../../stores/library'

/** What each metadata choice means, under the choices. */
const METADATA_HINT: Record<ExportMetadata, string> = {
  all: 'Files carry the prompt and settings (A1111, XMP, ours) and sidecars go into a ZIP.',
  'no-prompts':
    'Files keep the AI label and the settings; every prompt is left out, and so are sidecars.',
  none: 'Every metadata block is removed: no settings, no prompt, no AI label.',
}

/**
 * "Export…" for a selection: what to make (a ZIP with sidecars, image copies, a contact sheet,
 * an animation) and which metadata goes with it; the place is chosen in the OS dialog next.
 */
export function ExportDialog({ ids, onClose }: { ids: string[]; onClose(): void }) {
  const [format, setFormat] = useState<ExportFormat>('zip')
  const [metadata, setMetadata] = useState<ExportMetadata>('all')
  const busy = useLibraryStore((s) => s.busy)
  const run = async () => {
    onClose()
    await useLibraryStore.getState().exportIds(ids, { format, metadata })
  }
  return (
    <Modal
      title={`Export ${ids.length} item${ids.length === 1 ? '' : 's'}`}
      onClose={onClose}
      testId="export-dialog"
    >
      <form
        className="stack"
        onSubmit={(e) => {
          e.preventDefault()
          void run()
        }}
      >
        <label>
          Make
          <select value={format} onChange={(e) => setFormat(e.target.value as ExportFormat)}>
            {EXPORT_FORMATS.map((f) => (
              <option key={f} value={f}>
                {EXPORT_FORMAT_LABELS[f]}
              </option>
            ))}
          </select>
        </label>
        <fieldset>
          <legend>Metadata</legend>
          {EXPORT_METADATA.map((m) => (
            <label key={m} className="row">
              <input
                type="radio"
                name="export-metadata"
                value={m}
                checked={metadata === m}
                onChange={() => setMetadata(m)}
              />
              {EXPORT_METADATA_LABELS[m]}
            </label>
          ))}
          <p className="muted">{METADATA_HINT[metadata]}</p>
        </fieldset>
        <div className="row">
          <button type="submit" className="primary" disabled={busy}>
            Export…
          </button>
          <button type="button" onClick={onClose}>
            Cancel
          </button>
        </div>
      </form>
    </Modal>
  )
}
