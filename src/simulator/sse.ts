/** Server-Sent Events writing with keepalives and the stream faults (drop, stall). */
import type { ServerResponse } from 'node:http'

import type { FaultRule } from './faults'
import { sleep } from './http'

export class SseWriter {
  private events = 0
  private keepalive: NodeJS.Timeout | null = null
  private ended = false

  constructor(
    private readonly res: ServerResponse,
    private readonly fault: FaultRule | null,
    keepaliveMs: number | null,
  ) {
    res.writeHead(200, {
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-cache',
      Connection: 'keep-alive',
      'X-Accel-Buffering': 'no',
    })
    res.flushHeaders()
    if (keepaliveMs !== null && keepaliveMs > 0) {
      this.keepalive = setInterval(() => {
        if (!this.closed) this.res.write(`event: keepalive\ndata: {"t":${Date.now()}}\n\n`)
      }, keepaliveMs)
      this.keepalive.unref()
    }
    res.on('close', () => this.stop())
  }

  /** True once the client went away or the stream ended. */
  get closed(): boolean {
    return this.ended || this.res.destroyed || this.res.writableEnded
  }

  /** Writes one event (`name` null for a bare `data:` event), applying drop/stall faults first. */
  async send(name: string | null, data: string, id?: number): Promise<void> {
    if (this.closed) return
    const f = this.fault
    if (f && this.events === (f.afterEvents ?? 1)) {
      if (f.kind === 'sse-drop') {
        // Deliver what was written, then drop the connection without ending the stream.
        this.stop()
        const socket = this.res.socket
        this.res.write(': \n', () => socket?.destroy())
        return
      }
      if (f.kind === 'stall') await sleep(f.stallMs ?? 1000)
      if (this.closed) return
    }
    this.events++
    let out = ''
    if (id !== undefined) out += `id: ${id}\n`
    if (name !== null) out += `event: ${name}\n`
    for (const line of data.split('\n')) out += `data: ${line}\n`
    this.res.write(`${out}\n`)
  }

  comment(text: string): void {
    if (!this.closed) this.res.write(`: ${text}\n\n`)
  }

  end(): void {
    if (this.closed) return
    this.stop()
    this.res.end()
  }

  private stop(): void {
    this.ended = true
    if (this.keepalive) clearInterval(this.keepalive)
    this.keepalive = null
  }
}
