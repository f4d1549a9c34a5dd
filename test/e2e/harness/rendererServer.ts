import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'

import { serveAppRequest } from '@main/protocols/appProtocol'

/**
 * Serves the BUILT renderer (out/renderer) over http on 127.0.0.1 through the same function the
 * app:// protocol uses in Electron, so the page gets the same files and the same CSP header.
 */
export async function serveRenderer(root = join(process.cwd(), 'out', 'renderer')) {
  const server: Server = createServer((req, res) => {
    const request = new Request(`http://127.0.0.1${req.url ?? '/'}`, { method: req.method })
    void serveAppRequest(root, request).then(async (response) => {
      res.writeHead(response.status, Object.fromEntries(response.headers))
      res.end(Buffer.from(await response.arrayBuffer()))
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}/`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
