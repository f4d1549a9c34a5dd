import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createInterface } from 'node:readline'
import v8 from 'node:v8'
import vm from 'node:vm'
import { ServiceClient } from './src/main/services/client/ServiceClient'
import { DownloadService } from './src/main/services/downloads/DownloadService'
v8.setFlagsFromString('--expose-gc')
const gc = vm.runInNewContext('gc') as () => void
const SIZE = 512 * 1024 * 1024
async function main() {
  const child = spawn(process.execPath, [...process.execArgv, 'bench/download.ts', '--serve'], { stdio: ['pipe', 'pipe', 'inherit'] })
  const url = JSON.parse(await new Promise<string>((r) => createInterface({ input: child.stdout! }).once('line', r))).url
  const dir = mkdtempSync(join(tmpdir(), 'dl-'))
  const client = new ServiceClient({ connection: async () => null })
  const ds = new DownloadService({ client })
  for (let i = 0; i < 3; i++) {
    gc()
    const b = process.memoryUsage()
    const peak = { rss: 0, ab: 0, heap: 0, ext: 0 }
    const s = setInterval(() => { const m = process.memoryUsage(); peak.rss = Math.max(peak.rss, m.rss - b.rss); peak.ab = Math.max(peak.ab, m.arrayBuffers - b.arrayBuffers); peak.heap = Math.max(peak.heap, m.heapUsed - b.heapUsed); peak.ext = Math.max(peak.ext, m.external - b.external) }, 5)
    const f = await ds.fromUrl(url, { dir, baseName: 'x', accept: ['mp4'], maxBytes: SIZE })
    clearInterval(s)
    const M = (x: number) => (x / 1048576).toFixed(1)
    console.log('rss', M(peak.rss), 'arrayBuffers', M(peak.ab), 'heapUsed', M(peak.heap), 'external', M(peak.ext))
    rmSync(f.path)
  }
  await client.close(); child.stdin!.end(); rmSync(dir, { recursive: true, force: true })
}
main()
