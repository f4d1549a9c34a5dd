import { mkdtempSync, readdirSync, readFileSync, utimesSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import { STAGE_TTL_MS, UploadStaging } from '@main/services/uploads/UploadStaging'
import { describe, expect, it } from 'vitest'

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
)

describe('upload area (generate:stageFile)', () => {
  it('writes images under a name of its own with the extension of their bytes', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'stage-'))
    const r = await new UploadStaging(dir).stage(new Uint8Array(PNG))
    expect(r.path.startsWith(dir)).toBe(true)
    expect(r.path).toMatch(/\.png$/)
    expect(readFileSync(r.path).equals(PNG)).toBe(true)
  })

  it('refuses bytes that are not PNG, JPEG or WebP, and sweeps staged files older than a day', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'stage-'))
    const staging = new UploadStaging(dir)
    await expect(staging.stage(new TextEncoder().encode('not an image'))).rejects.toMatchObject({
      error: { code: 'validation' },
    })
    const old = join(dir, 'old.png')
    writeFileSync(old, PNG)
    const past = (Date.now() - STAGE_TTL_MS - 60_000) / 1000
    utimesSync(old, past, past)
    const young = join(dir, 'young.png')
    writeFileSync(young, PNG)
    const fresh = await staging.stage(new Uint8Array(PNG))
    expect(readdirSync(dir).sort()).toEqual([fresh.path.slice(dir.length + 1), 'young.png'].sort())
  })
})
