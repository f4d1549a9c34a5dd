/**
 * Release notes as plain text. A generic feed carries what the release workflow wrote (Markdown or
 * text); GitHub's carries HTML; electron-updater may give one entry per version. The renderer shows
 * text only, so no markup from a feed ever reaches the page.
 */
export function plainReleaseNotes(
  notes: string | ReadonlyArray<{ version: string; note: string | null }> | null | undefined,
): string {
  if (!notes) return ''
  if (typeof notes !== 'string')
    return notes
      .map((n) => `${n.version}\n${plainReleaseNotes(n.note)}`.trim())
      .join('\n\n')
      .trim()
  const text = notes
    .replace(/<(br|\/p|\/li|\/h\d)\s*\/?>/gi, '\n')
    .replace(/<li[^>]*>/gi, '• ')
    .replace(/<[^>]*>/g, '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\n{3,}/g, '\n\n')
    .trim()
  return text.length > 20_000 ? `${text.slice(0, 20_000)}…` : text
}
