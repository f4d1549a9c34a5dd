/**
 * Navigation events with the shapes Electron gives them
 * (https://www.electronjs.org/docs/latest/api/web-contents#event-will-navigate,
 * https://www.electronjs.org/docs/latest/api/web-contents#event-will-redirect,
 * https://www.electronjs.org/docs/latest/api/web-contents#event-did-fail-load):
 * - `will-navigate` and `will-redirect`: `(event, url, isInPlace, isMainFrame, frameProcessId,
 *   frameRoutingId)`, where `event` is preventable and also carries the details as properties
 *   (`url`, `isSameDocument`, `isMainFrame`, `frame`, `initiator`). Preventing either cancels the
 *   navigation, which then fails with ERR_ABORTED.
 * - `did-fail-load`: `(event, errorCode, errorDescription, validatedURL, isMainFrame,
 *   frameProcessId, frameRoutingId)`, the code being Chromium's net error number (negative) and the
 *   description its name; `loadURL` rejects with an Error whose `code` is that name and `errno` the
 *   number, as Electron's does.
 */
import type { CDPSession } from 'playwright-core'

import { preventable, type PreventableEvent } from './app'

/**
 * Chromium's net error numbers for the names a navigation can fail with
 * (https://source.chromium.org/chromium/chromium/src/+/main:net/base/net_error_list.h).
 */
export const NET_ERRORS: Readonly<Record<string, number>> = {
  ERR_IO_PENDING: -1,
  ERR_FAILED: -2,
  ERR_ABORTED: -3,
  ERR_INVALID_ARGUMENT: -4,
  ERR_FILE_NOT_FOUND: -6,
  ERR_TIMED_OUT: -7,
  ERR_FILE_TOO_BIG: -8,
  ERR_ACCESS_DENIED: -10,
  ERR_BLOCKED_BY_CLIENT: -20,
  ERR_NETWORK_CHANGED: -21,
  ERR_BLOCKED_BY_ADMINISTRATOR: -22,
  ERR_BLOCKED_BY_RESPONSE: -27,
  ERR_CONNECTION_CLOSED: -100,
  ERR_CONNECTION_RESET: -101,
  ERR_CONNECTION_REFUSED: -102,
  ERR_CONNECTION_ABORTED: -103,
  ERR_CONNECTION_FAILED: -104,
  ERR_NAME_NOT_RESOLVED: -105,
  ERR_INTERNET_DISCONNECTED: -106,
  ERR_ADDRESS_UNREACHABLE: -109,
  ERR_CONNECTION_TIMED_OUT: -118,
  ERR_INVALID_URL: -300,
  ERR_DISALLOWED_URL_SCHEME: -301,
  ERR_UNKNOWN_URL_SCHEME: -302,
  ERR_TOO_MANY_REDIRECTS: -310,
  ERR_UNSAFE_REDIRECT: -311,
  ERR_UNSAFE_PORT: -312,
  ERR_INVALID_RESPONSE: -320,
  ERR_EMPTY_RESPONSE: -324,
  ERR_RESPONSE_HEADERS_TOO_BIG: -325,
  ERR_CONTENT_LENGTH_MISMATCH: -354,
  ERR_INCOMPLETE_CHUNKED_ENCODING: -355,
  ERR_INVALID_HTTP_RESPONSE: -370,
  ERR_HTTP_RESPONSE_CODE_FAILURE: -379,
}

/** The net error a failed Playwright navigation stands for (name and number). */
export function netErrorOf(message: string): { name: string; code: number } {
  // Playwright reports a navigation replaced by another one in words; Chromium's is ERR_ABORTED.
  if (/interrupted by another navigation|frame was detached/i.test(message)) {
    return { name: 'ERR_ABORTED', code: NET_ERRORS.ERR_ABORTED! }
  }
  const name = /net::(ERR_[A-Z_]+)/.exec(message)?.[1] ?? 'ERR_FAILED'
  return { name, code: NET_ERRORS[name] ?? NET_ERRORS.ERR_FAILED! }
}

/** The Error `loadURL` rejects with: "ERR_ABORTED (-3) loading 'app://…'", code and errno set. */
export function loadError(name: string, code: number, url: string): Error {
  const error = new Error(`${name} (${code}) loading '${url}'`) as Error & {
    code: string
    errno: number
    url: string
  }
  error.code = name
  error.errno = code
  error.url = url
  return error
}

/** The main frame as a WebFrameMain-like object (only what the double can say about it). */
export interface FrameLike {
  url: string
  processId: number
  routingId: number
  isDestroyed(): boolean
}

export type NavigationEvent = PreventableEvent & {
  url: string
  isSameDocument: boolean
  isMainFrame: boolean
  frame: FrameLike
  initiator: FrameLike | undefined
}

/** The arguments of `will-navigate` / `will-redirect` for a main-frame navigation to `url`. */
export function navigationArgs(
  url: string,
  frame: FrameLike,
  initiator: FrameLike | undefined,
): [NavigationEvent, string, boolean, boolean, number, number] {
  const event = Object.assign(preventable(), {
    url,
    isSameDocument: false,
    isMainFrame: true,
    frame,
    initiator,
  })
  return [event, url, false, true, frame.processId, frame.routingId]
}

/**
 * Pauses every main-frame document request of a page (CDP Fetch) and asks `decide` about it:
 * `redirect` is true for a request that follows a server redirect. 'cancel' fails it as Chromium
 * fails a cancelled navigation (ERR_ABORTED); requests of other frames go on untouched.
 */
export async function interceptNavigations(
  cdp: CDPSession,
  decide: (url: string, redirect: boolean) => 'go' | 'cancel',
): Promise<void> {
  const tree = (await cdp.send('Page.getFrameTree')) as { frameTree: { frame: { id: string } } }
  const mainFrame = tree.frameTree.frame.id
  await cdp.send('Fetch.enable', {
    patterns: [{ urlPattern: '*', resourceType: 'Document', requestStage: 'Request' }],
  })
  cdp.on(
    'Fetch.requestPaused',
    (e: {
      requestId: string
      request: { url: string }
      frameId: string
      redirectedRequestId?: string
    }) => {
      const verdict =
        e.frameId === mainFrame ? decide(e.request.url, e.redirectedRequestId !== undefined) : 'go'
      const sent =
        verdict === 'go'
          ? cdp.send('Fetch.continueRequest', { requestId: e.requestId })
          : cdp.send('Fetch.failRequest', { requestId: e.requestId, errorReason: 'Aborted' })
      void sent.catch(() => {})
    },
  )
}
