import { readFileSync } from 'node:fs'
import { join } from 'node:path'

import type { Page } from 'playwright-core'

const AXE_SOURCE = readFileSync(
  join(process.cwd(), 'node_modules', 'axe-core', 'axe.min.js'),
  'utf8',
)

export interface Violation {
  id: string
  impact: string | null
  help: string
  nodes: Array<{ target: string[] }>
}

/**
 * Runs axe-core in the page (evaluated over the devtools protocol, which the page's CSP does not
 * govern) on the whole document or one part of it, and returns the serious and critical
 * violations: the bar every screen must pass.
 */
export async function seriousViolations(page: Page, selector?: string): Promise<Violation[]> {
  if (!(await page.evaluate('typeof window.axe !== "undefined"'))) await page.evaluate(AXE_SOURCE)
  const context = selector ? `document.querySelector(${JSON.stringify(selector)})` : 'document'
  const found = (await page.evaluate(
    `axe.run(${context}, { resultTypes: ['violations'] }).then((r) => r.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map((n) => ({ target: n.target })) })))`,
  )) as Violation[]
  return found.filter((v) => v.impact === 'serious' || v.impact === 'critical')
}

/** One readable line per violation, for assertion messages. */
export const describeViolations = (vs: Violation[]): string[] =>
  vs.map(
    (v) => `${v.impact} ${v.id}: ${v.help} @ ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  )
