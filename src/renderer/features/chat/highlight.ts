/**
 * The code highlighter, in its own lazily loaded chunk: lowlight (highlight.js grammars as a tree,
 * never an HTML string) with a small set of common languages, so neither the entry chunk nor the
 * chat screen's chunk carries grammars until a code block is shown.
 */
import bash from 'highlight.js/lib/languages/bash'
import c from 'highlight.js/lib/languages/c'
import cpp from 'highlight.js/lib/languages/cpp'
import css from 'highlight.js/lib/languages/css'
import diff from 'highlight.js/lib/languages/diff'
import go from 'highlight.js/lib/languages/go'
import java from 'highlight.js/lib/languages/java'
import javascript from 'highlight.js/lib/languages/javascript'
import json from 'highlight.js/lib/languages/json'
import markdown from 'highlight.js/lib/languages/markdown'
import python from 'highlight.js/lib/languages/python'
import rust from 'highlight.js/lib/languages/rust'
import sql from 'highlight.js/lib/languages/sql'
import typescript from 'highlight.js/lib/languages/typescript'
import xml from 'highlight.js/lib/languages/xml'
import yaml from 'highlight.js/lib/languages/yaml'
import { createLowlight } from 'lowlight'

/** The part of a hast tree the highlighter produces: spans with classes, and text. */
export type HighlightNode =
  | { type: 'text'; value: string }
  | {
      type: 'element'
      tagName: string
      properties?: { className?: unknown }
      children: HighlightNode[]
    }

const lowlight = createLowlight({
  bash,
  c,
  cpp,
  css,
  diff,
  go,
  java,
  javascript,
  json,
  markdown,
  python,
  rust,
  sql,
  typescript,
  xml,
  yaml,
})
lowlight.registerAlias({
  bash: ['sh', 'shell', 'zsh', 'console'],
  cpp: ['c++', 'hpp', 'cc'],
  javascript: ['js', 'jsx', 'mjs', 'cjs'],
  markdown: ['md'],
  python: ['py'],
  rust: ['rs'],
  typescript: ['ts', 'tsx'],
  xml: ['html', 'svg'],
  yaml: ['yml'],
})

/** Guessing the language of long blocks costs more than it helps. */
const AUTO_DETECT_LIMIT = 4000

/** Highlighted nodes for `code`, or null when the language is unknown and cannot be guessed. */
export function highlight(code: string, language: string | null): HighlightNode[] | null {
  const lang = language?.toLowerCase() ?? null
  if (lang && lowlight.registered(lang)) {
    return lowlight.highlight(lang, code).children as HighlightNode[]
  }
  if (lang || code.length > AUTO_DETECT_LIMIT) return null
  const auto = lowlight.highlightAuto(code)
  return auto.data?.language ? (auto.children as HighlightNode[]) : null
}
