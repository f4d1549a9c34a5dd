/** ZIP archives of result images for the native endpoint, built with yazl (entries stored). */
import { ZipFile } from 'yazl'

export async function zipFiles(files: readonly { name: string; data: Buffer }[]): Promise<Buffer> {
  const zip = new ZipFile()
  for (const f of files) zip.addBuffer(f.data, f.name, { compress: false, mtime: new Date(0) })
  zip.end()
  const parts: Buffer[] = []
  for await (const part of zip.outputStream) parts.push(part as Buffer)
  return Buffer.concat(parts)
}
