import { defineKeys } from '@shared/i18n/keys'
import type { ExportFormat } from '@shared/library/exportOptions'

import type { Container } from '../../container'
import { t } from '../../i18n'

const EXTENSION: Record<Exclude<ExportFormat, 'png' | 'jpeg' | 'webp'>, string> = {
  zip: 'zip',
  'sheet-png': 'png',
  'sheet-pdf': 'pdf',
  'anim-webp': 'webp',
  gif: 'gif',
  mp4: 'mp4',
}

/** Each format named in the OS dialog (main's words; the screen has its own). */
const FORMAT_LABELS = defineKeys('main', {
  zip: 'exportZip',
  png: 'exportPng',
  jpeg: 'exportJpeg',
  webp: 'exportWebp',
  'sheet-png': 'exportSheetPng',
  'sheet-pdf': 'exportSheetPdf',
  'anim-webp': 'exportAnimWebp',
  gif: 'exportGif',
  mp4: 'exportMp4',
}) satisfies Record<ExportFormat, string>

/**
 * Where an export goes, asked in the OS dialog: a folder for image copies (one file per item),
 * a file with the format's extension for everything else. Null when the user cancels.
 */
export async function chooseExportDest(
  c: Container,
  senderId: number,
  count: number,
  format: ExportFormat,
): Promise<string | null> {
  const label = t(FORMAT_LABELS[format])
  if (format === 'png' || format === 'jpeg' || format === 'webp')
    return c.platform.chooseDirectory(senderId, t('dialogExportFolder', { count, format: label }))
  const ext = EXTENSION[format]
  const stem = format === 'zip' ? 'gen-studio-export' : `gen-studio-${format}`
  return c.platform.chooseSaveFile(senderId, {
    title: t('dialogExportFile', { count, format: label }),
    defaultName: `${stem}-${new Date().toISOString().slice(0, 10)}.${ext}`,
    filters: [{ name: label, extensions: [ext] }],
  })
}
