import { Gate } from '@main/adapters/thumbnails/gate'
import { describe, expect, it } from 'vitest'

/** A job that records when it starts and ends only when the test says so. */
function controlled(log: string[], name: string) {
  let finish!: () => void
  const done = new Promise<void>((resolve) => (finish = resolve))
  return {
    finish,
    job: async () => {
      log.push(`start ${name}`)
      await done
      log.push(`end ${name}`)
      return name
    },
  }
}

const tick = () => new Promise((resolve) => setImmediate(resolve))

describe('Gate', () => {
  it('runs at most its limit at once, the rest in call order', async () => {
    const gate = new Gate(2)
    const log: string[] = []
    const jobs = ['a', 'b', 'c', 'd'].map((n) => controlled(log, n))
    const results = jobs.map((j) => gate.run(j.job))
    await tick()
    expect(log).toEqual(['start a', 'start b'])
    jobs[1]!.finish()
    await tick()
    expect(log).toEqual(['start a', 'start b', 'end b', 'start c'])
    jobs[0]!.finish()
    jobs[2]!.finish()
    jobs[3]!.finish()
    expect(await Promise.all(results)).toEqual(['a', 'b', 'c', 'd'])
  })

  it('frees the slot of a job that throws', async () => {
    const gate = new Gate(1)
    await expect(gate.run(() => Promise.reject(new Error('bad file')))).rejects.toThrow('bad file')
    await expect(gate.run(async () => 'next')).resolves.toBe('next')
  })
})
