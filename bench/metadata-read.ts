/**
 * metadata-read: reading generation settings from 1,000 mixed files, as a drop on a form or an
 * import does (files/readFileSettings.ts): PNGs from us, A1111, ComfyUI (prompt + workflow) and
 * InvokeAI, JPEGs with XMP and EXIF UserComment, WebPs with XMP and EXIF, and MP4s with moov
 * tags. Each file is timed twice in the same run, in alternating order: the settings read, and
 * the control, a bare read of the file's bytes (fs.readFile). Goal (issue #27): p95 ≤ 5 ms a file.
 */
import { execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import sharp from 'sharp'

import { embedInImage } from '../src/main/services/library/files/embedMetadata'
import { writeMp4WithMetadata } from '../src/main/services/library/files/mp4File'
import { readFileSettings } from '../src/main/services/library/files/readFileSettings'
import { mp4MetaFor } from '../src/shared/library/meta/embed'
import { writePngText } from '../src/shared/library/pngChunks'
import type { EmbeddedSettings } from '../src/shared/library/settings'
import {
  A1111_TEXT,
  COMFY_PROMPT,
  COMFY_WORKFLOW,
  INVOKEAI_METADATA,
} from '../test/shared/library/meta/foreignFormats'
import { median, pct, runBench } from './support/stats'

const FILES = 1000
const GOAL_P95_MS = 5
const KINDS = ['png-ours', 'png-a1111', 'png-comfy', 'png-invoke', 'jpeg', 'webp', 'mp4'] as const

const settings = (i: number): EmbeddedSettings => ({
  format: 'gen-studio',
  version: 1,
  kind: 'art',
  model: 'art-v4.5',
  prompt: `a harbour at dawn, boats, gulls, ${i}, `.repeat(6),
  negativePrompt: 'lowres, blurry',
  params: { parameters: { width: 832, height: 1216, steps: 28, scale: 5, sampler: 'k_euler' } },
  seed: i,
  sourceTaskId: null,
  created: '2026-11-26T00:00:00.000Z',
})

async function makeFiles(dir: string): Promise<{ path: string; kind: string }[]> {
  // 768 × 768 of noise: a generated picture's size on disk (PNG ≈ 1.7 MB, JPEG ≈ 0.3 MB).
  const noise = Buffer.alloc(768 * 768 * 3)
  for (let i = 0; i < noise.length; i++) noise[i] = (i * 2654435761) >>> 24
  const raw = { raw: { width: 768, height: 768, channels: 3 as const } }
  const png = new Uint8Array(await sharp(noise, raw).png({ compressionLevel: 1 }).toBuffer())
  const jpeg = new Uint8Array(await sharp(noise, raw).jpeg().toBuffer())
  const webp = new Uint8Array(await sharp(noise, raw).webp().toBuffer())
  const mp4Src = join(dir, 'src.mp4')
  execFileSync('ffmpeg', [
    '-v',
    'error',
    '-f',
    'lavfi',
    '-i',
    'testsrc=duration=2:size=320x240:rate=24',
    '-c:v',
    'mpeg4',
    '-movflags',
    '+faststart',
    '-y',
    mp4Src,
  ])
  const out: { path: string; kind: string }[] = []
  for (let i = 0; i < FILES; i++) {
    const kind = KINDS[i % KINDS.length]!
    const path = join(dir, `${i}-${kind}`)
    const s = settings(i)
    if (kind === 'mp4') await writeMp4WithMetadata(mp4Src, path, mp4MetaFor(s, true))
    else {
      let bytes: Uint8Array
      if (kind === 'png-ours') bytes = embedInImage('png', png, s, true)
      else if (kind === 'png-a1111')
        bytes = writePngText(png, { parameters: A1111_TEXT.replace('3456789', String(i)) })
      else if (kind === 'png-comfy')
        bytes = writePngText(png, {
          prompt: JSON.stringify(COMFY_PROMPT),
          workflow: JSON.stringify(COMFY_WORKFLOW),
        })
      else if (kind === 'png-invoke')
        bytes = writePngText(png, {
          invokeai_metadata: JSON.stringify({ ...INVOKEAI_METADATA, seed: i }),
        })
      else if (kind === 'jpeg') bytes = embedInImage('jpg', jpeg, s, true)
      else bytes = embedInImage('webp', webp, s, true)
      writeFileSync(path, bytes)
    }
    out.push({ path, kind })
  }
  return out
}

async function time(fn: () => Promise<unknown>): Promise<number> {
  const t0 = performance.now()
  await fn()
  return performance.now() - t0
}

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-metadata-'))
  try {
    const files = await makeFiles(dir)
    // A warm-up pass (JIT, page cache) that is not counted.
    for (const f of files.slice(0, 50)) await readFileSettings(f.path)
    const ours: number[] = []
    const control: number[] = []
    const byKind = new Map<string, number[]>()
    let unread = 0
    for (const [i, f] of files.entries()) {
      let a = 0
      let b = 0
      const read = async () => {
        const t0 = performance.now()
        const r = await readFileSettings(f.path)
        a = performance.now() - t0
        if (!('settings' in r) || r.settings.source === 'none') unread++
      }
      const bare = async () => {
        b = await time(() => readFile(f.path))
      }
      if (i % 2) {
        await read()
        await bare()
      } else {
        await bare()
        await read()
      }
      ours.push(a)
      control.push(b)
      byKind.set(f.kind, [...(byKind.get(f.kind) ?? []), a])
    }
    const p95 = pct(ours, 0.95)
    const controlP95 = pct(control, 0.95)
    console.log('kind          files  median ms  p95 ms')
    for (const [kind, v] of byKind)
      console.log(
        `${kind.padEnd(13)} ${String(v.length).padStart(5)}  ${median(v).toFixed(2).padStart(9)}  ${pct(v, 0.95).toFixed(2).padStart(6)}`,
      )
    console.log(
      `settings read: p95 ${p95.toFixed(2)} ms, median ${median(ours).toFixed(2)} ms; control (bare read): p95 ${controlP95.toFixed(2)} ms, median ${median(control).toFixed(2)} ms; ratio ${(p95 / controlP95).toFixed(2)}; files without settings read: ${unread}`,
    )
    console.log(
      JSON.stringify({
        bench: 'metadata-read',
        files: files.length,
        p95Ms: Number(p95.toFixed(3)),
        medianMs: Number(median(ours).toFixed(3)),
        controlP95Ms: Number(controlP95.toFixed(3)),
        controlMedianMs: Number(median(control).toFixed(3)),
        ratioP95: Number((p95 / controlP95).toFixed(2)),
        unread,
        goalP95Ms: GOAL_P95_MS,
        pass: p95 <= GOAL_P95_MS && unread === 0,
        byKindP95: Object.fromEntries(
          [...byKind].map(([k, v]) => [k, Number(pct(v, 0.95).toFixed(3))]),
        ),
      }),
    )
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

runBench(main)
