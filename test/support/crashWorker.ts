/**
 * The engine as its own process, for the crash test: connects to the simulator, recovers what
 * the journal holds, submits every plan item (each has a requestId, so a restart never submits
 * one twice) and runs until every task has ended. The parent kills it with SIGKILL at random
 * points and starts it again on the same folders.
 *
 * Input (env CRASH_WORKER): { baseUrl, key, dir, planFile, exitWhenDone }. Output: READY, DONE.
 */
import { readFileSync } from 'node:fs'

import type { SubmitTaskInput } from '@shared/tasks/submit'
import { startStack } from '@test/support/simulatorStack'

interface Config {
  baseUrl: string
  key: string
  dir: string
  planFile: string
  /** Exit after DONE (the last run); otherwise stay up until killed. */
  exitWhenDone: boolean
}

async function main(): Promise<void> {
  const config = JSON.parse(process.env.CRASH_WORKER ?? '{}') as Config
  const plan = JSON.parse(readFileSync(config.planFile, 'utf8')) as SubmitTaskInput[]
  const stack = await startStack({ baseUrl: config.baseUrl, key: config.key, dir: config.dir })
  process.stdout.write('READY\n')
  for (const item of plan) await stack.tasks.submit(item)
  const ended = new Set(['saved', 'failed', 'needs_attention', 'cancelled'])
  for (;;) {
    const views = await stack.tasks.list()
    if (views.length >= plan.length && views.every((v) => ended.has(v.state))) break
    await new Promise((r) => setTimeout(r, 30))
  }
  process.stdout.write('DONE\n')
  if (!config.exitWhenDone) {
    // Stay up (idle, as an app would) until the parent kills the process.
    setInterval(() => {}, 60_000)
    return
  }
  await stack.close({ keep: true })
  process.exit(0)
}

main().catch((e) => {
  process.stderr.write(
    `worker failed: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`,
  )
  process.exit(2)
})
