import type { Dispatcher, Pool } from 'undici'

import { loadUndici } from './loadUndici'

/** Timeouts and pool size shared by the dispatchers; tests shorten them to exercise stalls. */
export interface DispatcherOptions {
  connections?: number
  connectTimeoutMs?: number
  keepAliveTimeoutMs?: number
}

/**
 * The one keep-alive pool for the service's origin. Only this dispatcher ever sees requests that
 * carry the key (the client adds the header per request, for this origin only).
 */
export function createServiceDispatcher(origin: string, options: DispatcherOptions = {}): Pool {
  return new (loadUndici().Pool)(origin, {
    connections: options.connections ?? 16,
    keepAliveTimeout: options.keepAliveTimeoutMs ?? 30_000,
    keepAliveMaxTimeout: 120_000,
    connect: { timeout: options.connectTimeoutMs ?? 15_000 },
  })
}

/** True when an undici header collection names `authorization` (any case, object or flat array). */
export function hasAuthorizationHeader(headers: Dispatcher.DispatchOptions['headers']): boolean {
  if (!headers) return false
  if (Array.isArray(headers)) {
    for (let i = 0; i < headers.length; i += 2) {
      if (String(headers[i]).toLowerCase() === 'authorization') return true
    }
    return false
  }
  if (typeof (headers as Iterable<unknown>)[Symbol.iterator] === 'function') {
    for (const entry of headers as Iterable<[string, unknown]>) {
      if (String(entry[0]).toLowerCase() === 'authorization') return true
    }
    return false
  }
  return Object.keys(headers).some((k) => k.toLowerCase() === 'authorization')
}

/**
 * Defence in depth for the spec's rule that the key never goes to download hosts: the CDN
 * dispatcher refuses, before connecting, any request that carries an Authorization header.
 */
export const refuseAuthorization: Dispatcher.DispatcherComposeInterceptor =
  (dispatch) => (opts, handler) => {
    if (hasAuthorizationHeader(opts.headers)) {
      throw new Error('Refused: an Authorization header must never be sent to a download host.')
    }
    return dispatch(opts, handler)
  }

/**
 * The keyless dispatcher for result URLs on other origins (CDNs) and for redirects to them.
 * Redirects are followed by the client one hop at a time, so each hop picks its dispatcher.
 */
export function createCdnDispatcher(options: DispatcherOptions = {}): Dispatcher {
  return new (loadUndici().Agent)({
    connections: options.connections ?? 8,
    keepAliveTimeout: options.keepAliveTimeoutMs ?? 10_000,
    connect: { timeout: options.connectTimeoutMs ?? 15_000 },
  }).compose(refuseAuthorization)
}
