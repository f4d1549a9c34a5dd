import { execFileSync } from 'node:child_process'

/**
 * The tools no one here wrote that check our metadata round trips (issue #27): exiftool, ffprobe
 * and ffmpeg, poppler's pdftotext and pdffonts, and Debian's Python with Pillow (/usr/bin/python3; the pyenv python on PATH has no
 * Pillow). Under CI a missing tool fails the test file with a message naming the Debian package;
 * on a developer machine the tests that need it are skipped with that message.
 */
export type MetadataTool = 'exiftool' | 'ffprobe' | 'ffmpeg' | 'pillow' | 'pdftotext' | 'pdffonts'

const PROBE: Record<MetadataTool, { cmd: string; args: string[]; debian: string }> = {
  exiftool: { cmd: 'exiftool', args: ['-ver'], debian: 'libimage-exiftool-perl' },
  ffprobe: { cmd: 'ffprobe', args: ['-version'], debian: 'ffmpeg' },
  ffmpeg: { cmd: 'ffmpeg', args: ['-version'], debian: 'ffmpeg' },
  pillow: { cmd: '/usr/bin/python3', args: ['-c', 'import PIL'], debian: 'python3-pil' },
  // Poppler reads the contact sheet's CJK text through the CMaps of poppler-data.
  pdftotext: { cmd: 'pdftotext', args: ['-v'], debian: 'poppler-utils poppler-data' },
  pdffonts: { cmd: 'pdffonts', args: ['-v'], debian: 'poppler-utils' },
}

/** Whether the tool runs here; throws under CI when it does not. */
export function hasMetadataTool(tool: MetadataTool): boolean {
  const { cmd, args, debian } = PROBE[tool]
  try {
    execFileSync(cmd, args, { stdio: 'ignore', timeout: 20_000 })
    return true
  } catch {
    const message = `${tool} is not installed (Debian package ${debian}); the metadata round-trip tests need it.`
    if (process.env.CI) throw new Error(message)
    console.warn(`Skipping: ${message}`)
    return false
  }
}

/** Runs a tool and returns its stdout (bounded time; a failure throws with its stderr). */
export function runMetadataTool(tool: MetadataTool, args: string[]): string {
  const cmd = PROBE[tool].cmd
  return execFileSync(cmd, args, { encoding: 'utf8', timeout: 60_000, maxBuffer: 64 * 2 ** 20 })
}
