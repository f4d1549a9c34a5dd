import { randomUUID } from 'node:crypto'
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import { KeytarSecretStore } from '@main/adapters/secrets/KeytarSecretStore'
import type { SecretStore } from '@main/adapters/secrets/SecretStore'
import { type Container, createContainer } from '@main/container'
import { dispatch } from '@main/ipc/dispatch'
import { createHandlers } from '@main/ipc/handlers'
import type { Platform } from '@main/platform'
import type { Handlers } from '@shared/ipc/contract'
import { serveRenderer } from '@test/e2e/harness/rendererServer'
import { TEST_ALIASES } from '@test/support/aliases'
import { recordingPlatform } from '@test/support/testContainer'
import { build } from 'esbuild'
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core'

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
export const SCREENS_DIR = join(process.cwd(), 'test-results', 'screens')

/** Flags from DESIGN.md: headless Debian Chromium on a machine with no outside network. */
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
  '--no-first-run',
]

let bridgeScript: Promise<string> | null = null
/** The page-side bridge, bundled once per run from test/e2e/harness/bridgeClient.ts. */
function bridgeSource(): Promise<string> {
  bridgeScript ??= build({
    entryPoints: [join(__dirname, 'bridgeClient.ts')],
    bundle: true,
    format: 'iife',
    platform: 'browser',
    target: 'chrome120',
    write: false,
    alias: TEST_ALIASES,
    logLevel: 'silent',
  }).then((r) => r.outputFiles[0]!.text)
  return bridgeScript
}

/** A real keychain entry set for one test run, removed again on close. */
class CleanedKeychain implements SecretStore {
  readonly inner = new KeytarSecretStore(`Gen Studio e2e ${randomUUID()}`)
  private readonly accounts = new Set<string>()
  status = () => this.inner.status()
  get = (account: string) => this.inner.get(account)
  set = async (account: string, secret: string) => {
    this.accounts.add(account)
    await this.inner.set(account, secret)
  }
  delete = (account: string) => this.inner.delete(account)
  async cleanup() {
    for (const a of this.accounts) await this.inner.delete(a).catch(() => false)
  }
}

export interface LaunchOptions {
  colorScheme?: 'light' | 'dark'
  /** Reuse a userData/library folder (to simulate an app restart). */
  dir?: string
  secrets?: SecretStore
  platform?: Partial<Platform>
  viewport?: { width: number; height: number }
}

export interface AppUnderTest {
  page: Page
  context: BrowserContext
  container: Container
  handlers: Handlers
  dir: string
  secrets: SecretStore
  /** Every IPC call the page made: channel and payload. */
  calls: Array<{ channel: string; payload: unknown }>
  /** Console errors and page errors (a CSP violation shows up here). */
  pageErrors: string[]
  opened: string[]
  screenshot(name: string): Promise<string>
  /** Quits the "app" (browser context and container) and starts it again on the same folders. */
  restart(options?: Omit<LaunchOptions, 'dir' | 'secrets'>): Promise<AppUnderTest>
  close(options?: { keepData?: boolean }): Promise<void>
}

/**
 * Plain Chromium has no gen-media: scheme, so library media is served under the page's own origin
 * (allowed by the CSP's 'self') by the same handler Electron registers for gen-media:, and the
 * renderer is pointed at it.
 */
async function serveMediaInPage(context: BrowserContext, container: Container): Promise<void> {
  await context.route('**/__media/**', async (route) => {
    const url = new URL(route.request().url())
    const rest = url.pathname.slice(url.pathname.indexOf('/__media/') + '/__media/'.length)
    const response = await container.library.serveMedia(
      new Request(`gen-media://${rest}${url.search}`, { headers: route.request().headers() }),
    )
    await route.fulfill({
      status: response.status,
      headers: Object.fromEntries(response.headers),
      body: Buffer.from(await response.arrayBuffer()),
    })
  })
  await context.addInitScript({
    content: "window.__genStudioMediaBase = location.origin + '/__media/'",
  })
}

let browser: Browser | null = null
async function sharedBrowser(): Promise<Browser> {
  if (browser?.isConnected()) return browser
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(
      `Chromium not found at ${CHROMIUM_PATH}: install Debian's chromium (apt-get install chromium).`,
    )
  }
  browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
    headless: true,
  })
  return browser
}

/** Closes the shared Chromium (call in afterAll). */
export async function closeBrowser(): Promise<void> {
  await browser?.close()
  browser = null
}

/**
 * Starts the app as a user meets it, minus the Electron binary: the built renderer in real
 * Chromium over http, and window.api bridged to the same dispatch and real services (real
 * keychain, real files) that register.ts uses in Electron.
 */
export async function launchApp(options: LaunchOptions = {}): Promise<AppUnderTest> {
  if (!existsSync(join(process.cwd(), 'out', 'renderer', 'index.html'))) {
    throw new Error(
      'out/renderer is missing: run `npx electron-vite build` (npm test does this first).',
    )
  }
  const dir = options.dir ?? mkdtempSync(join(tmpdir(), 'gen-studio-e2e-'))
  const secrets = options.secrets ?? new CleanedKeychain()
  const { platform, opened } = recordingPlatform(options.platform)
  const container = createContainer({
    userDataDir: join(dir, 'userData'),
    defaultLibraryDir: join(dir, 'Library'),
    secrets,
    platform,
  })
  const handlers = createHandlers(container)
  const server = await serveRenderer()
  const context = await (
    await sharedBrowser()
  ).newContext({
    colorScheme: options.colorScheme ?? 'light',
    viewport: options.viewport ?? { width: 1280, height: 820 },
  })
  const calls: AppUnderTest['calls'] = []
  const pageErrors: string[] = []
  await context.exposeBinding('__genStudioInvoke', (_source, channel: string, payload: unknown) => {
    calls.push({ channel, payload })
    return dispatch(handlers, channel, payload, { senderId: 1 }, (c, e) =>
      pageErrors.push(`[main] ${c}: ${String(e)}`),
    )
  })
  await context.addInitScript({ content: await bridgeSource() })
  await serveMediaInPage(context, container)
  const unforward = container.events.forward((event, payload) => {
    for (const p of context.pages()) {
      void p
        .evaluate(([e, d]) => window.__genStudioEmit(e as never, d), [event, payload] as const)
        .catch(() => {})
    }
  })
  const page = await context.newPage()
  page.on('console', (m) => {
    if (m.type() === 'error') pageErrors.push(m.text())
  })
  page.on('pageerror', (e) => pageErrors.push(e.message))
  await page.goto(server.url)

  const app: AppUnderTest = {
    page,
    context,
    container,
    handlers,
    dir,
    secrets,
    calls,
    pageErrors,
    opened,
    async screenshot(name) {
      mkdirSync(SCREENS_DIR, { recursive: true })
      const path = join(SCREENS_DIR, `${name}.png`)
      await page.screenshot({ path, fullPage: true })
      return path
    },
    async restart(next = {}) {
      await app.close({ keepData: true })
      return launchApp({ ...options, ...next, dir, secrets })
    },
    async close({ keepData = false } = {}) {
      unforward()
      await context.close()
      await server.close()
      await container.dispose()
      if (!keepData) {
        if (secrets instanceof CleanedKeychain) await secrets.cleanup()
        rmSync(dir, { recursive: true, force: true })
      }
    },
  }
  return app
}
