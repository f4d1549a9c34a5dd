#!/usr/bin/env node
// Every platform's app icon comes from ONE source image, resources/icon.svg:
//   resources/icon.png          1024 px master (also the Linux fallback)
//   resources/icons/NxN.png     Linux icon set (electron-builder reads the size from the file name)
//   resources/icon.icns         macOS
//   resources/icon.ico          Windows (PNG 256 px entry + BMP entries, the layout .exe resources need)
// Usage: `node scripts/icons.mjs` writes them; `node scripts/icons.mjs --check` exits 1 when the
// committed icons no longer match the SVG (compared by pixels, so zlib differences do not matter).
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'

import png2icons from 'png2icons'
import sharp from 'sharp'

const root = fileURLToPath(new URL('..', import.meta.url))
const resources = join(root, 'resources')
const SOURCE = join(resources, 'icon.svg')
const MASTER_SIZE = 1024
/** Sizes desktop environments look up in hicolor; 1024 covers HiDPI app grids. */
export const LINUX_SIZES = [16, 24, 32, 48, 64, 128, 256, 512, 1024]

/** Renders the SVG at 1024 px, then downsamples (lanczos) so small sizes stay crisp. */
export async function renderMaster(svg = readFileSync(SOURCE)) {
  return sharp(svg, { density: 72 })
    .resize(MASTER_SIZE, MASTER_SIZE)
    .png({ compressionLevel: 9 })
    .toBuffer()
}

export async function renderSize(master, size) {
  if (size === MASTER_SIZE) return master
  return sharp(master)
    .resize(size, size, { kernel: 'lanczos3' })
    .png({ compressionLevel: 9 })
    .toBuffer()
}

/** Every output file and its bytes, in memory. */
export async function buildIcons() {
  const master = await renderMaster()
  const files = new Map()
  files.set('icon.png', master)
  for (const size of LINUX_SIZES)
    files.set(join('icons', `${size}x${size}.png`), await renderSize(master, size))
  const icns = png2icons.createICNS(master, png2icons.BICUBIC, 0)
  const ico = png2icons.createICO(master, png2icons.BICUBIC, 0, false, true)
  if (!icns || !ico) throw new Error('png2icons could not convert the master PNG')
  files.set('icon.icns', icns)
  files.set('icon.ico', ico)
  return files
}

/** Mean absolute difference per channel (0..255) between two PNGs of the same size. */
export async function pixelDistance(a, b) {
  const [ra, rb] = await Promise.all(
    [a, b].map((png) => sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true })),
  )
  if (ra.info.width !== rb.info.width || ra.info.height !== rb.info.height)
    return Number.POSITIVE_INFINITY
  let sum = 0
  for (let i = 0; i < ra.data.length; i++) sum += Math.abs(ra.data[i] - rb.data[i])
  return sum / ra.data.length
}

async function check() {
  const files = await buildIcons()
  const stale = []
  for (const [name, bytes] of files) {
    const path = join(resources, name)
    if (!existsSync(path)) stale.push(`${name} (missing)`)
    else if (name.endsWith('.png') && (await pixelDistance(bytes, readFileSync(path))) > 1)
      stale.push(name)
  }
  if (stale.length) {
    console.error(
      `Icons are out of date with resources/icon.svg: ${stale.join(', ')}. Run: node scripts/icons.mjs`,
    )
    process.exit(1)
  }
  console.log(`Icons match resources/icon.svg (${files.size} files).`)
}

async function write() {
  const files = await buildIcons()
  mkdirSync(join(resources, 'icons'), { recursive: true })
  for (const [name, bytes] of files) writeFileSync(join(resources, name), bytes)
  console.log(`Wrote ${files.size} icon files to resources/ from icon.svg.`)
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await (process.argv.includes('--check') ? check() : write())
}
