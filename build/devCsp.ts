import { randomBytes } from 'node:crypto'

import type { Plugin } from 'vite'

/**
 * `npm run dev` serves the renderer from Vite's dev server, which needs one inline script (the
 * React Fast Refresh preamble) and injects <style> tags, both refused by the app's CSP
 * (`script-src 'self'; style-src 'self'`, src/shared/protocols.ts): the window stayed blank. In
 * dev only (`apply: 'serve'`), Vite puts a nonce on every tag it writes (`html.cspNonce`) and the
 * page's CSP allows exactly that nonce; the built app's CSP is never touched.
 */
export function devCsp(nonce = randomBytes(18).toString('base64')): Plugin {
  return {
    name: 'gen-studio-dev-csp',
    apply: 'serve',
    config: () => ({ html: { cspNonce: nonce } }),
    transformIndexHtml: {
      order: 'pre',
      handler: (html) =>
        html
          .replace("script-src 'self'", `script-src 'self' 'nonce-${nonce}'`)
          .replace("style-src 'self'", `style-src 'self' 'nonce-${nonce}'`),
    },
  }
}
