#!/usr/bin/env node
// `npm start`: build the app, make sure better-sqlite3 has a build for Electron (`npm run
// native`, once), and launch the app in Electron. Where something is missing it says what and
// what to run instead of failing obscurely.
import { spawn, spawnSync } from 'node:child_process'
import { existsSync, readFileSync, statSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

import { ensureElectronBuild } from './native.mjs'

const root = fileURLToPath(new URL('..', import.meta.url))

/** The Electron binary npm installed, or null (ELECTRON_SKIP_BINARY_DOWNLOAD, no network). */
export function electronBinary(require = createRequire(import.meta.url)) {
  try {
    const path = require('electron')
    return typeof path === 'string' && existsSync(path) ? path : null
  } catch {
    return null
  }
}

/**
 * What Linux needs from the command line to start Electron from a checkout, and why:
 * - as root, Chromium refuses to run with its sandbox ("Running as root without --no-sandbox is
 *   not supported");
 * - where unprivileged user namespaces are restricted (Ubuntu 24.04's AppArmor:
 *   kernel.apparmor_restrict_unprivileged_userns = 1) the sandbox needs the SUID helper
 *   node_modules/electron/dist/chrome-sandbox owned by root with mode 4755; without it Electron
 *   aborts ("The SUID sandbox helper binary was found, but is not configured correctly").
 * For this development run only, the sandbox is turned off with a printed warning and the
 * permanent fix; a packaged app never does this (see README).
 */
export function linuxSandbox({ platform, uid, usernsRestricted, helper }) {
  if (platform !== 'linux') return { args: [], note: null }
  if (uid === 0) {
    return {
      args: ['--no-sandbox'],
      note: 'Running as root: Chromium refuses its sandbox as root, so this run uses --no-sandbox. Run npm start as a normal user to keep the sandbox.',
    }
  }
  const helperOk = helper && helper.uid === 0 && (helper.mode & 0o4777) === 0o4755
  if (usernsRestricted && !helperOk) {
    return {
      args: ['--no-sandbox'],
      note:
        'This system restricts unprivileged user namespaces (Ubuntu 24.04 AppArmor), and Electron’s sandbox helper is not set up, so this development run uses --no-sandbox. To keep the sandbox, run once:\n' +
        '  sudo chown root:root node_modules/electron/dist/chrome-sandbox && sudo chmod 4755 node_modules/electron/dist/chrome-sandbox',
    }
  }
  return { args: [], note: null }
}

function readLinuxFacts(binary) {
  let usernsRestricted = false
  try {
    usernsRestricted =
      readFileSync('/proc/sys/kernel/apparmor_restrict_unprivileged_userns', 'utf8').trim() === '1'
  } catch {
    // No AppArmor knob: user namespaces are not restricted this way.
  }
  let helper = null
  try {
    const s = statSync(join(binary, '..', 'chrome-sandbox'))
    helper = { uid: s.uid, mode: s.mode }
  } catch {
    helper = null
  }
  return { usernsRestricted, helper }
}

function main() {
  const build = spawnSync('npx', ['electron-vite', 'build'], {
    cwd: root,
    stdio: 'inherit',
    shell: process.platform === 'win32',
  })
  if (build.status !== 0) process.exit(build.status ?? 1)

  const binary = electronBinary()
  if (!binary) {
    console.error(
      '\nThe app is built (out/), but no Electron binary is installed, so it cannot open a window.\n' +
        'Install it with:  npm rebuild electron   (needs network access to download Electron;\n' +
        'unset ELECTRON_SKIP_BINARY_DOWNLOAD first). Then run npm start again.',
    )
    process.exit(1)
  }
  try {
    const made = ensureElectronBuild({ log: (m) => console.log(m) })
    if (made.status === 'built')
      console.log(`Made the Electron build of better-sqlite3: ${made.path}`)
  } catch (e) {
    console.error(`\n${e.message}`)
    process.exit(1)
  }
  const sandbox =
    process.platform === 'linux'
      ? linuxSandbox({
          platform: 'linux',
          uid: process.getuid?.() ?? -1,
          ...readLinuxFacts(binary),
        })
      : { args: [], note: null }
  if (sandbox.note) console.warn(`\n${sandbox.note}\n`)
  const child = spawn(binary, [...sandbox.args, '.'], { cwd: root, stdio: 'inherit' })
  child.on('exit', (code) => process.exit(code ?? 0))
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) main()
