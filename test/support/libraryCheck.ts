import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'

const IEND = Buffer.from([0, 0, 0, 0, 0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82])

/** Whether a file under a final name is whole: PNG ends with IEND, MP4 boxes add up exactly. */
export function completeness(path: string): string | null {
  const bytes = readFileSync(path)
  if (path.endsWith('.png')) {
    if (bytes.subarray(0, 8).toString('hex') !== '89504e470d0a1a0a') return 'not a PNG'
    return bytes.subarray(-12).equals(IEND) ? null : 'PNG without its IEND chunk'
  }
  if (path.endsWith('.mp4')) {
    let at = 0
    while (at < bytes.length) {
      if (at + 8 > bytes.length) return 'MP4 box header cut'
      let size = bytes.readUInt32BE(at)
      if (size === 1) size = Number(bytes.readBigUInt64BE(at + 8))
      if (size === 0) size = bytes.length - at
      if (size < 8) return 'MP4 box too small'
      at += size
    }
    return at === bytes.length ? null : `MP4 boxes end at ${at} of ${bytes.length}`
  }
  if (path.endsWith('.jpg') || path.endsWith('.webp')) return null
  return 'unexpected file type'
}

export interface LibraryFile {
  rel: string
  sourceTaskId: string | null
  problem: string | null
}

/** Every file under a final name in the library (hidden temp files and sidecars excluded). */
export function libraryFiles(root: string): LibraryFile[] {
  const out: LibraryFile[] = []
  const walk = (dir: string) => {
    let names: string[]
    try {
      names = readdirSync(dir)
    } catch {
      return
    }
    for (const name of names) {
      const path = join(dir, name)
      if (name.startsWith('.')) continue
      if (statSync(path).isDirectory()) walk(path)
      else if (!name.endsWith('.json')) {
        let sourceTaskId: string | null = null
        try {
          sourceTaskId = JSON.parse(readFileSync(`${path}.json`, 'utf8')).sourceTaskId ?? null
        } catch {
          // A media file without a sidecar is reported by its null task id.
        }
        out.push({ rel: relative(root, path), sourceTaskId, problem: completeness(path) })
      }
    }
  }
  walk(root)
  return out
}

/** Net charges per idempotency key (charge minus refund), and keys charged more than once. */
export function chargesByKey(
  entries: Array<{ idempotencyKey: string | null; kind: 'charge' | 'refund'; micros: number }>,
) {
  const charges = new Map<string, number>()
  const net = new Map<string, number>()
  for (const e of entries) {
    const key = e.idempotencyKey ?? '(none)'
    if (e.kind === 'charge') charges.set(key, (charges.get(key) ?? 0) + 1)
    net.set(key, (net.get(key) ?? 0) + e.micros)
  }
  const duplicated = [...charges].filter(([, n]) => n > 1).map(([k]) => k)
  return { charges, net, duplicated }
}
