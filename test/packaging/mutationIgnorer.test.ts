/**
 * `npm run mutation` leaves message-only mutants out of the score (issues #18, #32). This pins
 * what the ignorer may leave out: the text of a validation message and the label and unit it
 * starts and ends with, the helpers that only build message text, and the text of an error; and,
 * for each of those rules, a mutant next to it that it must NOT leave out: a field path, a value
 * stored as data (a price's `basis`, a feature's name, a map entry), a verdict, a price or an "≈".
 * An ignorer that ignored too much would inflate the score without anyone noticing.
 */
import { createRequire } from 'node:module'

import { describe, expect, it } from 'vitest'

import { strykerPlugins } from '../../scripts/mutation/messageIgnorer.mjs'

// @babel/core comes with Stryker's instrumenter, which parses the code the same way.
const babel = createRequire(import.meta.url)('@babel/core')

/** The source text of every node the ignorer leaves out of `code`, outermost only. */
function ignored(code: string): string[] {
  const plugin = strykerPlugins.find((p) => p.name === 'message-text' && p.kind === 'Ignore')
  if (!plugin) throw new Error('no message-text ignorer')
  const ignorer = new plugin.injectableClass()
  const ast = babel.parseSync(code, { sourceType: 'module', configFile: false, babelrc: false })
  const out: string[] = []
  babel.traverse(ast, {
    enter(path: { node: { start: number; end: number }; skip(): void }) {
      if (ignorer.shouldIgnore(path)) {
        out.push(code.slice(path.node.start, path.node.end))
        path.skip()
      }
    },
  })
  return out
}

/** Each rule: code with the message it leaves out, and beside it what it must keep. */
const RULES: { rule: string; code: string; ignores: string[]; keeps: string[] }[] = [
  {
    rule: 'the text of issues.add(path, message), never the path or another add/set',
    code: `
      if (value > max) issues.add('parameters.steps', \`Steps must be 1 to \${max}\`)
      issues.add(path, reasonFor(value))
      seen.add(value, 'kept')
      totals.set(day, 'settled')`,
    ignores: ['`Steps must be 1 to ${max}`'],
    keeps: ["'parameters.steps'", 'value > max', 'reasonFor(value)', "'kept'", "'settled'"],
  },
  {
    rule: 'the text of issues.fields.x = message, never another object or a value',
    code: `
      issues.fields.n = 'plain assignment'
      issues.fields.m = count + 1
      row.fields.status = 'failed'
      issues.count = value + 1`,
    ignores: ["'plain assignment'"],
    keeps: ['count + 1', "'failed'", 'value + 1'],
  },
  {
    rule: 'the text label and unit of the small checks, never the path, value or range',
    code: `
      checkInt(issues, 'parameters.seed', value, 'Seed', { min: 0, max })
      checkInt(issues, 'duration', value, 'duration', { min: 4, max }, { unit: ' seconds' })
      checkInt(issues, 'n', value, labelFor(kind), { min: 1, max })
      const timing = { unit: 'ms', every: 5 }`,
    ignores: ["'Seed'", "'duration'", "unit: ' seconds'"],
    keeps: [
      "'parameters.seed'",
      '{ min: 0, max }',
      '{ min: 4, max }',
      'labelFor(kind)',
      "unit: 'ms'",
    ],
  },
  {
    rule: 'the body of a function that builds a message, never a value of that name or another helper',
    code: `
      const rangeMessage = (label, min, max) => (min === max ? label + ' must be ' + min : label)
      function countMessage(n) { return n + ' items' }
      const characterLimitMessage = { message: 'Too long', path: ['to'] }
      const fmt = (n) => String(n)
      const withNotes = (basis, notes) => basis + notes.join(' ')`,
    ignores: [
      "rangeMessage = (label, min, max) => (min === max ? label + ' must be ' + min : label)",
      "function countMessage(n) { return n + ' items' }",
      "message: 'Too long'",
    ],
    keeps: ["path: ['to']", 'String(n)', "basis + notes.join(' ')"],
  },
  {
    rule: 'the text message and action of an error, never its code or a computed value',
    code: `
      const STOPPED = { code: 'cancelled', message: 'Stopped.', action: 'Try ' + 'again' }
      const NEXT = { action: pick(1), message: m }`,
    ignores: ["message: 'Stopped.'", "action: 'Try ' + 'again'"],
    keeps: ["code: 'cancelled'", 'pick(1)', 'message: m'],
  },
  {
    rule: 'the text a schema check refuses with, never its bound, pattern or test',
    code: `
      const axis = z.array(z.string().min(1, 'An axis value is empty')).max(MAX, \`At most \${MAX}\`)
      const name = z.string().regex(/^[a-z]{1,64}$/, 'Use letters').refine((n) => n !== '_', 'No _')
      const low = Math.min(limit, 'fallback'.length)
      const picked = choose(values, 'first')`,
    ignores: ["'An axis value is empty'", '`At most ${MAX}`', "'Use letters'", "'No _'"],
    keeps: ['min(1,', 'max(MAX,', '/^[a-z]{1,64}$/', "(n) => n !== '_'", "'fallback'", "'first'"],
  },
  {
    rule: 'no rule keyed on a property name: a basis or a feature name is data',
    code: `
      const UNSUPPORTED = [{ path: 'parameters.sm', feature: 'SMEA' }]
      function estimate(n) {
        return { micros: 3000 * n, approximate: n > 1, label: '≈', basis: 'one image × ' + n }
      }
      const sum = (parts, basis = 'Sum') => ({ parts, basis })
      function each(parts) {
        let basis = 'each × ' + parts.length
        if (parts.length > 2) basis += ' and more'
        return usd(parts.length * 2, parts.length > 4, basis + '!')
      }`,
    ignores: [],
    keeps: [
      "'parameters.sm'",
      "'SMEA'",
      '3000 * n',
      'n > 1',
      "'≈'",
      "'one image × ' + n",
      "'Sum'",
      "'each × ' + parts.length",
      "' and more'",
      "basis + '!'",
    ],
  },
]

describe('mutation testing leaves out message-only mutants, and nothing else', () => {
  it.each(RULES)('$rule', ({ code, ignores, keeps }) => {
    const left = ignored(code)
    expect(left).toEqual(ignores)
    for (const kept of keeps) {
      expect(code).toContain(kept)
      for (const out of left) expect(out).not.toContain(kept)
    }
  })
})
