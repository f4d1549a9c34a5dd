/**
 * The real task service (client, downloads, engine, journal, library) against a hostile service
 * that shares no code with the app or the simulator (test/support/hostileService.ts). Whatever
 * the service answers, a task ends saved or in a state that says what was wrong; it never charges
 * twice, never hangs, never blocks the tasks behind it, and nothing escapes as an uncaught error
 * (vitest fails the run on any). Issue #13; the fault model is docs/FAULTS.md.
 */
import type { SubmitTaskInput } from '@shared/tasks/submit'
import type { TaskView } from '@shared/tasks/views'
import { type HostileService, startHostileService } from '@test/support/hostileService'
import { libraryFiles } from '@test/support/libraryCheck'
import { makeMp4, makePng } from '@test/support/mediaFixtures'
import { type Stack, startStack } from '@test/support/simulatorStack'
import { afterEach, describe, expect, it } from 'vitest'
import yazl from 'yazl'

let service: HostileService | null = null
let third: HostileService | null = null
let stack: Stack | null = null
afterEach(async () => {
  await stack?.close()
  await service?.close()
  await third?.close()
  stack = service = third = null
})

async function start(): Promise<{ service: HostileService; stack: Stack }> {
  service = await startHostileService()
  stack = await startStack({ baseUrl: service.baseUrl, key: service.key })
  return { service, stack }
}

const IMAGE: SubmitTaskInput = {
  kind: 'image',
  request: { model: 'std-image-2', prompt: 'a lighthouse', quality: 'low', size: '1024x1024' },
}
const IMAGE_B64: SubmitTaskInput = {
  kind: 'image',
  request: { ...IMAGE.request, response_format: 'b64_json' },
}
const VIDEO: SubmitTaskInput = {
  kind: 'video',
  request: { model: 'motion-2.0-fast', prompt: 'waves', duration: 4, resolution: '480p' },
}
const native = (prompt: string): SubmitTaskInput => ({
  kind: 'native',
  request: {
    input: prompt,
    model: 'art-diffusion-4-5-full',
    action: 'generate',
    parameters: { width: 512, height: 512, steps: 10, n_samples: 1, seed: 3 },
  },
})

async function settle(id: string, states: string[], ms = 30_000): Promise<TaskView> {
  const end = Date.now() + ms
  for (;;) {
    const view = await stack!.tasks.get(id)
    if (states.includes(view.state)) return view
    if (Date.now() > end)
      throw new Error(`task still ${view.state}: ${JSON.stringify(view.notice ?? view.error)}`)
    await new Promise((r) => setTimeout(r, 40))
  }
}

const keysOf = (route: string) =>
  new Set(service!.seen(route).map((r) => r.headers['idempotency-key']))

/** A ZIP with one PNG; `rename` rewrites its name in the bytes (to forge `../` names). */
async function zipOf(png: Buffer, name = 'image_0.png', rename?: string): Promise<Buffer> {
  const zip = new yazl.ZipFile()
  zip.addBuffer(png, name, { compress: true })
  zip.end()
  const chunks: Buffer[] = []
  for await (const c of zip.outputStream) chunks.push(c as Buffer)
  const buf = Buffer.concat(chunks)
  if (rename) {
    for (let at = buf.indexOf(name); at >= 0; at = buf.indexOf(name, at + 1))
      buf.write(rename, at, 'latin1')
  }
  return buf
}

const imageAt = (url: string) => ({ created: 1, data: [{ url }] })

