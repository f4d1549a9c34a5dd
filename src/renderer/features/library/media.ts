import { DEFAULT_MEDIA_BASE, originalUrl, thumbUrl } from '@shared/library/mediaUrls'

declare global {
  interface Window {
    /**
     * Where `gen-media` paths are served. Electron serves the gen-media: scheme; the browser test
     * harness (no custom schemes) serves the same handler under its own origin and sets this.
     */
    __genStudioMediaBase?: string
  }
}

const base = () => window.__genStudioMediaBase ?? DEFAULT_MEDIA_BASE

export const originalSrc = (relPath: string) => originalUrl(relPath, base())

export const thumbSrc = (id: string, sha256: string, version = 0) =>
  `${thumbUrl(id, sha256, base())}${version ? `&p=${version}` : ''}`
