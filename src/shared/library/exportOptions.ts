/**
 * What "Export" can make from a selection, and which metadata goes along (issue #27). Shared by
 * the contract, main and the export dialog.
 */
export const EXPORT_FORMATS = [
  'zip',
  'png',
  'jpeg',
  'webp',
  'sheet-png',
  'sheet-pdf',
  'anim-webp',
  'gif',
  'mp4',
] as const
export type ExportFormat = (typeof EXPORT_FORMATS)[number]

/** all: settings and prompts; no-prompts: settings and the AI label only; none: strip everything. */
export const EXPORT_METADATA = ['all', 'no-prompts', 'none'] as const
export type ExportMetadata = (typeof EXPORT_METADATA)[number]

export const EXPORT_FORMAT_LABELS: Record<ExportFormat, string> = {
  zip: 'ZIP with sidecars',
  png: 'PNG copies',
  jpeg: 'JPEG copies',
  webp: 'WebP copies',
  'sheet-png': 'Contact sheet (PNG image)',
  'sheet-pdf': 'Contact sheet (PDF with settings)',
  'anim-webp': 'Animated WebP (frames in order)',
  gif: 'Animated GIF (frames in order)',
  mp4: 'MP4 video, Motion JPEG (frames in order; plays in VLC/QuickTime, not in browsers)',
}

export const EXPORT_METADATA_LABELS: Record<ExportMetadata, string> = {
  all: 'Settings and prompts',
  'no-prompts': 'Settings without prompts',
  none: 'Export without metadata',
}

/** What an export wrote. */
export interface ExportResult {
  path: string
  count: number
  /** Items left out (a video in an image export...), with why. */
  skipped: number
}

/** The library's metadata choices (kept in the library folder, so they travel with it). */
export interface MetadataPrefs {
  /** Whether saved files carry the prompt; the AI label and other settings always do. */
  embedPrompts: boolean
}
