import { originalUrl, thumbUrl } from '@shared/library/mediaUrls'

/** The `gen-media:` URL of a library file (served by main's media protocol handler). */
export const originalSrc = (relPath: string) => originalUrl(relPath)

/** The `gen-media:` URL of an item's thumbnail; `version` changes it once a poster is stored. */
export const thumbSrc = (id: string, sha256: string, version = 0) =>
  `${thumbUrl(id, sha256)}${version ? `&p=${version}` : ''}`
