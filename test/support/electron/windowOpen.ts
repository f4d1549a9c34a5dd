/**
 * window.open as Electron decides it (https://www.electronjs.org/docs/latest/api/window-open and
 * https://www.electronjs.org/docs/latest/api/structures/window-open-handler-response): every
 * window.open and target=_blank link goes to the webContents' handler in main. No handler allows;
 * `{ action: 'deny' }` gives the page null and makes no window; `{ action: 'allow',
 * overrideBrowserWindowOptions? }` opens a real window that the app receives as a BrowserWindow in
 * `did-create-window`; any other answer is reported as an error and denies.
 */
import type { EffectivePreferences } from './webPreferences'

/** What the page asked window.open for, as the handler receives it. */
export interface OpenDetails {
  url: string
  frameName: string
  features: string
}

export type OpenDecision =
  { action: 'deny' } | { action: 'allow'; options: Record<string, unknown> }

export function decideWindowOpen(
  handler: ((d: OpenDetails) => unknown) | null,
  details: OpenDetails,
  parent: EffectivePreferences | null,
): OpenDecision {
  const answer: unknown = handler ? handler({ ...details }) : { action: 'allow' }
  const action =
    answer !== null && typeof answer === 'object' ? (answer as { action?: unknown }).action : null
  if (action !== 'allow') {
    if (action !== 'deny') {
      console.error(
        "The window open handler response must be an object with an 'action' property of 'allow' or 'deny'.",
      )
    }
    return { action: 'deny' }
  }
  const override = ((answer as { overrideBrowserWindowOptions?: Record<string, unknown> })
    .overrideBrowserWindowOptions ?? {}) as Record<string, unknown>
  // "parsed options from the features string, security-related webPreferences inherited from the
  // parent, and options given by setWindowOpenHandler", in increasing precedence.
  return {
    action: 'allow',
    options: {
      ...override,
      webPreferences: {
        ...(parent?.preload ? { preload: parent.preload } : {}),
        ...(parent ? { contextIsolation: parent.contextIsolation, sandbox: parent.sandbox } : {}),
        ...((override.webPreferences as Record<string, unknown> | undefined) ?? {}),
      },
    },
  }
}

/** The details `did-create-window` carries for a window the handler allowed. */
export function createdDetails(
  allowed: { details: OpenDetails; options: Record<string, unknown> },
  openerUrl: string,
) {
  return {
    url: allowed.details.url,
    frameName: allowed.details.frameName,
    options: allowed.options,
    disposition: 'new-window',
    referrer: { url: openerUrl, policy: 'strict-origin-when-cross-origin' },
    postBody: undefined,
  }
}
