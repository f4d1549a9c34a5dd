import { type ReactNode, useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'

import { CopyButton } from './CopyButton'
import type { HighlightNode } from './highlight'

function render(nodes: readonly HighlightNode[], prefix = ''): ReactNode[] {
  return nodes.map((node, i) => {
    if (node.type === 'text') return node.value
    const cls = node.properties?.className
    const className = Array.isArray(cls) ? cls.join(' ') : undefined
    return (
      <span key={`${prefix}${i}`} className={className}>
        {render(node.children, `${prefix}${i}.`)}
      </span>
    )
  })
}

/**
 * Longest block that is highlighted. Highlighting and rendering 20,000 characters of code as
 * spans takes a few tens of milliseconds; a 400 KB block took the page 22 s (issue #13), so
 * longer blocks stay plain text, which the browser lays out at once.
 */
export const HIGHLIGHT_MAX_CHARS = 20_000
/** While a reply streams, the block changes with every delta: highlight once it has settled. */
export const HIGHLIGHT_SETTLE_MS = 150

/**
 * A fenced code block: shown as plain text at once, then highlighted when the highlighter chunk
 * has loaded (it is imported on first use) and the text has stopped changing. The tree becomes
 * React elements, never HTML.
 */
export function CodeBlock({ code, language }: { code: string; language: string | null }) {
  const { t } = useTranslation('chat')
  const [nodes, setNodes] = useState<{ for: string; nodes: HighlightNode[] | null } | null>(null)
  useEffect(() => {
    if (code.length > HIGHLIGHT_MAX_CHARS) return
    let live = true
    const timer = setTimeout(() => {
      void import('./highlight').then((m) => {
        if (live) setNodes({ for: code, nodes: m.highlight(code, language) })
      })
    }, HIGHLIGHT_SETTLE_MS)
    return () => {
      live = false
      clearTimeout(timer)
    }
  }, [code, language])
  const highlighted = nodes?.for === code ? nodes.nodes : null
  return (
    <div className="chat-code">
      <div className="chat-code-head">
        <span className="muted">{language ?? t('codePlainText')}</span>
        <CopyButton text={code} label={language ? t('copyCodeIn', { language }) : t('copyCode')} />
      </div>
      <pre>
        <code className={highlighted ? 'hljs' : undefined} data-language={language ?? undefined}>
          {highlighted ? render(highlighted) : code}
        </code>
      </pre>
    </div>
  )
}
