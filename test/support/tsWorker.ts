import { Worker, type WorkerOptions } from 'node:worker_threads'

/**
 * A worker thread running a TypeScript entry from src/ (the app runs the built .js, tests and
 * benches the source): the thread registers tsx's require hook (with the tsconfig's path aliases)
 * and then loads the entry, so it runs the same code the bundle is made of.
 */
export function tsWorker(entry: string, options: WorkerOptions = {}): Worker {
  return new Worker(`require('tsx/cjs/api').register(); require(${JSON.stringify(entry)})`, {
    ...options,
    eval: true,
  })
}
