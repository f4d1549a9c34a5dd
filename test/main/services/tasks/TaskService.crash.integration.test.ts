/**
 * The crash test: the task engine runs in a child process against the simulator with a mixed
 * workload (images by URL and Base64, edits, videos, native ZIPs, workbench tasks, videos the
 * server fails, and X/Y batches of native requests, issue #15) and is killed with SIGKILL at 50+ random points, then started again on the same
 * folders. Afterwards, from the simulator's ledger and the library folder: every charge has its
 * result saved, no key was charged twice, no file under a final name is partial.
 *
 * The worker (crashWorker.ts) is bundled once with esbuild and run with node, so each restart
 * costs ~0.3 s instead of tsx's multi-second transpile on this machine; it is the same code.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'

import type { SubmitTaskInput } from '@shared/tasks/submit'
import { type Simulator, startSimulator } from '@simulator'
import { TEST_ALIASES } from '@test/support/aliases'
import type { CrashBatch, CrashPlanItem } from '@test/support/crashWorker'
import { chargesByKey, libraryFiles } from '@test/support/libraryCheck'
import Database from 'better-sqlite3'
import { build } from 'esbuild'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

/** The repository root: the worker runs there so it finds node_modules. */
const ROOT = resolve(TEST_ALIASES['@test']!, '..')
const KILLS = 55
const SEED = Number(process.env.CRASH_SEED ?? 20261121)

let sim: Simulator
let dir: string
let bundle: string

/** Deterministic kill timing per seed (xorshift). */
function rng(seed: number): () => number {
  let x = seed >>> 0 || 1
  return () => {
    x ^= x << 13
    x ^= x >>> 17
    x ^= x << 5
    x >>>= 0
    return x / 0x1_0000_0000
  }
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'gen-studio-crash-'))
  bundle = join(dir, 'crashWorker.cjs')
  await build({
    entryPoints: [join(TEST_ALIASES['@test']!, 'support', 'crashWorker.ts')],
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'cjs',
    outfile: bundle,
    alias: TEST_ALIASES,
    external: ['better-sqlite3', 'sharp', 'keytar', 'electron'],
    logLevel: 'silent',
  })
  // Image and native answers take ~300 ms, so many kills land while a paid request is in flight.
  sim = await startSimulator({
    timeScale: 0.02,
    keepaliveMs: 200,
    seed: SEED,
    timings: { imageMs: 15_000, nativeMs: 15_000 },
  })
})

afterAll(async () => {
  await sim?.close()
  if (dir && !process.env.CRASH_KEEP) rmSync(dir, { recursive: true, force: true })
  else if (dir) console.log(`crash test folder kept: ${dir}`)
})

/** One plan item per cycle, rotating through every kind (and a video the server fails). */
function planItem(i: number, refPath: string): SubmitTaskInput {
  const requestId = `crash-item-${String(i).padStart(4, '0')}`
  const prompt = `crash ${i}`
  switch (i % 8) {
    case 0:
      return {
        kind: 'image',
        requestId,
        request: { model: 'std-image-2', prompt, quality: 'low', size: '256x256' },
      }
    case 1:
      return {
        kind: 'video',
        requestId,
        request: { model: 'motion-2.0-fast', prompt, duration: 4, resolution: '480p' },
      }
    case 2:
      return {
        kind: 'native',
        requestId,
        request: {
          input: prompt,
          model: 'art-diffusion-4-5-full',
          action: 'generate',
          parameters: { width: 256, height: 256, steps: 8, n_samples: 2, seed: i },
        },
      }
    case 3:
      return {
        kind: 'workbench',
        requestId,
        request: {
          model: 'art-v4.5',
          model_variant: 'art-diffusion-4-5-full',
          prompt,
          width: 256,
          height: 256,
          steps: 8,
          count: 2,
        },
      }
    case 4:
      return {
        kind: 'image',
        requestId,
        request: {
          model: 'std-image-2',
          prompt,
          quality: 'low',
          size: '256x256',
          response_format: 'b64_json',
        },
      }
    case 5:
      return {
        kind: 'edit',
        requestId,
        request: { model: 'std-image-2', prompt },
        images: [refPath],
      }
    case 6:
      return {
        kind: 'video',
        requestId,
        request: {
          model: 'clip-h3',
          prompt: `${prompt} [simulate:fail]`,
          duration: 4,
          resolution: '480p',
        },
      }
    default:
      return {
        kind: 'video',
        requestId,
        request: { model: 'reel-2.2-anime', prompt, duration: 5, resolution: '480p' },
      }
  }
}

