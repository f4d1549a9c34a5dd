import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo, Socket } from 'node:net'

import type { Clock } from '@main/adapters/clock/Clock'
import { cancelledFailure } from '@main/adapters/clock/Clock'

/** A request as the loopback server received it, body included. */
export interface Received {
  method: string
  url: string
  headers: IncomingMessage['headers']
  body: Buffer
}

export type Handler = (req: Received, res: ServerResponse, raw: IncomingMessage) => unknown

/**
 * A real HTTP server on 127.0.0.1 with a scripted handler: fault cases (resets, stalls, cut
 * bodies, HTML) are written as plain Node HTTP, exactly as a misbehaving server would send them.
 */
export async function startLoopback(handler: Handler) {
  const received: Received[] = []
  const sockets = new Set<Socket>()
  const server = createServer((raw, res) => {
    const chunks: Buffer[] = []
    raw.on('data', (c: Buffer) => chunks.push(c))
    raw.on('end', () => {
      const req = {
        method: raw.method ?? '',
        url: raw.url ?? '',
        headers: raw.headers,
        body: Buffer.concat(chunks),
      }
      received.push(req)
      Promise.resolve(handler(req, res, raw)).catch((e) => {
        res.destroy(e as Error)
      })
    })
  })
  server.on('connection', (s) => {
    sockets.add(s)
    s.on('close', () => sockets.delete(s))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  const origin = `http://127.0.0.1:${port}`
  return {
    origin,
    received,
    async close() {
      for (const s of sockets) s.destroy()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}

export const sendJson = (
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
) => {
  const text = JSON.stringify(body)
  res.writeHead(status, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(text),
    ...headers,
  })
  res.end(text)
}

/** A clock whose sleeps return at once but are recorded, so backoff is asserted, not waited. */
export function recordingClock(start = Date.parse('2026-11-01T12:00:00Z')) {
  const sleeps: number[] = []
  let now = start
  const clock: Clock = {
    now: () => now,
    random: () => 0.5,
    sleep: async (ms, signal) => {
      if (signal?.aborted) throw cancelledFailure()
      sleeps.push(ms)
      now += ms
    },
  }
  return { clock, sleeps, advance: (ms: number) => (now += ms) }
}

/** The smallest PNG the reference check takes: header, dimensions, filler and IEND. */
export function pngBytes(width = 8, height = 8, extra = 64): Buffer {
  const head = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13])
  const ihdr = Buffer.alloc(17)
  ihdr.write('IHDR', 0, 'ascii')
  ihdr.writeUInt32BE(width, 4)
  ihdr.writeUInt32BE(height, 8)
  ihdr[12] = 8
  ihdr[13] = 6
  // IEND last: a complete file by the one reference check (a cut-off one has no IEND).
  const iend = Buffer.from([0, 0, 0, 0, 0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82])
  return Buffer.concat([head, ihdr, Buffer.alloc(4), Buffer.alloc(extra, 7), iend])
}
