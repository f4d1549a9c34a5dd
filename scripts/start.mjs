#!/usr/bin/env node
// `npm start`: build the app and launch it in Electron. Where no Electron binary could be installed
// (for example with ELECTRON_SKIP_BINARY_DOWNLOAD=1), say so plainly instead of failing obscurely.
import { spawn, spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { createRequire } from 'node:module'

const root = new URL('..', import.meta.url).pathname
const build = spawnSync('npx', ['electron-vite', 'build'], {
  cwd: root,
  stdio: 'inherit',
  shell: process.platform === 'win32',
})
if (build.status !== 0) process.exit(build.status ?? 1)

let electron = null
try {
  electron = createRequire(import.meta.url)('electron')
} catch {
  electron = null
}
if (typeof electron !== 'string' || !existsSync(electron)) {
  console.error(
    '\nThe app is built (out/), but no Electron binary is installed, so it cannot open a window.\n' +
      'Install it with:  npm rebuild electron   (needs network access to download Electron;\n' +
      'unset ELECTRON_SKIP_BINARY_DOWNLOAD first). Then run npm start again.',
  )
  process.exit(1)
}
const child = spawn(electron, ['.'], { cwd: root, stdio: 'inherit' })
child.on('exit', (code) => process.exit(code ?? 0))
