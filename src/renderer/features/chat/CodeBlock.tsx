import { type ReactNode, useEffect, useState } from 'react'

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
 * A fenced code block: shown as plain text at once, then highlighted when the highlighter chunk
 * has loaded (it is imported on first use). The tree becomes React elements, never HTML.
 */
export function CodeBlock({ code, language }: { code: string; language: string | null }) {
  const [nodes, setNodes] = useState<{ for: string; nodes: HighlightNode[] | null } | null>(null)
  useEffect(() => {
    let live = true
    void import('./highlight').then((m) => {
      if (live) setNodes({ for: code, nodes: m.highlight(code, language) })
    })
    return () => {
      live = false
    }
  }, [code, language])
  const highlighted = nodes?.for === code ? nodes.nodes : null
  return (
    <div className="chat-code">
      <div className="chat-code-head">
        <span className="muted">{language ?? 'text'}</span>
        <CopyButton text={code} label={`Copy ${language ?? ''} code`.replace('  ', ' ')} />
      </div>
      <pre>
        <code className={highlighted ? 'hljs' : undefined} data-language={language ?? undefined}>
          {highlighted ? render(highlighted) : code}
        </code>
      </pre>
    </div>
  )
}
