/**
 * startup: how fast the app gets to the user.
 * - main bundle evaluate time: out/main/index.js required in a fresh Node process with `electron`
 *   stubbed, against a control of an empty module in the same harness (median of runs). That is
 *   what runs before the first window is created; the services (src/main/boot.ts, the chunk
 *   `out/main/chunks/boot-*.js`) load after it, while Chromium starts the window's renderer, and
 *   their evaluation is reported beside it (`services_evaluate_ms`, same harness);
 * - renderer entry chunk size (gzip) of what index.html loads before any lazy screen;
 * - first contentful paint of the app's window, the BUILT app started under the Electron double
 *   (test/support/electron: built main, built preload, the app's own app: protocol), minus that of
 *   a blank page opened in the same browser (median of runs).
 */
import { execFileSync } from 'node:child_process'
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'

import { launchElectronApp } from '../test/support/electron/launch'
import { median, runBench } from './support/stats'

const RUNS = 9
const FCP_SCRIPT = `new Promise((resolve) => {
  const find = () => performance.getEntriesByName('first-contentful-paint')[0]?.startTime
  const now = find()
  if (now !== undefined) return resolve(now)
  new PerformanceObserver(() => { const t = find(); if (t !== undefined) resolve(t) }).observe({ type: 'paint', buffered: true })
})`
const root = process.cwd()

function evaluateMs(modulePath: string): number {
  // A child process per run: cold module cache, like a real start. Prints milliseconds.
  const script = `
    const Module = require('module')
    const noop = () => {}
    const stub = new Proxy(function () {}, { get: (_t, p) => p === 'whenReady' ? () => new Promise(noop)
      : p === 'requestSingleInstanceLock' ? () => true : p === 'isPackaged' ? true : stub, apply: () => stub })
    const load = Module._load
    Module._load = function (request, ...rest) { return request === 'electron' ? stub : load.call(this, request, ...rest) }
    const t0 = process.hrtime.bigint()
    require(${JSON.stringify(modulePath)})
    process.stdout.write(String(Number(process.hrtime.bigint() - t0) / 1e6))
  `
  return Number(execFileSync(process.execPath, ['-e', script], { encoding: 'utf8' }))
}

async function main() {
  const mainBundle = join(root, 'out', 'main', 'index.js')
  const blankModule = join(mkdtempSync(join(tmpdir(), 'startup-')), 'blank.js')
  writeFileSync(blankModule, 'module.exports = {}\n')
  const chunks = join(root, 'out', 'main', 'chunks')
  const bootChunk = readdirSync(chunks).find((f) => /^boot-.*\.js$/.test(f))
  if (!bootChunk) throw new Error('No boot chunk in out/main/chunks: was the app built?')
  const mainMs: number[] = []
  const blankMs: number[] = []
  const servicesMs: number[] = []
  for (let i = 0; i < RUNS; i++) {
    mainMs.push(evaluateMs(mainBundle))
    blankMs.push(evaluateMs(blankModule))
    servicesMs.push(evaluateMs(join(chunks, bootChunk)))
  }

  const html = readFileSync(join(root, 'out', 'renderer', 'index.html'), 'utf8')
  const initial = [...html.matchAll(/(?:src|href)="\.?\/?(assets\/[^"]+\.(?:js|css))"/g)].map(
    (m) => m[1]!,
  )
  const entryJs = initial.filter((f) => f.endsWith('.js'))
  const gzipOf = (files: string[]) =>
    files.reduce((n, f) => n + gzipSync(readFileSync(join(root, 'out', 'renderer', f))).length, 0)
  const entryGzip = gzipOf(entryJs)
  const initialGzip = gzipOf(initial)

  const blank = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html' })
    res.end('<!doctype html><html><body><p>blank</p></body></html>')
  })
  await new Promise<void>((resolve) => blank.listen(0, '127.0.0.1', resolve))
  const blankUrl = `http://127.0.0.1:${(blank.address() as AddressInfo).port}/`
  /** FCP of the app's first window, and of a blank page in the same browser right after. */
  const launchOnce = async () => {
    const app = await launchElectronApp()
    try {
      // A string, not a function: tsx's transform would inject helpers the page does not have.
      const appValue = (await app.page.evaluate(FCP_SCRIPT)) as number
      const page = await app.context.newPage()
      await page.goto(blankUrl, { waitUntil: 'load' })
      const blankValue = (await page.evaluate(FCP_SCRIPT)) as number
      return { appValue, blankValue }
    } finally {
      await app.close()
    }
  }
  const appFcp: number[] = []
  const blankFcp: number[] = []
  await launchOnce() // warm the OS file cache and Chromium, as a second launch would be
  for (let i = 0; i < RUNS; i++) {
    const { appValue, blankValue } = await launchOnce()
    appFcp.push(appValue)
    blankFcp.push(blankValue)
  }
  blank.close()

  const result = {
    bench: 'startup',
    main_evaluate_ms: +median(mainMs).toFixed(2),
    main_evaluate_blank_ms: +median(blankMs).toFixed(2),
    main_evaluate_minus_blank_ms: +(median(mainMs) - median(blankMs)).toFixed(2),
    services_evaluate_ms: +median(servicesMs).toFixed(2),
    renderer_entry_gzip_kb: +(entryGzip / 1024).toFixed(1),
    renderer_initial_gzip_kb: +(initialGzip / 1024).toFixed(1),
    fcp_ms: +median(appFcp).toFixed(1),
    fcp_blank_ms: +median(blankFcp).toFixed(1),
    fcp_minus_blank_ms: +(median(appFcp) - median(blankFcp)).toFixed(1),
    runs: RUNS,
    goal_main_evaluate_minus_blank_ms: 40,
  }
  console.log('startup (median of %d runs)', RUNS)
  console.table({
    'main evaluate, before the window (ms)': {
      ours: result.main_evaluate_ms,
      control: result.main_evaluate_blank_ms,
    },
    'services evaluate, after it (ms)': { ours: result.services_evaluate_ms, control: '-' },
    'first contentful paint (ms)': { ours: result.fcp_ms, control: result.fcp_blank_ms },
    'renderer entry gzip (KB)': { ours: result.renderer_entry_gzip_kb, control: '-' },
  })
  console.log(JSON.stringify(result))
}

runBench(main)
