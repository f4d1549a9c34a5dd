import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

/** A preload that exposes `probe.echo` (an IPC round trip) through contextBridge. */
export const ECHO_PRELOAD = `const { contextBridge, ipcRenderer } = require('electron')
contextBridge.exposeInMainWorld('probe', { echo: (v) => ipcRenderer.invoke('echo', v) })`

const roots: string[] = []

/**
 * A one-file "app" for the double's own tests: out/main/index.js from `main` and
 * out/preload/index.js from `preload`, in a temp folder (removed by removeTinyApps()). The main
 * script runs in the test's own process, so it can leave what it saw on `globalThis`.
 */
export function tinyApp(main: string, preload = ECHO_PRELOAD): string {
  const root = mkdtempSync(join(tmpdir(), 'gen-studio-double-app-'))
  roots.push(root)
  mkdirSync(join(root, 'out', 'main'), { recursive: true })
  mkdirSync(join(root, 'out', 'preload'), { recursive: true })
  writeFileSync(join(root, 'out', 'main', 'index.js'), main)
  writeFileSync(join(root, 'out', 'preload', 'index.js'), preload)
  return root
}

export function removeTinyApps(): void {
  for (const r of roots.splice(0)) rmSync(r, { recursive: true, force: true })
}
