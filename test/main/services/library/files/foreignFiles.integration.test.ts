/**
 * Files written by Pillow (not by us) in the layouts ComfyUI, InvokeAI, A1111 and other tools
 * document, read back through the app's reader (files/readFileSettings.ts) into the right fields
 * (issue #27): PNG tEXt/iTXt chunks, a JPEG with A1111's EXIF UserComment (UNICODE, UTF-16BE, as
 * piexif writes it), a WebP with an XMP packet only.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import { readFileSettings } from '@main/services/library/files/readFileSettings'
import { buildXmp } from '@shared/library/meta/xmp'
import { hasMetadataTool, runMetadataTool } from '@test/support/metadataTools'
import { afterAll, describe, expect, it } from 'vitest'

import {
  A1111_FIELDS,
  A1111_TEXT,
  COMFY_FIELDS,
  COMFY_PROMPT,
  COMFY_WORKFLOW,
  INVOKEAI_FIELDS,
  INVOKEAI_METADATA,
} from '../../../../shared/library/meta/foreignFormats'

const pillow = hasMetadataTool('pillow')
const dir = mkdtempSync(join(tmpdir(), 'gs-foreign-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

/** Writes the file with Pillow from a JSON job: {format, path, texts?, itxt?, userComment?, xmp?}. */
const WRITE = `
import sys, json
from PIL import Image, PngImagePlugin
job = json.load(open(sys.argv[1], encoding='utf-8'))
im = Image.new('RGB', (24, 16), (40, 90, 160))
if job['format'] == 'png':
    info = PngImagePlugin.PngInfo()
    for k, v in job.get('texts', {}).items():
        info.add_text(k, v)
    for k, v in job.get('itxt', {}).items():
        info.add_itxt(k, v)
    im.save(job['path'], pnginfo=info)
elif job['format'] == 'jpeg':
    exif = Image.Exif()
    exif[0x8769] = {0x9286: b'UNICODE\\x00' + job['userComment'].encode('utf-16-be')}
    im.save(job['path'], exif=exif.tobytes())
else:
    im.save(job['path'], xmp=job['xmp'].encode('utf-8'))
`

function pillowFile(name: string, job: Record<string, unknown>): string {
  const path = join(dir, name)
  const jobPath = join(dir, `${name}.json`)
  writeFileSync(jobPath, JSON.stringify({ ...job, path }))
  runMetadataTool('pillow', ['-c', WRITE, jobPath])
  return path
}

async function settingsOf(path: string) {
  const read = await readFileSettings(path)
  if (!('settings' in read)) throw new Error(JSON.stringify(read))
  return read.settings
}

describe.skipIf(!pillow)('files Pillow wrote in other tools\u2019 documented layouts', () => {
  it('A1111/Forge PNG (tEXt parameters)', async () => {
    const s = await settingsOf(
      pillowFile('a1111.png', { format: 'png', texts: { parameters: A1111_TEXT } }),
    )
    expect(s).toMatchObject(A1111_FIELDS)
  })

  it('ComfyUI PNG (tEXt prompt + workflow)', async () => {
    const s = await settingsOf(
      pillowFile('comfy.png', {
        format: 'png',
        texts: { prompt: JSON.stringify(COMFY_PROMPT), workflow: JSON.stringify(COMFY_WORKFLOW) },
      }),
    )
    expect(s).toMatchObject(COMFY_FIELDS)
  })

  it('InvokeAI PNG (iTXt invokeai_metadata)', async () => {
    const s = await settingsOf(
      pillowFile('invoke.png', {
        format: 'png',
        itxt: { invokeai_metadata: JSON.stringify(INVOKEAI_METADATA) },
      }),
    )
    expect(s).toMatchObject(INVOKEAI_FIELDS)
  })

  it('A1111 JPEG (EXIF UserComment, UNICODE UTF-16BE)', async () => {
    const s = await settingsOf(pillowFile('a1111.jpg', { format: 'jpeg', userComment: A1111_TEXT }))
    expect(s).toMatchObject(A1111_FIELDS)
  })

  it('WebP with only an XMP description', async () => {
    const xmp = buildXmp({ description: 'a prompt from elsewhere — ünïcödé 猫' })
    const s = await settingsOf(pillowFile('plain.webp', { format: 'webp', xmp }))
    expect(s).toEqual({ source: 'xmp', prompt: 'a prompt from elsewhere — ünïcödé 猫', params: {} })
  })
})
