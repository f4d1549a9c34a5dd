/**
 * A window's webPreferences as Electron resolves them
 * (https://www.electronjs.org/docs/latest/api/structures/web-preferences), and the double's
 * refusal of what it cannot play:
 * - `contextIsolation` defaults to true (Electron 12+); `nodeIntegration` to false; `webSecurity`
 *   to true.
 * - `sandbox` defaults to true (Electron 20+), but "enabling Node.js integration for a renderer
 *   process by setting nodeIntegration: true disables the sandbox", and `app.enableSandbox()`
 *   sandboxes every renderer whatever a window says
 *   (https://www.electronjs.org/docs/latest/tutorial/sandbox).
 * The double's pages are plain Chromium pages: it can play a sandboxed renderer (the preload gets
 * Electron's limited require, page/preloadEnv.ts) with or without contextIsolation, but not a
 * renderer with Node.js in it (nodeIntegration, or a preload that is not sandboxed), nor one
 * without the same-origin policy (webSecurity: false). Rather than run such a window as if it were
 * safe, the double refuses it with an error that names the preference, so an app that turns one
 * of them on fails its tests.
 */
export interface EffectivePreferences {
  preload: string | null
  contextIsolation: boolean
  sandbox: boolean
  nodeIntegration: boolean
  webSecurity: boolean
}

export function effectivePreferences(
  raw: Record<string, unknown> | undefined,
  appSandboxed: boolean,
): EffectivePreferences {
  const prefs = raw ?? {}
  const nodeIntegration = prefs.nodeIntegration === true
  const sandbox =
    appSandboxed || (typeof prefs.sandbox === 'boolean' ? prefs.sandbox : !nodeIntegration)
  return {
    preload: typeof prefs.preload === 'string' ? prefs.preload : null,
    contextIsolation: prefs.contextIsolation !== false,
    sandbox,
    nodeIntegration,
    webSecurity: prefs.webSecurity !== false,
  }
}

/** Throws when a window asks for a renderer the double cannot play faithfully (see above). */
export function refuseUnplayable(prefs: EffectivePreferences): void {
  const problems: string[] = []
  if (prefs.nodeIntegration && !prefs.sandbox)
    problems.push('nodeIntegration: true gives the page Node.js')
  if (!prefs.sandbox && prefs.preload)
    problems.push('sandbox: false gives the preload all of Node.js (require, fs, child_process)')
  if (!prefs.webSecurity)
    problems.push('webSecurity: false turns off the same-origin policy and lets any origin load')
  if (problems.length > 0) {
    throw new Error(
      `Electron double: this window cannot be played safely: ${problems.join('; ')}. Keep the renderer sandboxed, without Node.js and with webSecurity.`,
    )
  }
}
