/**
 * A hostile service that hands the caller's own API key back in every answer it gives (issue #32):
 * model ids, chat replies (streamed with the key split across deltas, or whole), image results
 * (URL, revised prompt) and error bodies. Built on test/support/hostileService.ts, which shares no
 * code with the app. Used by the integration test through container + IPC and by the e2e test
 * through the built app.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'

import { type HostileService, startHostileService } from './hostileService'

/** An SSE body whose deltas cut `text` into 5-character pieces, so the key is always split. */
function chatSse(text: string, key: string): string {
  const pieces = text.match(/[\s\S]{1,5}/g) ?? []
  const events: object[] = pieces.map((content) => ({
    id: `chatcmpl-${key}`,
    object: 'chat.completion.chunk',
    model: 'std-6-sol',
    choices: [{ index: 0, delta: { content }, finish_reason: null }],
  }))
  events.push({
    id: `chatcmpl-${key}`,
    object: 'chat.completion.chunk',
    model: 'std-6-sol',
    choices: [{ index: 0, delta: { content: '' }, finish_reason: 'stop' }],
  })
  return [...events.map((e) => `data: ${JSON.stringify(e)}\n\n`), 'data: [DONE]\n\n'].join('')
}

/** Scripts every route the test uses to reflect the key in its (successful) answer. */
export async function reflectingService(png: Buffer): Promise<HostileService> {
  const service = await startHostileService()
  const key = service.key
  service.on('GET /v1/models', () => ({
    body: {
      object: 'list',
      data: [
        { id: 'std-6-sol', object: 'model', owned_by: key },
        { id: `text-${key}`, object: 'model', owned_by: `org ${key}` },
      ],
    },
  }))
  service.on('POST /v1/chat/completions', (req) => {
    const body = JSON.parse(req.body.toString('utf8')) as { stream?: boolean }
    const reply = `Your key is ${key}; once more: ${key}. Bye.`
    if (body.stream) {
      return { headers: { 'content-type': 'text/event-stream' }, body: chatSse(reply, key) }
    }
    return {
      body: {
        id: `chatcmpl-${key}`,
        object: 'chat.completion',
        model: 'std-6-sol',
        choices: [
          { index: 0, message: { role: 'assistant', content: reply }, finish_reason: 'stop' },
        ],
        usage: { prompt_tokens: 3, completion_tokens: 9, total_tokens: 12, note: key },
      },
    }
  })
  service.on('POST /v1/images/generations', (req, n) => {
    const body = JSON.parse(req.body.toString('utf8')) as { prompt: string }
    if (body.prompt.includes('refuse me')) {
      return {
        status: 400,
        body: { error: { message: `Bad key ${key}`, type: key, code: key, param: key } },
      }
    }
    return {
      charge: true,
      body: {
        created: 1,
        data: [
          {
            url: `${service.baseUrl}/files/${key}/image-${n}.png?token=${key}`,
            revised_prompt: `a lighthouse, for ${key}`,
          },
        ],
      },
    }
  })
  service.on('GET /files/*/*', () => ({ headers: { 'content-type': 'image/png' }, body: png }))
  return service
}

/** Every file under `dir`, recursively (databases, WAL files, sidecars, logs, images). */
export function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    // Links (Chromium's Singleton* locks) are not files the app wrote.
    if (entry.isDirectory()) return filesUnder(path)
    return entry.isFile() ? [path] : []
  })
}

/** The files whose bytes hold `secret` (as UTF-8 or UTF-16). */
export function filesHolding(files: string[], secret: string): string[] {
  return files.filter((file) => {
    const bytes = readFileSync(file)
    return bytes.includes(secret) || bytes.includes(Buffer.from(secret, 'utf16le'))
  })
}