const OUTPUTS: Record<number, number> = { 0: 1, 1: 1, 2: 2, 3: 2, 4: 1, 5: 1, 6: 0, 7: 1 }

/** A 2 × 2 batch (steps × guidance) of native requests, one image each. */
function batchItem(n: number): CrashBatch {
  return {
    batch: {
      requestId: `crash-batch-${String(n).padStart(4, '0')}`,
      size: 4,
      base: {
        kind: 'native',
        request: {
          input: `crash batch ${n}`,
          model: 'art-diffusion-4-5-full',
          action: 'generate',
          parameters: { width: 256, height: 256, steps: 8, n_samples: 1, seed: n, scale: 5 },
        },
      },
      spec: {
        repeat: 1,
        seedBase: null,
        x: { field: 'steps', values: ['8', '12'] },
        y: { field: 'guidance', values: ['4', '6'] },
        title: `crash batch ${n}`,
      },
    },
  }
}

interface Run {
  child: ChildProcess
  ready: Promise<boolean>
  done: Promise<boolean>
  exit: Promise<number | null>
  stderr: string[]
}

function startWorker(planFile: string, exitWhenDone: boolean): Run {
  const child = spawn(process.execPath, [bundle], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_PATH: join(ROOT, 'node_modules'),
      CRASH_WORKER: JSON.stringify({
        baseUrl: sim.baseUrl,
        key: sim.accounts.full.key,
        dir: join(dir, 'app'),
        planFile,
        exitWhenDone,
      }),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const stderr: string[] = []
  child.stderr!.on('data', (d) => stderr.push(String(d)))
  let out = ''
  const seen = (word: string) =>
    new Promise<boolean>((res) => {
      const check = () => {
        if (out.includes(word)) res(true)
      }
      child.stdout!.on('data', (d) => {
        out += String(d)
        check()
      })
      child.on('exit', () => res(out.includes(word)))
    })
  const exit = new Promise<number | null>((res) => child.on('exit', (code) => res(code)))
  return { child, ready: seen('READY'), done: seen('DONE'), exit, stderr }
}

describe('crash test', () => {
  it(`survives ${KILLS} SIGKILLs at random points: every charge saved once, nothing partial`, async () => {
    const random = rng(SEED)
    const refPath = join(dir, 'reference.png')
    writeFileSync(
      refPath,
      await sharp({ create: { width: 64, height: 64, channels: 3, background: '#3a7' } })
        .png()
        .toBuffer(),
    )
    const plan: SubmitTaskInput[] = []
    const batches: CrashBatch[] = []
    const planFile = join(dir, 'plan.json')
    const written = (): CrashPlanItem[] => [...plan, ...batches]
    let kills = 0
    let killedBeforeReady = 0
    const started = Date.now()

    for (let cycle = 0; cycle < KILLS; cycle++) {
      plan.push(planItem(plan.length, refPath))
      if (cycle % 3 === 0) plan.push(planItem(plan.length, refPath))
      if (cycle % 9 === 4) batches.push(batchItem(batches.length))
      writeFileSync(planFile, JSON.stringify(written()))
      const run = startWorker(planFile, false)
      // A tenth of the kills land during start-up and recovery; the rest while tasks run.
      const early = random() < 0.1
      if (!early) {
        const ready = await run.ready
        expect(ready, run.stderr.join('')).toBe(true)
      }
      const wait = early ? random() * 400 : random() * 900
      await new Promise((r) => setTimeout(r, wait))
      // The worker never exits by itself in these runs: an exit here is a crash of the engine.
      expect(run.child.exitCode, run.stderr.join('')).toBeNull()
      run.child.kill('SIGKILL')
      kills++
      if (early) killedBeforeReady++
      await run.exit
    }

    // The last start runs to the end.
    const last = startWorker(planFile, true)
    const finished = await Promise.race([
      last.done,
      new Promise<boolean>((r) => setTimeout(() => r(false), 60_000)),
    ])
    expect(finished, last.stderr.join('')).toBe(true)
    expect(await last.exit).toBe(0)
    expect(kills).toBeGreaterThanOrEqual(50)

    // ── what the journal says ──
    const db = new Database(join(dir, 'app', 'userData', 'tasks.sqlite'), { readonly: true })
    const all = db
      .prepare('SELECT id, request_id, idem_key, state, kind, attempts, batch_id FROM tasks')
      .all() as Array<{
      id: string
      request_id: string
      idem_key: string
      state: string
      kind: string
      attempts: number
      batch_id: string | null
    }>
    const batchRows = db.prepare('SELECT id, request_id FROM batches').all() as Array<{
      id: string
      request_id: string
    }>
    db.close()
    const byKey = new Map(all.map((r) => [r.idem_key, r]))
    const rows = all.filter((r) => r.batch_id === null)
    const inBatches = all.filter((r) => r.batch_id !== null)
    // One task per plan item, however often the worker died while submitting it.
    expect(rows).toHaveLength(plan.length)
    expect(new Set(rows.map((r) => r.request_id)).size).toBe(plan.length)
    // One batch per batch item, each with all its tasks (journaled in one transaction).
    expect(batchRows.map((b) => b.request_id).sort()).toEqual(
      batches.map((b) => b.batch.requestId).sort(),
    )
    expect(inBatches).toHaveLength(batches.length * 4)

    // ── what the service charged ──
    const ledger = sim.ledger.charges().filter((e) => e.key === sim.accounts.full.key)
    const { charges, net, duplicated } = chargesByKey(ledger)
    expect(duplicated).toEqual([])
    for (const key of charges.keys())
      expect(byKey.has(key), `charge for unknown key ${key}`).toBe(true)

    // ── what the library holds ──
    const files = libraryFiles(join(dir, 'app', 'Library'))
    expect(files.filter((f) => f.problem !== null)).toEqual([])
    const filesByTask = new Map<string, number>()
    for (const f of files) {
      if (f.sourceTaskId)
        filesByTask.set(f.sourceTaskId, (filesByTask.get(f.sourceTaskId) ?? 0) + 1)
    }

    for (const [key, micros] of net) {
      const task = byKey.get(key)!
      if (micros > 0) {
        // Charged and not refunded: its results are in the library, exactly once each.
        expect(task.state, `${task.kind} ${task.id}`).toBe('saved')
      }
    }
    for (const [i, item] of plan.entries()) {
      const task = rows.find((r) => r.request_id === item.requestId)!
      const expected = OUTPUTS[i % 8]!
      if (expected === 0) {
        expect(task.state).toBe('failed')
        expect(net.get(task.idem_key) ?? 0).toBe(0)
      } else {
        expect(task.state, `${item.kind} ${task.id}`).toBe('saved')
        expect(charges.get(task.idem_key)).toBe(1)
        expect(filesByTask.get(task.id) ?? 0, `${item.kind} ${task.id} files`).toBe(expected)
      }
    }
    // Every request of every batch: charged exactly once, saved, its one image in the library.
    for (const task of inBatches) {
      expect(task.state, `batch task ${task.id}`).toBe('saved')
      expect(charges.get(task.idem_key), `batch task ${task.id} charges`).toBe(1)
      expect(filesByTask.get(task.id) ?? 0, `batch task ${task.id} files`).toBe(1)
    }
    // The library writes a file's sidecar before giving the file its final name, so no kill can
    // leave a result without its task link (which a rescan would adopt and the engine re-save).
    const orphans = files.filter((f) => f.sourceTaskId === null)
    expect(orphans.map((f) => f.rel)).toEqual([])

    // Kills landed mid-request: those tasks were sent again with their journaled key.
    const resent = all.filter((r) => r.attempts > 1).length
    expect(resent).toBeGreaterThan(0)
    const seconds = (Date.now() - started) / 1000
    console.log(
      `crash test: ${kills} SIGKILLs (${killedBeforeReady} during start-up), ${plan.length} tasks ` +
        `(${resent} re-sent with the same key after a kill; ${batches.length} batches of 4), ` +
        `${ledger.filter((e) => e.kind === 'charge').length} charges, ${files.length} files, ` +
        `${seconds.toFixed(1)} s`,
    )
  }, 180_000)
})
