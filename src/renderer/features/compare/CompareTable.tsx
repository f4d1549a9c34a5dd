import type { LibraryItem } from '@shared/library/types'
import { useMemo } from 'react'

import { compareRows } from './compareRows'
import { diffWords } from './diffWords'

/** Pane letters: A is the reference the others are diffed against. */
export const LETTERS = ['A', 'B', 'C', 'D'] as const

/**
 * The prompt of one item as a word diff against A's: removed words in <del>, added in <ins>,
 * each also announced in words (screen readers do not voice the elements themselves).
 */
export function PromptDiff({ a, b }: { a: string; b: string }) {
  const diff = useMemo(() => diffWords(a, b), [a, b])
  return (
    <>
      {diff.parts.map((p, i) => {
        if (p.op === 'same') return <span key={i}>{p.text}</span>
        // The space before a change stays outside the mark.
        const lead = /^\s*/.exec(p.text)![0]
        const Mark = p.op === 'del' ? 'del' : 'ins'
        return (
          <span key={i}>
            {lead}
            <Mark>
              <span className="cmp-sr">[{p.op === 'del' ? 'removed' : 'added'}: </span>
              {p.text.slice(lead.length)}
              <span className="cmp-sr">]</span>
            </Mark>
          </span>
        )
      })}
      {diff.complete ? null : (
        <span className="cmp-note muted">
          {' '}
          (too different to compare word by word: shown as replaced)
        </span>
      )}
    </>
  )
}

/**
 * Compare's settings table: one column per item, one row per setting (prompt, negative prompt,
 * model, seed, size, each parameter, cost). Rows where the items differ are highlighted, and in
 * them every cell whose value differs from A's; both are also said in words ("differs"). Prompts
 * of B, C and D show their word diff against A.
 */
export function CompareTable({ items }: { items: readonly LibraryItem[] }) {
  const rows = useMemo(() => compareRows(items), [items])
  const differing = rows.filter((r) => r.differs).length
  return (
    <table className="cmp-table" data-testid="compare-table">
      <caption>
        Settings: {differing === 0 ? 'all the same' : `${differing} differ (highlighted)`}
      </caption>
      <thead>
        <tr>
          <th scope="col">Setting</th>
          {items.map((item, i) => (
            <th scope="col" key={item.id} title={item.fileName}>
              {LETTERS[i]} · {item.fileName}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr
            key={row.key}
            className={row.differs ? 'cmp-differs' : undefined}
            data-testid={`compare-row-${row.key}`}
            data-differs={row.differs}
          >
            <th scope="row" className={row.key.startsWith('param:') ? 'mono' : undefined}>
              {row.label}
              {row.differs ? <span className="cmp-sr"> (differs)</span> : null}
            </th>
            {row.values.map((value, i) => {
              const differs = row.differs && i > 0 && value !== row.values[0]
              return (
                <td key={items[i]!.id} className={differs ? 'cmp-cell-differs' : undefined}>
                  <div className={row.kind === 'prompt' ? 'cmp-prompt' : 'cmp-value'}>
                    {row.kind === 'prompt' && differs ? (
                      <PromptDiff a={row.values[0]!} b={value} />
                    ) : (
                      value || <span className="muted">(empty)</span>
                    )}
                  </div>
                  {differs ? <span className="cmp-sr"> (differs from A)</span> : null}
                </td>
              )
            })}
          </tr>
        ))}
      </tbody>
    </table>
  )
}
