import { existsSync } from 'node:fs'
import { join } from 'node:path'

/**
 * Real photographs that a Debian package ships: scikit-image's sample data (Debian
 * `python3-skimage`: astronaut.png, chelsea.png, coffee.png), for quality figures that must not
 * rest on synthetic patterns. `SKIMAGE_DATA_DIR` may point at an unpacked copy
 * (`dpkg-deb -x python3-skimage_*.deb dir`). Under CI their absence fails with a clear message;
 * on a developer machine without them the caller skips, naming the package.
 */
export const SKIMAGE_PACKAGE = 'python3-skimage'
const STANDARD = '/usr/lib/python3/dist-packages/skimage/data'

/** The folder holding the photographs, or null when they are not on this machine. */
export function skimageDataDir(): string | null {
  const dirs = [process.env.SKIMAGE_DATA_DIR, STANDARD].filter((d): d is string => !!d)
  const found = dirs.find((d) => existsSync(join(d, 'chelsea.png')))
  if (found) return found
  if (process.env.CI)
    throw new Error(
      `The photographs of Debian ${SKIMAGE_PACKAGE} are missing (${STANDARD}); install it in CI.`,
    )
  return null
}

/** The photographs the quality checks use: real scenes, colour, different textures. */
export const PHOTOS = ['astronaut.png', 'chelsea.png', 'coffee.png'] as const
