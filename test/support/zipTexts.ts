import { DEFAULT_ZIP_LIMITS, forEachZipEntry } from '@main/adapters/zip/safeZip'

/** Every entry of a ZIP file as UTF-8 text, by name (claim packs and other small archives). */
export async function zipTexts(path: string): Promise<Record<string, string>> {
  const out: Record<string, string> = {}
  await forEachZipEntry(path, DEFAULT_ZIP_LIMITS, async (entry) => {
    const chunks: Buffer[] = []
    for await (const chunk of await entry.open()) chunks.push(Buffer.from(chunk))
    out[entry.name] = Buffer.concat(chunks).toString('utf8')
  })
  return out
}
