import { AppFailure } from '@shared/result'

import { t } from '../../i18n'

/** Base64 characters decoded per slice (a multiple of 4). */
const B64_SLICE = 4 * 256 * 1024

/** Base64 text (standard or URL-safe, optional data: prefix) as byte slices, decoded lazily. */
export function* base64Slices(text: string): Generator<Uint8Array> {
  let start = text.startsWith('data:') ? text.indexOf(',') + 1 : 0
  if (start === 0 && text.startsWith('data:')) start = text.length
  // One pass: a replace that finds no whitespace hands back the text it was given.
  // Stryker disable next-line Regex: equivalent, removing whitespace one character or one run at a time leaves the same body
  const body = text.slice(start).replace(/\s+/g, '')
  const valid = /^[A-Za-z0-9+/_-]*={0,2}$/
  for (let i = 0; i < body.length; i += B64_SLICE) {
    const slice = body.slice(i, i + B64_SLICE)
    if (!valid.test(slice))
      throw new AppFailure({
        code: 'bad_response',
        message: t('base64Invalid'),
      })
    yield Buffer.from(slice, 'base64')
  }
}

/** The byte length Base64 text decodes to (padding and whitespace allowed). */
export const decodedLength = (text: string): number => {
  const comma = text.startsWith('data:') ? text.indexOf(',') + 1 : 0
  // Stryker disable next-line Regex: equivalent, removing whitespace one character or one run at a time leaves the same body
  const body = text.slice(comma).replace(/\s+/g, '')
  const pad = body.endsWith('==') ? 2 : body.endsWith('=') ? 1 : 0
  return Math.floor((body.length * 3) / 4) - pad
}
