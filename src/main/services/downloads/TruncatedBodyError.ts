import { t } from '../../i18n'

/** A body that ended before Content-Length; classified as a network failure (retried). */
export class TruncatedBodyError extends Error {
  readonly code = 'ERR_BODY_TRUNCATED'
  constructor(received: number, expected: number) {
    super(t('downloadTruncated', { received, expected }))
    this.name = 'TruncatedBodyError'
  }
}