describe('answers that will never parse stop after a few tries, with one key and one charge', () => {
  const unusable: Array<[string, () => Promise<object | { status: number; body: string }>]> = [
    [
      'data[0].url is an object',
      async () => ({ body: { created: 1, data: [{ url: { href: 'x' } }] } }),
    ],
    [
      'b64_json is not Base64',
      async () => ({ body: { created: 1, data: [{ b64_json: '%%%not base64%%%' }] } }),
    ],
    [
      'a 200 with an HTML page',
      async () => ({
        headers: { 'content-type': 'text/html' },
        body: '<html><body>Welcome to nginx!</body></html>',
      }),
    ],
  ]
  it.each(unusable)('%s', async (_, make) => {
    const { service, stack } = await start()
    const answer = await make()
    service.on('POST /v1/images/generations', () => ({ charge: true, ...answer }))
    const task = await stack.admission.submit(IMAGE)
    const view = await settle(task.id, ['needs_attention', 'failed', 'saved'])
    expect(view.state).toBe('needs_attention')
    expect(view.error?.code).toBe('bad_response')
    expect(view.error?.message).toMatch(/could not be used \(3 times in a row\)/)
    expect(service.seen('POST /v1/images/generations')).toHaveLength(3)
    expect(keysOf('POST /v1/images/generations').size).toBe(1)
    expect(service.charges().size).toBe(1)
    // Nothing is retried after that, and the user can still dismiss it.
    await new Promise((r) => setTimeout(r, 500))
    expect(service.seen('POST /v1/images/generations')).toHaveLength(3)
    await stack.tasks.dismiss(task.id)
  })
})

describe('answers a careful client survives', () => {
  it('a reset after the charge: the same key again, one charge, saved', async () => {
    const { service, stack } = await start()
    const png = await makePng()
    service.on('POST /v1/images/generations', (_r, n) =>
      n === 1
        ? { charge: true, reset: true }
        : { charge: true, body: { created: 1, data: [{ b64_json: png.toString('base64') }] } },
    )
    const task = await stack.admission.submit(IMAGE_B64)
    expect((await settle(task.id, ['saved', 'failed', 'needs_attention'])).state).toBe('saved')
    expect(keysOf('POST /v1/images/generations').size).toBe(1)
    expect(service.charges().size).toBe(1)
  })

  it('a 429 with Retry-After as an HTTP date is waited out, then the same key is sent', async () => {
    const { service, stack } = await start()
    const png = await makePng()
    service.on('POST /v1/images/generations', (_r, n) =>
      n === 1
        ? {
            status: 429,
            headers: { 'retry-after': new Date(Date.now() + 1_500).toUTCString() },
            body: { error: { message: 'slow down' } },
          }
        : { charge: true, body: { created: 1, data: [{ b64_json: png.toString('base64') }] } },
    )
    const task = await stack.admission.submit(IMAGE_B64)
    expect((await settle(task.id, ['saved', 'failed', 'needs_attention'])).state).toBe('saved')
    const [first, second] = service.seen('POST /v1/images/generations')
    // HTTP dates have whole seconds: at least the remaining part of the window was waited.
    expect(second!.at - first!.at).toBeGreaterThanOrEqual(400)
    expect(keysOf('POST /v1/images/generations').size).toBe(1)
  })

  it('a download redirected to a third origin carries no credentials there', async () => {
    const { service, stack } = await start()
    third = await startHostileService()
    const png = await makePng()
    third.on('GET /cdn/*', () => ({ headers: { 'content-type': 'image/png' }, body: png }))
    service.on('GET /files/*', () => ({
      status: 302,
      headers: { location: `${third!.baseUrl}/cdn/a.png` },
    }))
    service.on('POST /v1/images/generations', () => ({
      charge: true,
      body: imageAt(`${service.baseUrl}/files/a.png`),
    }))
    const task = await stack.admission.submit(IMAGE)
    expect((await settle(task.id, ['saved', 'failed', 'needs_attention'])).state).toBe('saved')
    const [cdn] = third.seen('GET /cdn/*')
    expect(cdn!.headers.authorization).toBeUndefined()
    expect(JSON.stringify(cdn!.headers)).not.toContain(service.key)
    expect(service.seen('POST /v1/images/generations')[0]!.headers.authorization).toBe(
      `Bearer ${service.key}`,
    )
  })

  it('unknown video statuses mean "still running"; then the file is fetched and saved', async () => {
    const { service, stack } = await start()
    service.on('POST /v1/videos', () => ({ charge: true, body: { id: 'vid_1', status: 'queued' } }))
    const statuses = ['warming_up', 'rendering', 'encoding', 'completed']
    service.on('GET /v1/videos/*', (_r, n) => ({
      body: { id: 'vid_1', status: statuses[Math.min(n, statuses.length) - 1] },
    }))
    service.on('GET /v1/videos/*/content', () => ({
      headers: { 'content-type': 'video/mp4' },
      body: makeMp4(2, 320, 240),
    }))
    const task = await stack.admission.submit(VIDEO)
    expect((await settle(task.id, ['saved', 'failed', 'needs_attention'])).state).toBe('saved')
    expect(service.seen('GET /v1/videos/*').length).toBeGreaterThanOrEqual(4)
    expect(service.seen('POST /v1/videos')).toHaveLength(1)
  })

  it('a 401 in the middle of polling a paid video waits for the user instead of failing it', async () => {
    const { service, stack } = await start()
    service.on('POST /v1/videos', () => ({ charge: true, body: { id: 'vid_2', status: 'queued' } }))
    service.on('GET /v1/videos/*', (_r, n) =>
      n === 1
        ? { body: { id: 'vid_2', status: 'in_progress' } }
        : { status: 401, body: { error: { message: 'key revoked' } } },
    )
    const task = await stack.admission.submit(VIDEO)
    const view = await settle(task.id, ['saved', 'failed', 'needs_attention'])
    expect(view).toMatchObject({ state: 'needs_attention', attention: 'blocked' })
    expect(view.error?.code).toBe('auth')
  })
})

