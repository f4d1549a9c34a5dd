import { EXPORT_FORMAT_LABELS, type ExportFormat } from '@shared/library/exportOptions'

import type { Container } from '../../container'

const EXTENSION: Record<Exclude<ExportFormat, 'png' | 'jpeg' | 'webp'>, string> = {
  zip: 'zip',
  'sheet-png': 'png',
  'sheet-pdf': 'pdf',
  'anim-webp': 'webp',
  gif: 'gif',
  mp4: 'mp4',
}

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
  const what = `${count} item${count === 1 ? '' : 's'}`
  if (format === 'png' || format === 'jpeg' || format === 'webp')
    return c.platform.chooseDirectory(senderId, `Export ${what} as ${EXPORT_FORMAT_LABELS[format]}`)
  const ext = EXTENSION[format]
  const stem = format === 'zip' ? 'gen-studio-export' : `gen-studio-${format}`
  return c.platform.chooseSaveFile(senderId, {
    title: `Export ${what}: ${EXPORT_FORMAT_LABELS[format]}`,
    defaultName: `${stem}-${new Date().toISOString().slice(0, 10)}.${ext}`,
    filters: [{ name: EXPORT_FORMAT_LABELS[format], extensions: [ext] }],
  })
}
