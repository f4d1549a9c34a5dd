#!/usr/bin/env node
// `npm run native`: makes the Electron build of better-sqlite3 that `npm start` and the packaged
// app load, next to (never instead of) the Node build `npm install` made, so `npm test` (Node) and
// `npm start` (Electron) work on the same checkout. The build lands in
// .cache/native/electron-<platform>-<arch>/better_sqlite3.node and is made only when missing or
// stamped for another ABI (src/main/adapters/sqlite/nativeBinding.ts chooses it at run time).
//
// How: a private copy of node_modules/better-sqlite3, then better-sqlite3's own prebuilt binary
// for Electron (prebuild-install --runtime electron), else a source build against Electron's
// headers (node-gyp --dist-url=https://electronjs.org/headers). Both need the network once.
import { spawnSync } from 'node:child_process'
import {
  copyFileSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const ROOT = fileURLToPath(new URL('..', import.meta.url))
export const ADDON = 'better_sqlite3.node'

/** The ABI stamp of an addon file (same rule as src/shared/nativeAbi.ts; a test keeps them equal). */
export function addonAbiOf(path) {
  if (!existsSync(path)) return 'missing'
  const text = readFileSync(path).toString('latin1')
  const classic = /node_register_module_v(\d+)/.exec(text)
  if (classic) return Number(classic[1])
  return text.includes('napi_register_module_v1') ? 'napi' : null
}

/** Electron's version and NODE_MODULE_VERSION, from the installed npm package. */
export function electronTarget(root = ROOT) {
  const dir = join(root, 'node_modules', 'electron')
  const version = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')).version
  const abi = Number(readFileSync(join(dir, 'abi_version'), 'utf8').trim())
  return { version, abi }
}

export const cacheFile = (root, platform, arch) =>
  join(root, '.cache', 'native', `electron-${platform}-${arch}`, ADDON)

/** 'up-to-date' when the cached build is stamped for Electron's ABI; otherwise 'build'. */
export function plan(targetAbi, existingAbi) {
  return existingAbi === targetAbi ? 'up-to-date' : 'build'
}

const OFFLINE =
  /ENOTFOUND|EAI_AGAIN|ECONNREFUSED|ENETUNREACH|ETIMEDOUT|getaddrinfo|socket hang up|network connectivity/i

/** A failed attempt, summarised in one line for the message. */
function summary(result) {
  const lines = `${result.stderr ?? ''}\n${result.stdout ?? ''}`
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean)
  const offline = lines.find((l) => OFFLINE.test(l))
  const line =
    offline ??
    lines.filter((l) => /err|fail|unable|not found|404/i.test(l)).pop() ??
    `exit code ${result.status}`
  return { offline: offline !== undefined, line: line.slice(0, 240) }
}

/**
 * Runs a command and captures its output (the default runner). npm's `nodedir` setting (as
 * npm_config_nodedir) would point node-gyp at Node's own headers and silently build for Node's ABI:
 * it is removed so node-gyp fetches Electron's headers from --dist-url.
 */
export function runCommand(command, args, cwd) {
  const env = { ...process.env }
  for (const key of Object.keys(env)) if (/^npm_config_nodedir$/i.test(key)) delete env[key]
  const r = spawnSync(command, args, { cwd, env, encoding: 'utf8', timeout: 600_000 })
  return {
    status: r.status ?? 1,
    stdout: r.stdout ?? '',
    stderr: `${r.stderr ?? ''}${r.error ?? ''}`,
  }
}

/**
 * Makes sure the Electron build exists. Returns { status: 'up-to-date' | 'built', path }; throws
 * an Error whose message says what failed and what to do.
 */
export function ensureElectronBuild({
  root = ROOT,
  platform = process.platform,
  arch = process.arch,
  run = runCommand,
  log = () => {},
} = {}) {
  const target = electronTarget(root)
  const out = cacheFile(root, platform, arch)
  if (plan(target.abi, addonAbiOf(out)) === 'up-to-date') return { status: 'up-to-date', path: out }

  const work = mkdtempSync(join(tmpdir(), 'gen-studio-native-'))
  try {
    const pkg = join(work, 'better-sqlite3')
    cpSync(join(root, 'node_modules', 'better-sqlite3'), pkg, {
      recursive: true,
      filter: (src) => !src.includes(`${join('better-sqlite3', 'build')}`),
    })
    const built = join(pkg, 'build', 'Release', ADDON)
    const attempts = []
    log(
      `Fetching better-sqlite3's prebuilt binary for Electron ${target.version} (${platform}-${arch})…`,
    )
    const prebuilt = run(
      process.execPath,
      [
        join(root, 'node_modules', 'prebuild-install', 'bin.js'),
        '--runtime',
        'electron',
        '--target',
        target.version,
        '--platform',
        platform,
        '--arch',
        arch,
      ],
      pkg,
    )
    attempts.push({ what: 'the prebuilt download (GitHub)', ...summary(prebuilt) })
    if (prebuilt.status !== 0 || addonAbiOf(built) !== target.abi) {
      log('No prebuilt binary; building from source against Electron’s headers…')
      const source = run(
        process.execPath,
        [
          join(root, 'node_modules', 'node-gyp', 'bin', 'node-gyp.js'),
          'rebuild',
          '--release',
          `--target=${target.version}`,
          `--arch=${arch}`,
          '--dist-url=https://electronjs.org/headers',
        ],
        pkg,
      )
      const made = addonAbiOf(built)
      attempts.push({
        what: 'the source build (Electron headers from electronjs.org)',
        ...(source.status === 0 && made !== target.abi
          ? { offline: false, line: `it built for NODE_MODULE_VERSION ${made}, not ${target.abi}` }
          : summary(source)),
      })
    }
    const abi = addonAbiOf(built)
    if (abi !== target.abi) {
      const offline = attempts.every((a) => a.offline)
      throw new Error(
        [
          `Could not make better-sqlite3 for Electron ${target.version} (NODE_MODULE_VERSION ${target.abi}).`,
          ...attempts.map((a) => `- ${a.what}: ${a.line}`),
          offline
            ? 'Both need internet access once, and this machine could not reach the servers. Connect (or set your proxy) and run `npm run native` again.'
            : 'Check the errors above (a C++ toolchain is needed for the source build), then run `npm run native` again.',
          'Without it Gen Studio cannot open its databases in Electron; `npm test` (Node.js) is not affected.',
        ].join('\n'),
      )
    }
    mkdirSync(dirname(out), { recursive: true })
    copyFileSync(built, out)
    return { status: 'built', path: out }
  } finally {
    rmSync(work, { recursive: true, force: true })
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  try {
    const { status, path } = ensureElectronBuild({ log: (m) => console.log(m) })
    console.log(status === 'built' ? `Made ${path}` : `Up to date: ${path}`)
  } catch (e) {
    console.error(`\n${e.message}`)
    process.exit(1)
  }
}
