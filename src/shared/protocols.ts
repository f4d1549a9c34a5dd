/** The app's own content is served from app://gen-studio/ in production (never file://). */
export const APP_SCHEME = 'app'
export const APP_HOST = 'gen-studio'
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`
/** Library originals and thumbnails are served from this scheme, confined to the library folder. */
export const MEDIA_SCHEME = 'gen-media'

/**
 * The renderer's Content-Security-Policy, sent as a header by the app protocol and repeated in
 * index.html's meta tag (a test keeps them equal). No eval, no inline or remote script.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  `img-src 'self' data: blob: ${MEDIA_SCHEME}:`,
  `media-src 'self' blob: ${MEDIA_SCHEME}:`,
  "connect-src 'self'",
  "font-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-src 'none'",
  "worker-src 'self' blob:",
].join('; ')
