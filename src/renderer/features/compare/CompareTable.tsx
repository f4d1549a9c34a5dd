import { defineKeys } from '@shared/i18n/keys'
import type { LibraryItem } from '@shared/library/types'
import { useMemo } from 'react'
import { Trans, useTranslation } from 'react-i18next'

import { type CompareRow, compareRows, type FixedRow } from './compareRows'
import { diffWords } from './diffWords'

/** Pane letters: A is the reference the others are diffed against. */
export const LETTERS = ['A', 'B', 'C', 'D'] as const

/** Between a pane's letter and its file name. */
const DOT = ' · '

/** The names of the rows every comparison has, `compare` keys. */
const ROW_LABELS = defineKeys('compare', {
  prompt: 'rowPrompt',
  negativePrompt: 'rowNegativePrompt',
  model: 'rowModel',
  seed: 'rowSeed',
  size: 'rowSize',
  duration: 'rowDuration',
  cost: 'rowCost',
}) satisfies Record<FixedRow, string>

/**
 * People's names for the request parameters the service knows (issue #34 item 5: the service's
 * field names are not words), by the last part of the dotted key (`parameters.steps` → steps).
 * A parameter not listed here is shown by its key, the only name it has.
 */
const PARAM_LABELS = defineKeys('compare', {
  steps: 'paramSteps',
  seed: 'paramSeed',
  scale: 'paramScale',
  guidance: 'paramGuidance',
  sampler: 'paramSampler',
  width: 'paramWidth',
  height: 'paramHeight',
  n: 'paramCount',
  n_samples: 'paramCount',
  count: 'paramCount',
  quality: 'paramQuality',
  size: 'paramSize',
  aspect_ratio: 'paramAspectRatio',
  resolution: 'paramResolution',
  duration: 'paramDuration',
  mode: 'paramMode',
  strength: 'paramStrength',
  noise: 'paramNoise',
  negative_prompt: 'paramNegativePrompt',
  prompt: 'paramPrompt',
  model: 'paramModel',
  model_variant: 'paramModelVariant',
  sm: 'paramSmea',
  sm_dyn: 'paramSmeaDyn',
  upscale: 'paramUpscale',
  enhance: 'paramEnhance',
})

const isLabelled = (name: string): name is keyof typeof PARAM_LABELS => name in PARAM_LABELS

/**
 * The prompt of one item as a word diff against A's: removed words in <del>, added in <ins>,
 * each also announced in words (screen readers do not voice the elements themselves).
 */
export function PromptDiff({ a, b }: { a: string; b: string }) {
  const { t } = useTranslation('compare')
  const diff = useMemo(() => diffWords(a, b), [a, b])
  const sr = <span className="cmp-sr" />
  return (
    <>
      {diff.parts.map((p, i) => {
        if (p.op === 'same') return <span key={i}>{p.text}</span>
        // The space before a change stays outside the mark.
        const lead = /^\s*/.exec(p.text)![0]
        const words = p.text.slice(lead.length)
        return (
          <span key={i}>
            {lead}
            {p.op === 'del' ? (
              <del>
                <Trans t={t} i18nKey="removedWords" values={{ words }} components={{ sr }} />
              </del>
            ) : (
              <ins>
                <Trans t={t} i18nKey="addedWords" values={{ words }} components={{ sr }} />
              </ins>
            )}
          </span>
        )
      })}
      {diff.complete ? null : <span className="cmp-note muted"> {t('tooDifferent')}</span>}
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
  const { t } = useTranslation('compare')
  const noRate = t('costNoRate')
  const yes = t('yes')
  const no = t('no')
  const rows = useMemo(() => compareRows(items, { noRate, yes, no }), [items, noRate, yes, no])
  const differing = rows.filter((r) => r.differs).length
  const labelOf = (row: CompareRow): string => {
    if (row.param === undefined) return t(ROW_LABELS[row.key as FixedRow])
    const name = row.param.split('.').pop()!
    return isLabelled(name) ? t(PARAM_LABELS[name]) : row.param
  }
  return (
    <table className="cmp-table" data-testid="compare-table">
      <caption>{t('caption', { differing })}</caption>
      <thead>
        <tr>
          <th scope="col">{t('setting')}</th>
          {items.map((item, i) => (
            <th scope="col" key={item.id} title={item.fileName}>
              {LETTERS[i]}
              {DOT}
              {item.fileName}
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
            <th
              scope="row"
              className={row.param !== undefined && labelOf(row) === row.param ? 'mono' : undefined}
              title={row.param}
            >
              {labelOf(row)}
              {row.differs ? <span className="cmp-sr"> {t('differs')}</span> : null}
            </th>
            {row.values.map((value, i) => {
              const differs = row.differs && i > 0 && value !== row.values[0]
              return (
                <td key={items[i]!.id} className={differs ? 'cmp-cell-differs' : undefined}>
                  <div className={row.kind === 'prompt' ? 'cmp-prompt' : 'cmp-value'}>
                    {row.kind === 'prompt' && differs ? (
                      <PromptDiff a={row.values[0]!} b={value} />
                    ) : (
                      value || <span className="muted">{t('empty')}</span>
                    )}
                  </div>
                  {differs ? <span className="cmp-sr"> {t('differsFromA')}</span> : null}
                </td>
              )
            })}
          </tr>
        ))}
      </tbody>
    </table>
  )
}
