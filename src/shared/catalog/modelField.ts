/**
 * The `model` field every catalog endpoint starts from: the images, video and text validators read
 * it the same way and word its messages alike, then each adds its own endpoint rules.
 */
import { type CatalogModel, getModel, type ModelKind } from './models'
import { checkString, type Issues } from './validation'

const KIND_NOUN: Readonly<Record<ModelKind, string>> = {
  image: 'an image model',
  video: 'a video model',
  text: 'a text model',
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
    issues.add('model', `Unknown model ${id}`)
    return undefined
  }
  if (model.kind !== kind) {
    issues.add('model', `${id} is a ${model.kind} model, not ${KIND_NOUN[kind]}`)
    return undefined
  }
  return model as Extract<CatalogModel, { kind: K }>
}