describe('hostile archives from the native endpoint', () => {
  const archives: Array<[string, () => Promise<Buffer>]> = [
    ['a ../ entry', async () => zipOf(await makePng(), 'xx/a.png', '../a.png')],
    [
      'corrupt deflate (an error in the entry stream)',
      async () => {
        const zip = await zipOf(Buffer.alloc(300_000, 9))
        zip[30 + zip.readUInt16LE(26) + zip.readUInt16LE(28)] = 0xff
        return zip
      },
    ],
    ['a ZIP bomb', async () => zipOf(Buffer.alloc(64 * 1024 * 1024, 0))],
    ['not a ZIP at all', async () => Buffer.from('<html>Bad gateway</html>')],
  ]
  it.each(archives)(
    '%s: stops with a clear error, and two stuck art tasks never block a third',
    async (_, make) => {
      const { service, stack } = await start()
      const bad = await make()
      const good = await zipOf(await makePng(32, 32, '#00aa00'))
      service.on('POST /ai/generate-image', (req) => ({
        charge: true,
        headers: { 'content-type': 'application/zip' },
        body: JSON.parse(req.body.toString()).input === 'good one' ? good : bad,
      }))
      // Art runs two at a time: two bad answers used to hold both slots for ever.
      const stuck = [
        await stack.admission.submit(native('bad 1')),
        await stack.admission.submit(native('bad 2')),
      ]
      const next = await stack.admission.submit(native('good one'))
      expect((await settle(next.id, ['saved', 'failed', 'needs_attention'])).state).toBe('saved')
      for (const t of stuck) {
        const view = await settle(t.id, ['needs_attention', 'failed', 'saved'])
        expect(view.state).toBe('needs_attention')
        expect(view.error?.code).toBe('bad_response')
      }
      expect(service.charges().size).toBe(3)
      expect(libraryFiles(stack.libraryDir).filter((f) => f.problem !== null)).toEqual([])
    },
  )
})

describe('the user can always stop a task', () => {
  it('Cancel during a stalled submission returns at once; the task keeps its key for Try again', async () => {
    const { service, stack } = await start()
    const png = await makePng()
    service.on('POST /v1/images/generations', (_r, n) =>
      n === 1
        ? { stallMs: 4_000, reset: true }
        : { charge: true, body: { created: 1, data: [{ b64_json: png.toString('base64') }] } },
    )
    const task = await stack.admission.submit(IMAGE_B64)
    await settle(task.id, ['submitting'])
    for (let i = 0; i < 100 && service.seen().length === 0; i++)
      await new Promise((r) => setTimeout(r, 20))
    const started = Date.now()
    const stopped = await stack.tasks.cancel(task.id)
    expect(Date.now() - started).toBeLessThan(500)
    expect(stopped).toMatchObject({ state: 'needs_attention', attention: 'blocked' })
    await stack.tasks.resume(task.id)
    expect((await settle(task.id, ['saved', 'failed'], 20_000)).state).toBe('saved')
    expect(keysOf('POST /v1/images/generations').size).toBe(1)
  })
})
