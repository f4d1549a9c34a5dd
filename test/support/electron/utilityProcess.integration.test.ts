/**
 * The double's utilityProcess against what Electron documents
 * (https://www.electronjs.org/docs/latest/api/utility-process and, for the child's side,
 * https://www.electronjs.org/docs/latest/api/parent-port): a real child process, `spawn`,
 * `message` and `exit` events, `process.parentPort` in the child, `kill()` with SIGTERM.
 */
import { once } from 'node:events'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import { afterAll, describe, expect, it } from 'vitest'

import { type FakeUtilityProcess, fakeUtilityProcess } from './utilityProcess'

const dir = mkdtempSync(join(tmpdir(), 'utility-double-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

/** A child module: answers each message with what it got, its argv and how it got it. */
const ECHO = join(dir, 'echo.js')
writeFileSync(
  ECHO,
  `process.parentPort.on('message', (e) => {
     if (e.data === 'exit') process.exit(3)
     process.parentPort.postMessage({ got: e.data, ports: e.ports.length, argv: process.argv.slice(2) })
   })
   process.parentPort.postMessage('up')`,
)

const next = async (child: FakeUtilityProcess) => (await once(child, 'message'))[0] as unknown

describe('the Electron double’s utilityProcess', () => {
  it('forks a real child: spawn, parentPort messages both ways as structured clones, args in argv', async () => {
    const child = fakeUtilityProcess().fork(ECHO, ['a', 'b'], { stdio: 'pipe' })
    expect(child.pid).toBeUndefined()
    await once(child, 'spawn')
    expect(child.pid).toBeGreaterThan(0)
    expect(child.pid).not.toBe(process.pid)
    expect(await next(child)).toBe('up')
    child.postMessage({ m: new Map([['k', 1]]) })
    expect(await next(child)).toEqual({
      got: { m: new Map([['k', 1]]) },
      ports: 0,
      argv: ['a', 'b'],
    })
    child.postMessage('exit')
    expect((await once(child, 'exit'))[0]).toBe(3)
    expect(child.pid).toBeUndefined()
  })

  it('kill() ends the child with SIGTERM: true, then exit; false once it is gone', async () => {
    const child = fakeUtilityProcess().fork(ECHO)
    await once(child, 'spawn')
    const exited = once(child, 'exit')
    expect(child.kill()).toBe(true)
    // No exit code after a signal: 128 + SIGTERM (15), as a shell reports it.
    expect((await exited)[0]).toBe(143)
    expect(child.kill()).toBe(false)
  })

  it('refuses to fork before the app is ready, as Electron does', () => {
    expect(() => fakeUtilityProcess(() => false).fork(ECHO)).toThrow(/before app is ready/)
  })
})
