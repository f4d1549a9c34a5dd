import type { Validation } from '@shared/catalog'
import { fail } from '@shared/result'

import type { MultipartPart } from '../../../adapters/http/multipart'
import { t } from '../../../i18n'
import type { BinaryResponse, FileRef } from '../types'
import type { Opened } from './spec'

export const KIB = 1024
export const MIB = 1024 * KIB
export const MAX_ERROR_BODY = 64 * KIB
export const MAX_JSON_BODY = 32 * MIB
/** Base64 images inflate results: n × several MiB each. */
export const MAX_IMAGE_JSON_BODY = 256 * MIB
export const MAX_REDIRECTS = 5

export const header = (headers: Opened['headers'], name: string): string | undefined => {
  const v = headers[name]
  return Array.isArray(v) ? v[0] : v
}

export const joinUrl = (baseUrl: string, path: string): URL =>
  /^https?:\/\//i.test(path) ? new URL(path) : new URL(`${baseUrl.replace(/\/+$/, '')}${path}`)

export function errorText(e: unknown): string {
  if (e instanceof Error) {
    const code = (e as { code?: unknown }).code
    return `${e.name}${typeof code === 'string' ? ` ${code}` : ''}: ${e.message}`
  }
  return String(e)
}

const nullable = (text: string | undefined, scrub: Opened['scrub']): string | null =>
  text === undefined ? null : scrub.text(text)

/** A download's body with what its headers say, scrubbed of the key like every answer. */
export function binary(o: Opened): BinaryResponse {
  const length = header(o.headers, 'content-length')
  const parsed = length !== undefined && /^\d+$/.test(length) ? Number(length) : null
  return {
    body: o.body,
    contentLength: parsed,
    contentType: nullable(header(o.headers, 'content-type'), o.scrub),
    url: o.scrub.text(o.url),
  }
}

export function filePart(name: string, file: FileRef, contentType: string): MultipartPart {
  return {
    name,
    path: file.path,
    contentType,
    ...(file.filename ? { filename: file.filename } : {}),
  }
}

/** Throws `validation` with the catalog's field messages when a request breaks a rule. */
export function validated(result: Validation, endpoint: string): void {
  if (result.ok) return
  const entries = Object.entries(result.fields)
  const first = entries[0]
  fail(
    'validation',
    first
      ? t('fieldProblem', { field: first[0], problem: first[1] })
      : t('requestInvalid', { endpoint }),
    {
      fields: result.fields,
      action: t('fixFieldsNothingSent'),
    },
  )
}
