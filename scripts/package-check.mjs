#!/usr/bin/env node
// Checks what electron-builder actually packaged, against electron-builder.yml's promises.
//
//   node scripts/package-check.mjs stub [--out DIR]
//       Works offline: builds the app (electron-vite) if out/ is missing, takes the installed
//       Electron distribution on Linux when npm downloaded one, else makes a stub distribution whose
//       binary carries Electron's fuse wire, runs
//       `electron-builder --linux dir -c.electronDist=<stub> -c.electronVersion=<installed>
//        -c.npmRebuild=false` into DIR (default: a temp dir), then inspects the result.
//   node scripts/package-check.mjs verify [RELEASE_DIR]
//       After a real `electron-builder` run (CI): inspects every unpacked app in RELEASE_DIR
//       (default release/): linux-unpacked, win-unpacked, mac/Gen Studio.app, and -arm64 variants.
//
// Inspection: the fuses read back from the binary equal build/afterPack.mjs's FUSES; app.asar holds
// the built main, preload, renderer and package.json and nothing else of ours (no src, test, bench,
// scripts, TypeScript, source maps); every native file is unpacked into app.asar.unpacked and on
// disk; every package out/main (index.js and its chunks) requires is inside app.asar; no package
// the lock marks as build-time only (devDependencies: the renderer's React, icons, Markdown; zod,
// bundled into main) is shipped; app.asar stays under 10 MB and app.asar.unpacked under 40 MB, not
// counting the local upscale's model files. Prints a report, writes <DIR>/package-check.json,
// exits 1 on any problem.
import { spawnSync } from 'node:child_process'
import {
  chmodSync,
  copyFileSync,
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  statSync,
  writeFileSync,
} from 'node:fs'
import { builtinModules, createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'

import asar from '@electron/asar'
import fuses from '@electron/fuses'
import YAML from 'yaml'

import { addonAbiOf, electronTarget } from './native.mjs'

const root = fileURLToPath(new URL('..', import.meta.url))
const require = createRequire(import.meta.url)
const isWindows = process.platform === 'win32'

/**
 * Electron's fuse wire as its build/fuses/build.py emits it: this 32-byte sentinel, one byte of
 * wire version, one byte of wire length, then one ASCII '0'/'1' per fuse. The defaults are those
 * of Electron's build/fuses/fuses.json5 (run_as_node 1, cookie_encryption 0, node_options 1,
 * node_cli_inspect 1, embedded_asar_integrity_validation 0, only_load_app_from_asar 0,
 * load_browser_process_specific_v8_snapshot 0, grant_file_protocol_extra_privileges 1).
 */
export const FUSE_SENTINEL = 'dL7pKGdnNz796PbbjQWNKmHXBZaB9tsX'
export const STUB_DEFAULT_WIRE = '10110001'

export function readBuilderConfig() {
  return YAML.parse(readFileSync(join(root, 'electron-builder.yml'), 'utf8'))
}

/** A directory laid out like an unpacked Linux Electron zip, with a binary that only holds fuses. */
export function makeStubElectronDist(dir, version) {
  mkdirSync(join(dir, 'resources'), { recursive: true })
  mkdirSync(join(dir, 'locales'), { recursive: true })
  const script =
    '#!/bin/sh\necho "stub Electron for packaging checks: it cannot run an app" >&2\nexit 1\n'
  const wire = Buffer.concat([
    Buffer.from(script, 'utf8'),
    Buffer.from(FUSE_SENTINEL, 'ascii'),
    Buffer.from([1, STUB_DEFAULT_WIRE.length]),
    Buffer.from(`${STUB_DEFAULT_WIRE}\n`, 'ascii'),
  ])
  writeFileSync(join(dir, 'electron'), wire)
  chmodSync(join(dir, 'electron'), 0o755)
  writeFileSync(join(dir, 'version'), version)
  writeFileSync(join(dir, 'locales', 'en-US.pak'), '')
  writeFileSync(join(dir, 'LICENSE'), 'stub\n')
  return join(dir, 'electron')
}

function run(command, args, options = {}) {
  const result = spawnSync(command, args, {
    cwd: root,
    stdio: 'inherit',
    shell: isWindows && command === 'npx',
    env: {
      ...process.env,
      ELECTRON_SKIP_BINARY_DOWNLOAD: '1',
      CSC_IDENTITY_AUTO_DISCOVERY: 'false',
    },
    ...options,
  })
  if (result.status !== 0)
    throw new Error(`${command} ${args.join(' ')} exited with ${result.status ?? result.signal}`)
}

/**
 * The Electron distribution to package with: the installed one when npm could download it (Linux
 * only, since we package for Linux here), so the fuses are flipped in and read back from the real
 * binary; otherwise a stub that carries only Electron's fuse wire.
 */
export function electronDistFor(outDir, version) {
  const installed = join(dirname(require.resolve('electron/package.json')), 'dist')
  if (process.platform === 'linux' && existsSync(join(installed, 'electron'))) {
    return { dir: installed, binary: join(installed, 'electron'), kind: 'installed' }
  }
  const dir = join(outDir, 'stub-electron')
  return { dir, binary: makeStubElectronDist(dir, version), kind: 'stub' }
}

/**
 * Runs electron-builder --linux dir against electronDistFor() with the project's own
 * electron-builder.yml (npmRebuild included: a rebuild would need the network and fail here).
 * Offline there is no Electron build of better-sqlite3, so the config's extraResources source is
 * pointed at a stand-in (the Node build) in a config written next to the output; everything else is
 * the real config. Returns where things are.
 */
export function packStub(outDir) {
  if (!existsSync(join(root, 'out/main/index.js'))) run('npx', ['electron-vite', 'build'])
  const electronVersion = JSON.parse(
    readFileSync(require.resolve('electron/package.json'), 'utf8'),
  ).version
  const dist = electronDistFor(outDir, electronVersion)
  const releaseDir = join(outDir, 'release')
  // The host's arch, so the node_modules npm installed (sharp's @img/* binaries) fit the package.
  const arch = process.arch === 'arm64' ? 'arm64' : 'x64'
  const standIn = join(outDir, 'native-stand-in')
  mkdirSync(standIn, { recursive: true })
  copyFileSync(
    join(root, 'node_modules', 'better-sqlite3', 'build', 'Release', 'better_sqlite3.node'),
    join(standIn, 'better_sqlite3.node'),
  )
  const config = readBuilderConfig()
  config.extraResources = config.extraResources.map((set) => ({ ...set, from: standIn }))
  config.directories = { ...config.directories, output: releaseDir }
  const configFile = join(outDir, 'electron-builder.stub.yml')
  writeFileSync(configFile, YAML.stringify(config))
  run(process.execPath, [
    require.resolve('electron-builder/cli.js'),
    '--linux',
    'dir',
    `--${arch}`,
    '--publish',
    'never',
    '--config',
    configFile,
    `-c.electronDist=${dist.dir}`,
    `-c.electronVersion=${electronVersion}`,
  ])
  const appOutDir = join(releaseDir, arch === 'x64' ? 'linux-unpacked' : `linux-${arch}-unpacked`)
  return { appOutDir, electronDist: dist.kind, sourceBinary: dist.binary, electronVersion }
}

/** Where the binary with the fuse wire and the resources folder live in one unpacked app. */
export function appLayout(appOutDir, platform, config = readBuilderConfig()) {
  if (platform === 'darwin') {
    const app = join(appOutDir, `${config.productName}.app`)
    return { binary: app, resources: join(app, 'Contents', 'Resources') }
  }
  if (platform === 'win32')
    return {
      binary: join(appOutDir, `${config.productName}.exe`),
      resources: join(appOutDir, 'resources'),
    }
  return {
    binary: join(appOutDir, config.linux.executableName),
    resources: join(appOutDir, 'resources'),
  }
}

/** Flattens an asar header into path -> node (paths relative, forward slashes, no leading slash). */
export function asarEntries(archive) {
  const entries = new Map()
  const walk = (node, prefix) => {
    for (const [name, child] of Object.entries(node.files ?? {})) {
      const path = prefix ? `${prefix}/${name}` : name
      if (child.files) walk(child, path)
      else entries.set(path, child)
    }
  }
  walk(asar.getRawHeader(archive).header, '')
  return entries
}

const OWN_TOP_LEVEL = new Set(['out', 'package.json', 'node_modules'])
const REQUIRED = [
  'package.json',
  'out/main/index.js',
  'out/preload/index.js',
  'out/renderer/index.html',
]
const NATIVE_PACKAGES = {
  keytar: /^node_modules\/keytar\/build\/Release\/keytar\.node$/,
  sharp: /^node_modules\/@img\/sharp-[^/]+\/lib\/[^/]+\.node$/,
}
/** Where the app loads better-sqlite3 from in a package (nativeBinding.ts), under resources/. */
export const PACKAGED_SQLITE = join('native', 'better_sqlite3.node')
const UNPACKED_TREES = [
  /^node_modules\/keytar\//,
  /^node_modules\/better-sqlite3\//,
  /^node_modules\/sharp\//,
  /^node_modules\/@img\//,
]

/** Bare package names the built main process loads at run time (require / import()). */
export function mainRuntimePackages(mainSource) {
  const names = new Set()
  for (const match of mainSource.matchAll(
    /\b(?:require|import)\(\s*["']([^"'./][^"']*)["']\s*\)/g,
  )) {
    const spec = match[1]
    if (
      spec.startsWith('node:') ||
      spec === 'electron' ||
      builtinModules.includes(spec.split('/')[0])
    )
      continue
    names.add(spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : spec.split('/')[0])
  }
  return [...names].sort()
}

const MB = 1024 * 1024
/** What an installed app may weigh (issue #30): the archive, and the native files beside it. */
export const SIZE_LIMITS = { asar: 10 * MB, unpacked: 40 * MB }

/**
 * The local upscale's model files (UpscalerJS model packages, ONNX or TFLite weights): shipped on
 * purpose and large, so they are reported on their own and not counted against SIZE_LIMITS.
 */
export const isUpscaleModelFile = (path) =>
  /(^|\/)node_modules\/@upscalerjs\/[^/]+\/models\//.test(path) || /\.(onnx|tflite)$/.test(path)

/** Every file under a folder with its size, paths relative with forward slashes; links skipped. */
function filesUnder(dir) {
  const out = []
  const walk = (folder, prefix) => {
    for (const name of existsSync(folder) ? readdirSync(folder) : []) {
      const path = join(folder, name)
      const rel = prefix ? `${prefix}/${name}` : name
      const s = lstatSync(path)
      if (s.isDirectory()) walk(path, rel)
      else if (s.isFile()) out.push({ path: rel, size: s.size })
    }
  }
  walk(dir, '')
  return out
}

/**
 * The sizes the limits apply to: app.asar's file size less the model files packed in it, and the
 * files of app.asar.unpacked less the model files there.
 */
export function packageSizes(resources, entries) {
  const packedModels = [...entries]
    .filter(([path, node]) => !node.unpacked && isUpscaleModelFile(path))
    .reduce((n, [, node]) => n + Number(node.size ?? 0), 0)
  const unpacked = filesUnder(join(resources, 'app.asar.unpacked'))
  const unpackedModels = unpacked.filter((f) => isUpscaleModelFile(f.path))
  const sum = (files) => files.reduce((n, f) => n + f.size, 0)
  return {
    asarBytes: statSync(join(resources, 'app.asar')).size - packedModels,
    unpackedBytes: sum(unpacked) - sum(unpackedModels),
    modelBytes: packedModels + sum(unpackedModels),
  }
}

/** The limits as problems (empty when both hold). */
export function sizeProblems(sizes, limits = SIZE_LIMITS) {
  const problems = []
  const mb = (n) => `${(n / MB).toFixed(1)} MB`
  if (sizes.asarBytes > limits.asar)
    problems.push(`app.asar is ${mb(sizes.asarBytes)}, over the ${mb(limits.asar)} limit`)
  if (sizes.unpackedBytes > limits.unpacked)
    problems.push(
      `app.asar.unpacked is ${mb(sizes.unpackedBytes)}, over the ${mb(limits.unpacked)} limit`,
    )
  return problems
}

/**
 * Top-level packages in app.asar that package-lock.json marks as build-time only (`dev`): the
 * renderer's packages are bundled into out/renderer, zod into out/main; shipped again as
 * node_modules they only add weight.
 */
export function shippedBuildTimePackages(entries, lock = readLock()) {
  // A name counts as build-time only when no copy of it anywhere in the tree is a production one
  // (electron-builder may hoist a nested production copy to the top).
  const production = new Set()
  const development = new Set()
  for (const [path, info] of Object.entries(lock.packages ?? {})) {
    const m = /(?:^|\/)node_modules\/((?:@[^/]+\/)?[^/]+)$/.exec(path)
    if (m) (info.dev ? development : production).add(m[1])
  }
  const shipped = new Set()
  for (const path of entries.keys()) {
    const m = /^node_modules\/((?:@[^/]+\/)?[^/]+)\/package\.json$/.exec(path)
    if (m && development.has(m[1]) && !production.has(m[1])) shipped.add(m[1])
  }
  return [...shipped].sort()
}

function readLock() {
  const path = join(root, 'package-lock.json')
  return existsSync(path) ? JSON.parse(readFileSync(path, 'utf8')) : { packages: {} }
}

/**
 * `electronAbi`: the NODE_MODULE_VERSION the packaged better-sqlite3 must carry (a real release);
 * null accepts any addon (the offline stub check, which cannot build for Electron).
 */
export async function inspectApp(appOutDir, platform, electronAbi = electronTarget(root).abi) {
  const { FUSES } = await import(pathToFileURL(join(root, 'build', 'afterPack.mjs')).href)
  const { binary, resources } = appLayout(appOutDir, platform)
  const archive = join(resources, 'app.asar')
  const problems = []

  const wire = await fuses.getCurrentFuseWire(binary)
  const fuseStates = {}
  for (const [index, wanted] of Object.entries(FUSES)) {
    const name = fuses.FuseV1Options[index]
    const actual = wire[index] === undefined ? 'absent' : String.fromCharCode(wire[index])
    fuseStates[name] = actual
    if (actual !== (wanted ? '1' : '0'))
      problems.push(`fuse ${name} is ${actual}, wanted ${wanted ? 1 : 0}`)
  }

  const entries = asarEntries(archive)
  const paths = [...entries.keys()]
  for (const path of REQUIRED) if (!entries.has(path)) problems.push(`app.asar lacks ${path}`)
  const foreign = [...new Set(paths.map((p) => p.split('/')[0]))].filter(
    (top) => !OWN_TOP_LEVEL.has(top),
  )
  for (const top of foreign)
    problems.push(`app.asar holds ${top} (only out/, package.json and node_modules/ belong there)`)
  const outDirs = [
    ...new Set(paths.filter((p) => p.startsWith('out/')).map((p) => p.split('/')[1])),
  ]
  for (const dir of outDirs)
    if (!['main', 'preload', 'renderer'].includes(dir)) problems.push(`app.asar holds out/${dir}`)
  const typescript = paths.filter((p) => /\.(ts|tsx|mts|cts)$/.test(p))
  const sourceMaps = paths.filter((p) => p.endsWith('.map'))
  if (typescript.length)
    problems.push(`app.asar holds ${typescript.length} TypeScript files, e.g. ${typescript[0]}`)
  if (sourceMaps.length)
    problems.push(`app.asar holds ${sourceMaps.length} source maps, e.g. ${sourceMaps[0]}`)

  const packed = JSON.parse(asar.extractFile(archive, 'package.json').toString('utf8'))
  if (packed.main !== './out/main/index.js')
    problems.push(`packaged package.json main is ${packed.main}`)
  for (const key of ['scripts', 'devDependencies'])
    if (packed[key]) problems.push(`packaged package.json keeps "${key}"`)

  const unpackedDir = join(resources, 'app.asar.unpacked')
  const nativeFiles = paths.filter((p) => p.endsWith('.node'))
  const natives = {}
  for (const [name, pattern] of Object.entries(NATIVE_PACKAGES)) {
    natives[name] = nativeFiles.filter((p) => pattern.test(p))
    if (!natives[name].length) problems.push(`no ${name} native binary in the package`)
  }
  const sqlite = join(resources, PACKAGED_SQLITE)
  const sqliteAbi = addonAbiOf(sqlite)
  natives['better-sqlite3'] = sqliteAbi === 'missing' ? [] : [`resources/${PACKAGED_SQLITE}`]
  if (sqliteAbi === 'missing')
    problems.push(
      `no better-sqlite3 build in resources/${PACKAGED_SQLITE} (run npm run native first)`,
    )
  else if (sqliteAbi === null) problems.push(`resources/${PACKAGED_SQLITE} is not a native addon`)
  else if (electronAbi !== null && sqliteAbi !== electronAbi)
    problems.push(
      `resources/${PACKAGED_SQLITE} is built for NODE_MODULE_VERSION ${sqliteAbi}, Electron needs ${electronAbi}`,
    )
  const mustUnpack = paths.filter(
    (p) => p.endsWith('.node') || UNPACKED_TREES.some((re) => re.test(p)),
  )
  for (const path of mustUnpack) {
    if (!entries.get(path).unpacked) problems.push(`${path} is inside app.asar, must be unpacked`)
    else if (!existsSync(join(unpackedDir, ...path.split('/'))))
      problems.push(`${path} is marked unpacked but missing on disk`)
  }

  // index.js and the chunks it loads later (boot, the simulator, the reader thread).
  const mainSource = paths
    .filter((p) => p.startsWith('out/main/') && p.endsWith('.js') && !entries.get(p).unpacked)
    .map((p) => asar.extractFile(archive, p).toString('utf8'))
    .join('\n')
  const runtimePackages = mainRuntimePackages(mainSource)
  for (const pkg of runtimePackages) {
    if (!entries.has(`node_modules/${pkg}/package.json`))
      problems.push(`out/main requires ${pkg}, which is not packaged`)
  }

  for (const pkg of shippedBuildTimePackages(entries))
    problems.push(`app.asar ships ${pkg}, a build-time package (bundled, or renderer only)`)
  const sizes = packageSizes(resources, entries)
  problems.push(...sizeProblems(sizes))

  return {
    appOutDir,
    platform,
    binary,
    sizes,
    fuses: fuseStates,
    asarFileCount: paths.length,
    unpackedCount: mustUnpack.length,
    natives,
    runtimePackages,
    problems,
  }
}

/** The unpacked apps electron-builder leaves in a release directory, with their platform. */
export function findUnpackedApps(releaseDir) {
  const found = []
  for (const name of existsSync(releaseDir) ? readdirSync(releaseDir) : []) {
    if (/^linux(-[a-z0-9]+)?-unpacked$/.test(name))
      found.push({ dir: join(releaseDir, name), platform: 'linux' })
    else if (/^win(-[a-z0-9]+)?-unpacked$/.test(name))
      found.push({ dir: join(releaseDir, name), platform: 'win32' })
    else if (/^mac(-[a-z0-9]+)?$/.test(name))
      found.push({ dir: join(releaseDir, name), platform: 'darwin' })
  }
  return found
}

function printReport(report) {
  console.log(`\n${report.platform} app: ${report.appOutDir}`)
  console.log(
    `  fuses: ${Object.entries(report.fuses)
      .map(([k, v]) => `${k}=${v}`)
      .join(' ')}`,
  )
  console.log(
    `  app.asar: ${report.asarFileCount} files; unpacked native files/trees: ${report.unpackedCount}`,
  )
  const mb = (n) => `${(n / MB).toFixed(1)} MB`
  console.log(
    `  sizes: app.asar ${mb(report.sizes.asarBytes)} (limit ${mb(SIZE_LIMITS.asar)}), ` +
      `app.asar.unpacked ${mb(report.sizes.unpackedBytes)} (limit ${mb(SIZE_LIMITS.unpacked)}), ` +
      `upscale models not counted ${mb(report.sizes.modelBytes)}`,
  )
  console.log(
    `  natives: ${Object.entries(report.natives)
      .map(([k, v]) => `${k}(${v.length})`)
      .join(' ')}`,
  )
  console.log(`  main requires: ${report.runtimePackages.join(', ') || '(none)'}`)
  for (const problem of report.problems) console.log(`  PROBLEM: ${problem}`)
}

async function main() {
  const [mode = 'verify', ...rest] = process.argv.slice(2)
  let apps
  let reportDir
  if (mode === 'stub') {
    const outFlag = rest.indexOf('--out')
    reportDir =
      outFlag >= 0 ? resolve(rest[outFlag + 1]) : mkdtempSync(join(tmpdir(), 'gen-studio-pack-'))
    const { appOutDir, electronDist, sourceBinary } = packStub(reportDir)
    // The stand-in is the Node build: any addon is accepted there (no Electron build offline).
    apps = [
      {
        dir: appOutDir,
        platform: 'linux',
        electronAbi: null,
        extra: { electronDist, sourceBinary },
      },
    ]
  } else if (mode === 'verify') {
    reportDir = resolve(rest[0] ?? join(root, 'release'))
    apps = findUnpackedApps(reportDir)
    if (!apps.length)
      throw new Error(`no unpacked app (linux-unpacked, win-unpacked, mac/) in ${reportDir}`)
  } else {
    throw new Error(`unknown mode ${mode}: use "stub [--out DIR]" or "verify [RELEASE_DIR]"`)
  }
  const reports = []
  for (const app of apps)
    reports.push({
      ...(await inspectApp(
        app.dir,
        app.platform,
        'electronAbi' in app ? app.electronAbi : electronTarget(root).abi,
      )),
      ...app.extra,
    })
  reports.forEach(printReport)
  writeFileSync(join(reportDir, 'package-check.json'), JSON.stringify(reports, null, 2))
  const problems = reports.reduce((n, r) => n + r.problems.length, 0)
  console.log(`\npackage check: ${reports.length} app(s), ${problems} problem(s)`)
  process.exit(problems ? 1 : 0)
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error) => {
    console.error(error instanceof Error ? error.message : error)
    process.exit(1)
  })
}
