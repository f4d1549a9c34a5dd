import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import { nativeRequestOf } from '@main/services/tasks/gateway/ServiceTaskGateway'
import type { GatewayTask } from '@main/services/tasks/ports'
import sharp from 'sharp'
import { afterAll, describe, expect, it } from 'vitest'

const dir = mkdtempSync(join(tmpdir(), 'gen-studio-gateway-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

const task = (over: Partial<GatewayTask>): GatewayTask => ({
  id: 't1',
  kind: 'native',
  idempotencyKey: 'k',
  request: {
    input: 'a garden',
    model: 'art-diffusion-4-5-full',
    action: 'img2img',
    parameters: { width: 64, height: 64, strength: 0.5 },
  },
  files: { images: [] },
  serverId: null,
  quote: null,
  demo: false,
  ...over,
})

describe('the native request as sent', () => {
  it('encodes the task’s source image and mask into parameters only now', async () => {
    const image = join(dir, 'image.png')
    const bytes = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#123' } })
      .png()
      .toBuffer()
    writeFileSync(image, bytes)
    const sent = await nativeRequestOf(task({ files: { images: [], image, mask: image } }))
    expect(sent.parameters).toMatchObject({
      width: 64,
      strength: 0.5,
      image: bytes.toString('base64'),
      mask: bytes.toString('base64'),
    })
  })

  it('sends a task journaled before files were kept (Base64 already in its request) as it is', async () => {
    const old = task({
      request: {
        input: 'a garden',
        model: 'art-diffusion-4-5-full',
        action: 'img2img',
        parameters: { width: 64, height: 64, image: 'iVBORw0KGgo=' },
      },
    })
    expect(await nativeRequestOf(old)).toBe(old.request)
  })

  it('refuses a kept file that is no longer an image', async () => {
    const broken = join(dir, 'broken.png')
    writeFileSync(broken, 'not a png')
    await expect(
      nativeRequestOf(task({ files: { images: [], image: broken } })),
    ).rejects.toMatchObject({ error: { code: 'validation' } })
  })
})
