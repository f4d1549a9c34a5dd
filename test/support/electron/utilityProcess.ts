/**
 * `utilityProcess` as Electron documents it (https://www.electronjs.org/docs/latest/api/utility-process),
 * played by a real Node child process:
 * - `utilityProcess.fork(modulePath[, args][, options])` "can only be called after the ready event
 *   has been emitted on App"; `args` become the child's `process.argv` after the module path;
 *   `options.env` (default process.env), `execArgv`, `cwd` and `stdio` (`pipe` | `ignore` |
 *   `inherit`, default `inherit`; stdin is always ignored) as documented.
 * - The UtilityProcess is an EventEmitter: `spawn` once the child has started, `message` for each
 *   `process.parentPort.postMessage()` of the child, `exit` with the exit code when it ends
 *   (a process ended by a signal has no exit code in Node; the double reports 128 + the signal's
 *   number, as a shell does). `postMessage(message)` sends to the child, `kill()` "terminates the
 *   process gracefully. On POSIX, it uses SIGTERM" and returns whether it could; `pid` is
 *   undefined before spawn and after exit.
 * - In the child, `process.parentPort` is an EventEmitter whose `message` listeners get a
 *   MessageEvent-like `{ data, ports }`, with `postMessage(message)` to the parent. Messages are
 *   structured clones both ways (Node's `advanced` serialization), as Electron's are.
 * MessagePortMain transfer is not played (the app transfers none).
 */
import { type ChildProcess, fork } from 'node:child_process'
import { EventEmitter } from 'node:events'
import { constants } from 'node:os'
import { join } from 'node:path'

/** The script that installs `process.parentPort` and then loads the module (utilityChild.cjs). */
const CHILD_SHIM = join(__dirname, 'utilityChild.cjs')

export interface ForkOptions {
  env?: NodeJS.ProcessEnv
  execArgv?: string[]
  cwd?: string
  stdio?: 'pipe' | 'ignore' | 'inherit' | Array<'pipe' | 'ignore' | 'inherit'>
  serviceName?: string
}

/** One child, as Electron's UtilityProcess. */
export class FakeUtilityProcess extends EventEmitter {
  pid: number | undefined = undefined
  stdout: NodeJS.ReadableStream | null = null
  stderr: NodeJS.ReadableStream | null = null
  private readonly child: ChildProcess

  constructor(modulePath: string, args: string[] = [], options: ForkOptions = {}) {
    super()
    const out =
      typeof options.stdio === 'string' ? options.stdio : (options.stdio?.[1] ?? 'inherit')
    const err =
      typeof options.stdio === 'string' ? options.stdio : (options.stdio?.[2] ?? 'inherit')
    this.child = fork(CHILD_SHIM, [modulePath, ...args], {
      env: options.env ?? process.env,
      execArgv: options.execArgv ?? [],
      cwd: options.cwd,
      stdio: ['ignore', out, err, 'ipc'],
      serialization: 'advanced',
    })
    this.stdout = this.child.stdout
    this.stderr = this.child.stderr
    this.child.once('spawn', () => {
      this.pid = this.child.pid
      this.emit('spawn')
    })
    this.child.on('message', (message) => this.emit('message', message))
    this.child.once('exit', (code, signal) => {
      this.pid = undefined
      this.stdout = null
      this.stderr = null
      const signalled = signal ? 128 + (constants.signals[signal] ?? 0) : 1
      this.emit('exit', code ?? signalled)
    })
    // A child that cannot be started: Electron reports it as an exit without a spawn.
    this.child.once('error', () => {
      if (this.pid === undefined) this.emit('exit', 1)
    })
  }

  postMessage(message: unknown): void {
    if (this.child.connected) this.child.send(message as never)
  }

  kill(): boolean {
    if (this.pid === undefined) return false
    return this.child.kill('SIGTERM')
  }
}

/**
 * The `utilityProcess` module; `isReady` is the app's (fork before `ready` throws, as Electron),
 * `onFork` hears each child as it is forked.
 */
export function fakeUtilityProcess(
  isReady: () => boolean = () => true,
  onFork: (child: FakeUtilityProcess) => void = () => {},
) {
  const forked: FakeUtilityProcess[] = []
  return {
    forked,
    fork(modulePath: string, args?: string[], options?: ForkOptions): FakeUtilityProcess {
      if (!isReady()) throw new Error('utilityProcess cannot be created before app is ready.')
      const child = new FakeUtilityProcess(modulePath, args, options)
      forked.push(child)
      onFork(child)
      return child
    },
  }
}
