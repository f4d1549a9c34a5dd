/**
 * The `model` field every catalog endpoint starts from: the images, video and text validators read
 * it the same way and word its messages alike, then each adds its own endpoint rules.
 */
import { msg } from '../i18n/message'
import { type CatalogModel, getModel, type ModelKind } from './models'
import { checkString, type Issues } from './validation'

/** "… is a video model, not an image model": one message per kind asked for. */
const WRONG_KIND: Readonly<Record<ModelKind, (id: string, kind: string) => string>> = {
  image: (id, kind) => msg('modelWrongKindImage', { id, kind }),
  video: (id, kind) => msg('modelWrongKindVideo', { id, kind }),
  text: (id, kind) => msg('modelWrongKindText', { id, kind }),
}

/**
 * The required `model` as a catalog model of `kind`; adds a `model` issue and returns undefined
 * when it is missing or empty, not in the catalog, or a model of another kind.
 */
export function checkModelOfKind<K extends ModelKind>(
  issues: Issues,
  value: unknown,
  kind: K,
): Extract<CatalogModel, { kind: K }> | undefined {
  const id = checkString(issues, 'model', value, 'model', { required: true, nonEmpty: true })
  if (id === undefined) return undefined
  const model = getModel(id)
  if (!model) {
    issues.add('model', msg('modelUnknown', { id }))
    return undefined
  }
  if (model.kind !== kind) {
    issues.add('model', WRONG_KIND[kind](id, model.kind))
    return undefined
  }
  return model as Extract<CatalogModel, { kind: K }>
}
