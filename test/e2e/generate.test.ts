import { writeFileSync } from 'node:fs'
import { join } from 'node:path'

import { type Simulator, startSimulator } from '@simulator'
import { type AppUnderTest, libraryItem, libraryTiles } from '@test/e2e/harness/launch'
import { dropPng, openArea, paintStroke, png, scratchPath } from '@test/e2e/harness/screens'
import type { Page } from 'playwright-core'
import sharp from 'sharp'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'

// Browser e2e of the generation screens against the simulator: the built renderer in Chromium,
// window.api bridged to the real main-side handlers, task engine, library and ServiceClient.

let sim: Simulator
let app: AppUnderTest | null = null

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

async function open(area: string, sim_: Simulator = sim, existing?: AppUnderTest) {
  app = await openArea(area, sim_, existing ? { existing } : {})
  return app
}

const submits = (a: AppUnderTest) =>
  a.calls.filter((c) => c.channel === 'tasks:submit' || c.channel === 'generate:submitNative')

async function waitSaved(page: Page, timeout = 60_000) {
  const card = page.getByTestId('result').first()
  await expect.poll(() => card.getAttribute('data-state'), { timeout }).toBe('saved')
  return card
}

describe('generation screens', () => {
  it('generates an image that shows on the screen and lands in the library', async () => {
    const a = await open('Images')
    const { page } = a
    await expect.poll(() => page.getByTestId('cost-value').textContent()).toBe('$0.01')
    await page.getByLabel('Prompt').fill('a lighthouse at dawn')
    await page.getByLabel('Quality').selectOption('medium')
    await expect.poll(() => page.getByTestId('cost-value').textContent()).toBe('$0.015')
    await page.getByLabel('Prompt').press('Control+Enter')
    const card = await waitSaved(page)
    await expect
      .poll(() => card.locator('img').evaluate((i: HTMLImageElement) => i.naturalWidth))
      .toBeGreaterThan(0)
    const lib = await libraryTiles(a, {}, 10)
    expect(lib.map((i) => i.promptPreview)).toContain('a lighthouse at dawn')
    expect(submits(a)).toHaveLength(1)
    expect((submits(a)[0]!.payload as { request: Record<string, unknown> }).request).toMatchObject({
      model: 'std-image-2',
      prompt: 'a lighthouse at dawn',
      quality: 'medium',
      size: '2048x2048',
    })
    expect(a.pageErrors).toEqual([])
  })

  it('builds an edit from files dropped from the OS, reordered, and a pasted one staged in main', async () => {
    const a = await open('Images')
    const { page } = a
    await page.getByLabel('Edit with reference images').check()
    const red = await png('red.png', 512, 512, [220, 30, 30])
    const blue = await png('blue.png', 640, 480, [30, 30, 220])
    const text = scratchPath('notes.png')
    writeFileSync(text, 'this is not an image')
    await a.dropFiles('[data-testid="dropzone-images.references"]', [
      { name: 'red.png', bytes: await sharp(red).toBuffer(), type: 'image/png', path: red },
    ])
    // Pasted (anywhere outside a text field): no OS path, so the bytes are staged in main.
    await page.evaluate(
      (b64) => {
        const dt = new DataTransfer()
        const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0))
        dt.items.add(new File([bytes], 'blue.png', { type: 'image/png' }))
        document.body.dispatchEvent(
          new ClipboardEvent('paste', { clipboardData: dt, bubbles: true }),
        )
      },
      (await sharp(blue).toBuffer()).toString('base64'),
    )
    await expect.poll(() => page.getByTestId('reference-thumb').count()).toBe(2)
    await expect
      .poll(() => page.getByTestId('reference-thumb').nth(1).textContent())
      .not.toContain('preparing')
    await page.getByRole('button', { name: 'Move blue.png earlier' }).click()
    await expect
      .poll(() => page.getByTestId('reference-thumb').first().textContent())
      .toContain('blue.png')

    // A renamed text file is refused by its bytes, before anything is sent.
    await a.dropFiles('[data-testid="dropzone-images.references"]', [
      {
        name: 'notes.png',
        bytes: Buffer.from('this is not an image'),
        type: 'image/png',
        path: text,
      },
    ])
    await expect
      .poll(() => page.getByTestId('error-images.references').textContent())
      .toContain('notes.png is not a PNG, JPEG or WebP image')
    await page.getByLabel('Edit instruction').fill('make it purple')
    await page.getByRole('button', { name: 'Generate' }).click()
    expect(submits(a)).toHaveLength(0)
    await page.getByRole('button', { name: 'Remove notes.png' }).click()

    await page.getByRole('button', { name: 'Generate' }).click()
    await waitSaved(page)
    const [submit] = submits(a)
    const payload = submit!.payload as { kind: string; images: string[] }
    expect(payload.kind).toBe('edit')
    expect(payload.images).toHaveLength(2)
    expect(payload.images[0]).toContain(join('userData', 'uploads'))
    expect(payload.images[1]).toBe(red)
    expect(a.calls.filter((c) => c.channel === 'generate:stageFile')).toHaveLength(1)
    expect(sim.requests().some((r) => r.path === '/v1/images/edits' && r.status === 200)).toBe(true)
    expect(a.pageErrors).toEqual([])
  })

  it('runs a video task to completion and plays it in the library', async () => {
    const a = await open('Video')
    const { page } = a
    const failed: string[] = []
    page.on('response', (r) => {
      if (r.status() >= 400) failed.push(r.url())
    })
    await page.getByLabel('Model').selectOption('clip-h3')
    await page.getByLabel('Prompt').fill('waves on a pier')
    await page.getByLabel('Duration (seconds)').fill('5')
    await page.getByLabel('Resolution').selectOption('480p')
    await page.getByLabel('Portrait 9:16').check()
    await expect.poll(() => page.getByTestId('cost').textContent()).toContain('approximate')
    await page.getByLabel('Landscape 16:9').check()
    await expect.poll(() => page.getByTestId('cost-value').textContent()).toBe('$0.1453')
    await page.getByRole('button', { name: 'Generate' }).click()
    await waitSaved(page, 90_000)
    // Result card on the Video screen: the saved file plays.
    const onScreen = page.getByTestId('result').first().locator('video')
    await expect
      .poll(() => onScreen.evaluate((v: HTMLVideoElement) => v.readyState))
      .toBeGreaterThan(0)

    // And in the Library: open the item and its player loads the video.
    await page.getByRole('button', { name: 'Library', exact: true }).click()
    await page.getByRole('heading', { name: 'Library', level: 1 }).waitFor()
    const item = (await libraryTiles(a, { media: 'video' }, 5))[0]!
    expect(item.promptPreview).toBe('waves on a pier')
    expect(item.hasThumb).toBe(false)
    await page.getByRole('listbox').getByRole('option').first().dblclick()
    const player = page.getByRole('dialog').locator('video')
    await player.waitFor()
    // It plays: served by the app's gen-media handler to a crossOrigin <video>, which Electron
    // allows only for a scheme registered with corsEnabled.
    await player.evaluate((v: HTMLVideoElement) => {
      v.muted = true
      return v.play()
    })
    await expect
      .poll(() => player.evaluate((v: HTMLVideoElement) => v.currentTime))
      .toBeGreaterThan(0.2)
    expect(await player.evaluate((v: HTMLVideoElement) => v.duration)).toBeGreaterThan(0)
    // Its poster frame was grabbed from the playing video and stored as the tile's thumbnail.
    await expect
      .poll(async () => (await libraryTiles(a, { media: 'video' }, 5))[0]!.hasThumb)
      .toBe(true)
    // A video has no thumbnail until the library grabs its poster frame: the only 404s allowed.
    expect(
      failed.filter((u) => !u.includes('.gen-media.localhost:') || !u.includes('thumb.')),
    ).toEqual([])
    expect(a.pageErrors.filter((e) => !e.includes('404 (Not Found)'))).toEqual([])
  })

  it('sends native art infill with two character prompts and a painted mask', async () => {
    const a = await open('Art model')
    const { page } = a
    await page.getByLabel('Infill (repaint a masked area)').check()
    const src = await png('source.png', 832, 1216, [40, 160, 90])
    await dropPng(a, 'art.source', src)
    await page.getByTestId('mask-canvas-art').waitFor()
    await paintStroke(page, 'mask-canvas-art')
    // The mask is encoded to PNG (toBlob) before the form shows it: allow for a loaded machine.
    await expect.poll(() => page.getByText(/% marked\./).count(), { timeout: 10_000 }).toBe(1)

    await page.getByLabel('Prompt', { exact: true }).fill('two knights in a garden')
    await page.getByRole('button', { name: 'Add character' }).click()
    await page.getByRole('button', { name: 'Add character' }).click()
    await page.getByLabel('Character 1 prompt').fill('knight in red armour')
    await page.getByLabel('Character 2 prompt').fill('knight in blue armour')
    await page.getByLabel('Place characters automatically').uncheck()
    await page.getByLabel('Character 2 position').selectOption('D2')
    await page.getByRole('button', { name: 'Generate' }).click()
    await waitSaved(page)

    const call = a.calls.find((c) => c.channel === 'generate:submitNative')!
    const payload = call.payload as {
      request: { action: string; parameters: Record<string, unknown>; use_coords?: boolean }
      image: string
      mask: string
    }
    expect(payload.request.action).toBe('infill')
    expect(payload.image).toBe(src)
    const caps = (
      payload.request.parameters.v4_prompt as {
        caption: { char_captions: Array<{ char_caption: string; centers?: unknown }> }
      }
    ).caption.char_captions
    expect(caps.map((c) => c.char_caption)).toEqual([
      'knight in red armour',
      'knight in blue armour',
    ])
    expect(caps[1]!.centers).toEqual([{ x: 0.7, y: 0.3 }])
    expect(payload.request.use_coords).toBe(true)
    // The mask is a PNG at the source's size: white where painted, black elsewhere.
    const { data, info } = await sharp(payload.mask).raw().toBuffer({ resolveWithObject: true })
    expect([info.width, info.height]).toEqual([832, 1216])
    const at = (x: number, y: number) =>
      data[(Math.round(y) * info.width + Math.round(x)) * info.channels]!
    expect(at(832 * 0.35, 1216 * 0.3)).toBeGreaterThan(200)
    expect(at(832 * 0.8, 1216 * 0.8)).toBeLessThan(50)
    const item = (await libraryTiles(a, { kinds: ['art'] }, 5))[0]!
    const full = await libraryItem(a, item.id)
    const sent = full.params.parameters as { v4_prompt: { caption: { char_captions: unknown[] } } }
    const saved = sent.v4_prompt
    expect(saved.caption.char_captions).toHaveLength(2)
    expect(a.pageErrors).toEqual([])
  })

  it('applies the settings of a PNG dropped on the form, field by field', async () => {
    const a = await open('Art model')
    const { page } = a
    await page.getByLabel('Prompt', { exact: true }).fill('a quiet harbour')
    await page.getByLabel('Steps').fill('30')
    await page.getByLabel('Fixed').check()
    await page.getByLabel('Seed value').fill('1234')
    await page.getByRole('button', { name: 'Generate' }).click()
    await waitSaved(page)
    const tile = (await libraryTiles(a, { kinds: ['art'] }, 1))[0]!
    const file = join(a.libraryDir, (await libraryItem(a, tile.id)).relPath)

    await page.getByLabel('Prompt', { exact: true }).fill('something else')
    await page.getByLabel('Steps').fill('12')
    await page.getByLabel('Random').check()
    await a.dropFiles('form[aria-label="Art model"]', [
      { name: 'result.png', bytes: await sharp(file).toBuffer(), type: 'image/png', path: file },
    ])
    await page.getByTestId('applied-notice').waitFor()
    expect(await page.getByLabel('Prompt', { exact: true }).inputValue()).toBe('a quiet harbour')
    expect(await page.getByLabel('Steps').inputValue()).toBe('30')
    expect(await page.getByLabel('Seed value').inputValue()).toBe('1234')
    expect(a.calls.filter((c) => c.channel === 'library:readSettings')).toHaveLength(1)
    expect(a.pageErrors).toEqual([])
  })

  it('refuses values out of range at the field and sends nothing', async () => {
    const a = await open('Images')
    const { page } = a
    const before = sim.ledger.totalMicros()
    const postsBefore = sim.requests().filter((r) => r.method === 'POST').length
    await page.getByLabel('Prompt').fill('a cat')
    await page.getByLabel('Images (n)').fill('5')
    await expect.poll(() => page.getByText('n must be 1 for std-image-2').count()).toBe(1)
    await page.getByLabel('Size').selectOption('custom')
    await page.getByLabel('Custom size (WIDTHxHEIGHT)').fill('1030x1024')
    await expect
      .poll(() => page.getByText('size: width and height must be multiples of 8').count())
      .toBe(1)
    await page.getByRole('button', { name: 'Generate' }).click()
    await page.getByLabel('Prompt').press('Control+Enter')

    await page.getByRole('button', { name: 'Video', exact: true }).click()
    await page.getByLabel('Model').selectOption('motion-2.0')
    await page.getByLabel('Prompt').fill('a storm')
    await page.getByLabel('Duration (seconds)').fill('40')
    await expect
      .poll(() => page.getByText('duration must be 4 to 15 seconds for motion-2.0').count())
      .toBe(1)
    await page.getByRole('button', { name: 'Generate' }).click()

    await page.getByRole('button', { name: 'Art model', exact: true }).click()
    await page.getByLabel('Prompt', { exact: true }).fill('a castle')
    await page.getByLabel('Steps').fill('51')
    await page.getByLabel('Guidance').fill('12')
    await expect.poll(() => page.getByText('Steps must be 1 to 50').count()).toBe(1)
    await expect.poll(() => page.getByText('Guidance (scale) must be 0 to 10').count()).toBe(1)
    await page.getByRole('button', { name: 'Generate' }).click()
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('name')))
      .toBe('art-steps')

    await page.getByRole('button', { name: 'Workbench', exact: true }).click()
    await page.getByLabel('Prompt', { exact: true }).fill('a tower')
    await page.getByLabel('Count').fill('9')
    await expect.poll(() => page.getByText('Count must be 1 to 4').count()).toBe(1)
    await page.getByRole('button', { name: 'Get quote' }).click()

    expect(submits(a)).toHaveLength(0)
    expect(a.calls.filter((c) => c.channel.startsWith('generate:'))).toHaveLength(0)
    expect(sim.ledger.totalMicros()).toBe(before)
    expect(sim.requests().filter((r) => r.method === 'POST').length).toBe(postsBefore)
    expect(a.pageErrors).toEqual([])
  })

  it('workbench: uploads assets, quotes, generates with live previews, and a changed or expired quote asks again', async () => {
    const slow = await startSimulator({ timeScale: 0.6, quoteTtlMs: 12_000 })
    try {
      const a = await open('Workbench', slow)
      const { page } = a
      await page.getByLabel('Prompt', { exact: true }).fill('a tower over the sea')
      const ref = await png('reference.png', 256, 256, [200, 200, 40])
      await dropPng(a, 'workbench.references', ref)
      await expect.poll(() => page.getByTestId('reference-thumb').count()).toBe(1)
      await page.getByRole('button', { name: 'Get quote' }).click()
      const quote = page.getByTestId('quote')
      await quote.waitFor()
      expect(await page.getByTestId('quote-price').textContent()).toMatch(/^\$0\.00\d+/)
      expect(await page.getByTestId('quote-payment').textContent()).toBe('Membership allowance')
      expect(await page.getByTestId('quote-allowance.applies').textContent()).toBe(
        'Pays for this generation',
      )
      // Issue #34, item 5: the service's field names and raw booleans never show as words.
      expect(await quote.textContent()).not.toMatch(
        /model.variant|balance.sufficient|\b(true|false)\b/,
      )
      expect(a.calls.filter((c) => c.channel === 'generate:uploadAsset')).toHaveLength(1)

      // A change makes the quote stale: Generate is refused until a new quote.
      await page.getByLabel('Steps').fill('24')
      await expect
        .poll(() => page.getByTestId('quote-problem').textContent())
        .toContain('settings changed')
      expect(await page.getByRole('button', { name: 'Generate', exact: true }).isDisabled()).toBe(
        true,
      )
      await page.getByRole('button', { name: 'Get new quote' }).click()
      await expect.poll(() => page.getByTestId('quote-problem').count()).toBe(0)
      // Same file: uploaded once, its asset id reused.
      expect(a.calls.filter((c) => c.channel === 'generate:uploadAsset')).toHaveLength(1)

      await page.getByRole('button', { name: 'Generate', exact: true }).click()
      const card = page.getByTestId('result').first()
      await card.getByTestId('preview').waitFor({ timeout: 30_000 })
      await expect.poll(() => card.getAttribute('data-state'), { timeout: 60_000 }).toBe('saved')
      const submit = a.calls.find((c) => c.channel === 'tasks:submit')!.payload as {
        kind: string
        request: Record<string, unknown>
        quote: { quoteId: string; priceUsd: number }
      }
      expect(submit.kind).toBe('workbench')
      expect(submit.request.steps).toBe(24)
      expect(submit.request.reference_asset_ids).toHaveLength(1)
      expect(submit.quote.quoteId).toMatch(/^quote_/)
      expect(await libraryTiles(a, { kinds: ['workbench'] }, 5)).toHaveLength(1)

      // An expired quote asks again.
      await page.getByRole('button', { name: 'Get quote' }).click()
      await quote.waitFor()
      await expect
        .poll(() => page.getByTestId('quote-problem').textContent(), { timeout: 30_000 })
        .toContain('expired')
      expect(await page.getByRole('button', { name: 'Generate', exact: true }).isDisabled()).toBe(
        true,
      )
      expect(a.pageErrors).toEqual([])
    } finally {
      await app?.close()
      app = null
      await slow.close()
    }
  })

  it('workbench: a task survives a restart and shows its previews again', async () => {
    const slow = await startSimulator({ timeScale: 2 })
    try {
      let a = await open('Workbench', slow)
      await a.page.getByLabel('Prompt', { exact: true }).fill('a lantern in the fog')
      await a.page.getByRole('button', { name: 'Get quote' }).click()
      await a.page.getByTestId('quote').waitFor()
      await a.page.getByRole('button', { name: 'Generate', exact: true }).click()
      await a.page.getByTestId('result').first().getByTestId('preview').waitFor({ timeout: 30_000 })

      a = await a.restart()
      a = await open('Workbench', slow, a)
      const card = a.page.getByTestId('result').first()
      await expect.poll(() => card.textContent()).toContain('a lantern in the fog')
      await card.getByTestId('preview').waitFor({ timeout: 30_000 })
      await expect.poll(() => card.getAttribute('data-state'), { timeout: 60_000 }).toBe('saved')
      expect(slow.ledger.charges()).toHaveLength(1)
      expect(a.pageErrors).toEqual([])
    } finally {
      await app?.close()
      app = null
      await slow.close()
    }
  })
})
