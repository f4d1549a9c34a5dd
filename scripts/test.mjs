#!/usr/bin/env node
// The whole test suite: build the app, then every vitest project (unit, renderer, integration with
// the real keychain, e2e in real Chromium). On Linux without a session bus it starts one with an
// unlocked gnome-keyring, so keychain tests use a real Secret Service. Ends with "N passed, N failed".
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

const root = new URL('..', import.meta.url).pathname
const resultsDir = join(root, 'test-results')
const report = join(resultsDir, 'vitest.json')
mkdirSync(resultsDir, { recursive: true })
const extra = process.argv.slice(2)

const env = { ...process.env, ELECTRON_SKIP_BINARY_DOWNLOAD: '1' }
// npx is a .cmd on Windows, which spawn only finds through a shell.
const shell = process.platform === 'win32'

if (!process.env.SKIP_BUILD) {
  const build = spawnSync('npx', ['electron-vite', 'build'], {
    cwd: root,
    stdio: 'inherit',
    env,
    shell,
  })
  if (build.status !== 0) {
    console.log('0 passed, 1 failed')
    process.exit(build.status ?? 1)
  }
}

const vitest = [
  'npx',
  'vitest',
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${report}`,
  ...extra,
]
const quoted = vitest.map((a) => `'${a.replace(/'/g, `'\\''`)}'`).join(' ')

// The test keyring lives in a fresh folder each run, so a keyring left by an earlier run (with
// another password) can never be the one that is locked.
const keyringHome = mkdtempSync(join(tmpdir(), 'gen-studio-keyring-'))

const needsBus =
  process.platform === 'linux' &&
  !process.env.DBUS_SESSION_BUS_ADDRESS &&
  hasCommand('dbus-run-session')
const run = needsBus
  ? spawnSync(
      'dbus-run-session',
      [
        '--',
        'sh',
        '-c',
        `printf 'gen-studio-test' | XDG_DATA_HOME='${keyringHome}' gnome-keyring-daemon --unlock --components=secrets >/dev/null 2>&1; exec ${quoted}`,
      ],
      { cwd: root, stdio: 'inherit', env },
    )
  : spawnSync(vitest[0], vitest.slice(1), { cwd: root, stdio: 'inherit', env, shell })

rmSync(keyringHome, { recursive: true, force: true })

let passed = 0
let failed = 0
let skipped = 0
if (existsSync(report)) {
  const json = JSON.parse(readFileSync(report, 'utf8'))
  passed = json.numPassedTests ?? 0
  failed = json.numFailedTests ?? 0
  skipped = (json.numPendingTests ?? 0) + (json.numTodoTests ?? 0)
  // A file that failed outside its tests (load error, a failing beforeAll) may count no failed
  // test; count it as one failure so it cannot hide behind skipped tests.
  for (const file of json.testResults ?? []) {
    const tests = file.assertionResults ?? []
    if (file.status === 'failed' && !tests.some((t) => t.status === 'failed')) failed += 1
  }
}
if (run.status !== 0 && failed === 0) failed = 1
// Skips get their own line so the last line is exactly "N passed, N failed", as CI reads it.
if (skipped) console.log(`\n${skipped} skipped`)
console.log(`${skipped ? '' : '\n'}${passed} passed, ${failed} failed`)
process.exit(run.status ?? 1)

function hasCommand(name) {
  return spawnSync('sh', ['-c', `command -v ${name}`], { stdio: 'ignore' }).status === 0
}
