import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync, openSync, fsyncSync, closeSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { request } from 'undici'
import { startSimulator } from './src/simulator/index'
async function main() {
  const sim = await startSimulator({ timeScale: 0 })
  const url = sim.cdnSyntheticUrl(512 * 1024 * 1024, { magic: 'mp4', ttlMs: 3_600_000 })
  const dir = mkdtempSync(join(tmpdir(), 'dl-'))
  for (let r = 0; r < 2; r++) {
    let t = performance.now()
    spawnSync('curl', ['-s', '-o', join(dir, 'c'), url])
    const c = performance.now() - t
    t = performance.now()
    const fd = openSync(join(dir, 'c'), 'r+'); fsyncSync(fd); closeSync(fd)
    const cs = performance.now() - t
    rmSync(join(dir, 'c'))
    // read-only: consume body without writing
    t = performance.now()
    const res = await request(url)
    let n = 0
    let chunks = 0
    for await (const ch of res.body) { n += ch.length; chunks++ }
    const ro = performance.now() - t
    console.log({ curl: c.toFixed(0), curlFsync: cs.toFixed(0), undiciReadOnly: ro.toFixed(0), avgChunk: Math.round(n / chunks) })
  }
  await sim.close()
  rmSync(dir, { recursive: true })
}
main()
