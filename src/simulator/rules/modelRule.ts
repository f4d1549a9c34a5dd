/** The `model` field every catalog endpoint reads first. */
import { catalogRow, type ModelKind } from './catalog'
import type { Refusals } from './refusals'

/** The model's identifier when it is a catalog model of `kind`; else a refusal on `model`. */
export function modelOfKind(r: Refusals, v: unknown, kind: ModelKind): string | undefined {
  const id = r.text('model', v)
  if (id === undefined) return undefined
  const row = catalogRow(id)
  if (!row) r.add('model', `The model ${id} does not exist`)
  else if (row.kind !== kind)
    r.add('model', `${id} is not ${kind === 'image' ? 'an' : 'a'} ${kind} model`)
  else return id
  return undefined
}
