import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import { jpegWithMetadata } from '@shared/library/meta/jpeg'
import { buildXmp } from '@shared/library/meta/xmp'
import { writePngText } from '@shared/library/pngChunks'
import { type Simulator, startSimulator } from '@simulator'
import { type AppUnderTest, libraryItem, libraryTiles } from '@test/e2e/harness/launch'
import { goTo, openArea } from '@test/e2e/harness/screens'
import sharp from 'sharp'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'

import { A1111_TEXT, COMFY_PROMPT, COMFY_WORKFLOW } from '../shared/library/meta/foreignFormats'

// Browser e2e of "apply settings" from files other tools made (issue #27), through the built
// renderer and the real main-side reader: a ComfyUI PNG, an A1111 JPEG (EXIF UserComment) and a
// PNG whose metadata cannot be read.

let sim: Simulator
let app: AppUnderTest | null = null
const dir = mkdtempSync(join(tmpdir(), 'gs-e2e-meta-'))

beforeAll(async () => {
  sim = await startSimulator({ timeScale: 0.01 })
})
afterAll(async () => {
  await sim.close()
})
afterEach(async () => {
  await app?.close()
  app = null
})

async function file(name: string, bytes: Uint8Array) {
  const path = join(dir, name)
  writeFileSync(path, bytes)
  return {
    name,
    bytes: Buffer.from(bytes),
    type: name.endsWith('.png') ? 'image/png' : 'image/jpeg',
    path,
  }
}

const image = (format: 'png' | 'jpeg') => {
  const base = sharp({ create: { width: 16, height: 16, channels: 3, background: '#468' } })
  return (format === 'png' ? base.png() : base.jpeg()).toBuffer().then((b) => new Uint8Array(b))
}

describe('apply settings from files other tools made', () => {
  it('a ComfyUI PNG fills the art form field by field and lists what it cannot use', async () => {
    app = await openArea('Art model', sim)
    const { page } = app
    const comfy = writePngText(await image('png'), {
      prompt: JSON.stringify(COMFY_PROMPT),
      workflow: JSON.stringify(COMFY_WORKFLOW),
    })
    await app.dropFiles('form[aria-label="Art model"]', [await file('ComfyUI_00001_.png', comfy)])
    const notice = page.getByTestId('applied-notice')
    await notice.waitFor()
    expect(await page.getByLabel('Prompt', { exact: true }).inputValue()).toBe(
      'beautiful scenery nature glass bottle',
    )
    expect(await page.getByLabel('Steps').inputValue()).toBe('20')
    expect(await page.getByLabel('Seed value').inputValue()).toBe('156680208700286')
    const text = await notice.textContent()
    expect(text).toContain('Settings from ComfyUI_00001_.png applied')
    expect(text).toContain(
      'Not applied (no field here): model (v1-5-pruned-emaonly.safetensors), scheduler.',
    )
    expect(app.pageErrors).toEqual([])
  })

  it('an A1111 JPEG (EXIF UserComment) fills prompt, negative prompt, steps and seed', async () => {
    app = await openArea('Art model', sim)
    const { page } = app
    const jpeg = jpegWithMetadata(await image('jpeg'), {
      xmp: buildXmp({ description: 'ignored: the EXIF text is fuller' }),
      userComment: A1111_TEXT,
    })
    await app.dropFiles('form[aria-label="Art model"]', [await file('a1111.jpg', jpeg)])
    await page.getByTestId('applied-notice').waitFor()
    expect(await page.getByLabel('Prompt', { exact: true }).inputValue()).toBe(
      'masterpiece, 1girl, (cherry blossoms:1.2)',
    )
    expect(await page.getByLabel('Negative prompt', { exact: true }).inputValue()).toBe(
      'worst quality, lowres',
    )
    expect(await page.getByLabel('Steps').inputValue()).toBe('24')
    expect(await page.getByLabel('Seed value').inputValue()).toBe('3456789')
  })

  it('unreadable metadata says so and changes nothing', async () => {
    app = await openArea('Art model', sim)
    const { page } = app
    await page.getByLabel('Prompt', { exact: true }).fill('keep me')
    const broken = writePngText(await image('png'), { workflow: '{"nodes": [ {"id": 1,' })
    await app.dropFiles('form[aria-label="Art model"]', [await file('broken.png', broken)])
    await page
      .getByText('broken.png: Could not read the settings: The ComfyUI workflow is not valid JSON.')
      .waitFor()
    expect(await page.getByLabel('Prompt', { exact: true }).inputValue()).toBe('keep me')
    expect(app.pageErrors).toEqual([])
  })
})

describe('metadata that travels, through the built app', () => {
  it('"Embed prompts" off: a new result carries the AI label, not the prompt; a PDF contact sheet exports it with the prompt', async () => {
    const sheet = join(dir, 'sheet.pdf')
    app = await openArea('Settings', sim, { launch: { dialogs: { save: [sheet] } } })
    const { page } = app
    const box = page.getByTestId('embed-prompts')
    await expect.poll(() => box.isEnabled()).toBe(true)
    expect(await box.isChecked()).toBe(true)
    await box.uncheck()
    await expect.poll(() => box.isChecked()).toBe(false)

    await goTo(page, 'Art model')
    await page.getByLabel('Prompt', { exact: true }).fill('a quiet harbour at night')
    await page.getByRole('button', { name: 'Generate' }).click()
    const card = page.getByTestId('result').first()
    await expect.poll(() => card.getAttribute('data-state'), { timeout: 60_000 }).toBe('saved')
    const tile = (await libraryTiles(app, { kinds: ['art'] }, 1))[0]!
    const item = await libraryItem(app, tile.id)
    const bytes = readFileSync(join(app.libraryDir, item.relPath))
    expect(bytes.includes('quiet harbour')).toBe(false)
    expect(bytes.includes('trainedAlgorithmicMedia')).toBe(true)
    expect(item.prompt).toBe('a quiet harbour at night')

    await goTo(page, 'Library')
    await page.getByRole('button', { name: 'Select all' }).click()
    await page.getByRole('button', { name: 'Export…' }).click()
    const dialog = page.getByRole('dialog', { name: 'Export 1 item' })
    await dialog.getByLabel('Make').selectOption('sheet-pdf')
    await dialog.getByLabel('Settings and prompts').check()
    await dialog.getByRole('button', { name: 'Export…' }).click()
    await expect
      .poll(() => page.getByTestId('library-notice').locator('span').first().textContent())
      .toBe(`Exported 1 item to ${sheet}.`)
    const pdf = readFileSync(sheet).toString('latin1')
    expect(pdf.startsWith('%PDF-1.4')).toBe(true)
    expect(pdf).toContain('(a quiet harbour at night) Tj')
    expect(app.pageErrors).toEqual([])
  })
})
