import { AppFailure } from '@shared/result'

import { t } from '../../../i18n'
import { modelsSchema, parseAnswer } from '../schemas'
import { binary } from '../transport/helpers'
import type { HttpTransport } from '../transport/HttpTransport'
import type { BinarySink, CallOptions } from '../types'

/** GET /v1/models: the model IDs this key lists (the catalog may still refuse some calls). */
export async function listModels(
  transport: HttpTransport,
  options: CallOptions = {},
): Promise<string[]> {
  const json = await transport.json('GET', '/v1/models', '/v1/models', undefined, options)
  return parseAnswer(modelsSchema, json, '/v1/models').data.map((m) => m.id)
}

/**
 * GET a result URL into `sink`. The key is attached only when the URL is on the service's own
 * origin; any other origin, and every redirect to one, goes through the keyless dispatcher.
 */
export function download<T>(
  transport: HttpTransport,
  url: string,
  sink: BinarySink<T>,
  options: CallOptions = {},
): Promise<T> {
  let parsed: URL | null = null
  try {
    parsed = new URL(url)
  } catch {
    // Reported below.
  }
  if (!parsed || (parsed.protocol !== 'https:' && parsed.protocol !== 'http:')) {
    return Promise.reject(new AppFailure({ code: 'bad_response', message: t('resultLinkNotHttp') }))
  }
  return transport.call({
    method: 'GET',
    path: parsed.href,
    endpoint: '(result url)',
    followRedirects: true,
    allowUnconnected: true,
    read: (o) => sink(binary(o), options.signal),
    options,
  })
}
