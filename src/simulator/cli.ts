/**
 * `npm run simulator -- [--port N] [--cdn-port N] [--time-scale X] [--seed N]`: starts the
 * simulator standalone, prints the base URL, the CDN origin and the account keys, and stops
 * cleanly on Ctrl+C (SIGINT) or SIGTERM.
 */
import { parseArgs } from 'node:util'

import { startSimulator } from './index'

function numberArg(value: string | undefined, name: string): number | undefined {
  if (value === undefined) return undefined
  const n = Number(value)
  if (!Number.isFinite(n) || n < 0) throw new Error(`--${name} must be a non-negative number`)
  return n
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      port: { type: 'string' },
      'cdn-port': { type: 'string' },
      'time-scale': { type: 'string' },
      seed: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  })
  if (values.help) {
    console.log('Usage: npm run simulator -- [--port N] [--cdn-port N] [--time-scale X] [--seed N]')
    return
  }
  const sim = await startSimulator({
    port: numberArg(values.port, 'port'),
    cdnPort: numberArg(values['cdn-port'], 'cdn-port'),
    timeScale: numberArg(values['time-scale'], 'time-scale'),
    seed: numberArg(values.seed, 'seed'),
  })
  const lines = [
    'Gen Studio service simulator',
    `  API base URL : ${sim.baseUrl}`,
    `  CDN origin   : ${sim.cdnOrigin}`,
    '  Accounts (Authorization: Bearer <key>):',
    ...Object.values(sim.accounts).map((a) => `    ${a.name.padEnd(12)} ${a.key}`),
    'Press Ctrl+C to stop.',
  ]
  console.log(lines.join('\n'))
  let stopping = false
  const stop = (signal: string) => {
    if (stopping) return
    stopping = true
    void sim.close().then(() => {
      console.log(`Simulator stopped (${signal}).`)
      process.exit(0)
    })
  }
  process.once('SIGINT', () => stop('SIGINT'))
  process.once('SIGTERM', () => stop('SIGTERM'))
}

main().catch((e: unknown) => {
  console.error(e instanceof Error ? e.message : e)
  process.exit(1)
})
