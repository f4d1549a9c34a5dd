import { ZipFile } from 'yazl'

/** A file to put in an archive built in memory. */
export interface ZipBufferEntry {
  name: string
  data: Buffer
}

/**
 * A small ZIP built in memory from a few generated files (a claim pack, a report): deflated,
 * with a fixed modification time so the same content always gives the same bytes. The caller
 * writes the bytes atomically where they belong.
 */
export async function zipOf(entries: ZipBufferEntry[], mtime: Date): Promise<Buffer> {
  const zip = new ZipFile()
  for (const e of entries) zip.addBuffer(e.data, e.name, { compress: true, mtime })
  zip.end()
  const chunks: Buffer[] = []
  for await (const chunk of zip.outputStream) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks)
}
