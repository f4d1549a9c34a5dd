/**
 * `npm run mutation` leaves message-only mutants out of the score (issue #18). This pins what
 * the ignorer may leave out: the words of a validation message and the label it starts with, a feature's name, the helpers that only build
 * message text, and a price's `basis` wording; never a field path, a verdict, a price or an "≈".
 * An ignorer that ignored too much would inflate the score without anyone noticing.
 */
import { createRequire } from 'node:module'

import { describe, expect, it } from 'vitest'

import { strykerPlugins } from '../../scripts/mutation/messageIgnorer.mjs'

// @babel/core comes with Stryker's instrumenter, which parses the code the same way.
const babel = createRequire(import.meta.url)('@babel/core')

const CODE = `
function checkSteps(issues, value, max) {
  if (value > max) issues.add('parameters.steps', \`Steps must be 1 to \${max}\`)
  issues.fields.n = 'plain assignment'
  issues.count = value + 1
  checkInt(issues, 'parameters.seed', value, 'Seed', { min: 0, max })
  checkInt(issues, 'duration', value, 'duration', { min: 4, max }, { unit: ' seconds' })
  return value
}
const UNSUPPORTED = [{ path: 'parameters.sm', feature: 'SMEA' }]
const STOPPED = { code: 'cancelled', message: 'Stopped.', action: 'Try ' + 'again' }
const NEXT = { action: pick(1), message: m }
const rangeMessage = (label, min, max) => (min === max ? label + ' must be ' + min : label)
function estimate(n) {
  return { micros: 3000 * n, approximate: n > 1, label: '≈', basis: 'one image × ' + n }
}
const sum = (parts, basis = 'Sum') => ({ parts, basis })
function each(parts) {
  const label = 'x'
  const total = parts.length * 2
  let basis = 'each × ' + total
  if (total > 2) basis += ' and more'
  return usd(total, total > 4, basis + '!')
}
`

/** The source text of every node the ignorer leaves out, outermost only. */
function ignored(): string[] {
  const plugin = strykerPlugins.find((p) => p.name === 'message-text' && p.kind === 'Ignore')
  if (!plugin) throw new Error('no message-text ignorer')
  const ignorer = new plugin.injectableClass()
  const ast = babel.parseSync(CODE, { sourceType: 'module', configFile: false, babelrc: false })
  const out: string[] = []
  babel.traverse(ast, {
    enter(path: { node: { start: number; end: number }; skip(): void }) {
      if (ignorer.shouldIgnore(path)) {
        out.push(CODE.slice(path.node.start, path.node.end))
        path.skip()
      }
    },
  })
  return out
}

describe('mutation testing leaves out message-only mutants, and nothing else', () => {
  it('ignores message words, message helpers and the basis wording', () => {
    expect(ignored()).toEqual([
      '`Steps must be 1 to ${max}`',
      "'plain assignment'",
      "'Seed'",
      "'duration'",
      "unit: ' seconds'",
      "feature: 'SMEA'",
      "message: 'Stopped.'",
      "action: 'Try ' + 'again'",
      "rangeMessage = (label, min, max) => (min === max ? label + ' must be ' + min : label)",
      "basis: 'one image × ' + n",
      "'Sum'",
      'basis',
      "'each × ' + total",
      "' and more'",
      "basis + '!'",
    ])
  })

  it('keeps field paths, verdicts, prices and the ≈ label under mutation', () => {
    const left = ignored().join('\n')
    for (const kept of [
      "'parameters.steps'",
      "'parameters.seed'",
      '{ min: 0, max }',
      '{ min: 4, max }',
      "path: 'parameters.sm'",
      "code: 'cancelled'",
      'pick(1)',
      'value > max',
      'value + 1',
      '3000 * n',
      'n > 1',
      "'≈'",
      "'x'",
      'parts.length * 2',
      'total > 2',
      'total > 4',
    ]) {
      expect(left).not.toContain(kept)
    }
  })
})
