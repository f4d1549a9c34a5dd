/**
 * Which text model may use which endpoint, derived from the catalog (src/shared/catalog) so the
 * picker can never offer a pair the service refuses and main can re-check every request.
 */
import { CATALOG, getTextModel, type TextModel } from '../catalog/models'
import type { TextEndpoint, TextModelOption } from './types'

const REPLY_ENDPOINTS: readonly TextEndpoint[] = ['chat.completions', 'responses']

/** The catalog's text models, in catalog order. */
export const TEXT_MODELS: readonly TextModel[] = CATALOG.filter(
  (m): m is TextModel => m.kind === 'text',
)

/** The reply endpoints a model accepts; empty for anything that is not a text model. */
export function textEndpointsFor(modelId: string): TextEndpoint[] {
  const model = getTextModel(modelId)
  if (!model) return []
  return REPLY_ENDPOINTS.filter((e) => model.endpoints.includes(e))
}

/** Whether /v1/responses/compact accepts the model. */
export const canCompact = (modelId: string): boolean =>
  getTextModel(modelId)?.endpoints.includes('responses.compact') ?? false

export const isValidPair = (modelId: string, endpoint: string): endpoint is TextEndpoint =>
  (textEndpointsFor(modelId) as string[]).includes(endpoint)

/**
 * The endpoint the app picks for a model: chat completions, which every text model accepts and
 * which streams; Responses stays available for the models that accept it.
 */
export function defaultEndpoint(modelId: string): TextEndpoint | null {
  return textEndpointsFor(modelId)[0] ?? null
}

/** Keeps `wanted` when the model accepts it, else the model's default endpoint. */
export function endpointFor(
  modelId: string,
  wanted: string | null | undefined,
): TextEndpoint | null {
  return wanted && isValidPair(modelId, wanted) ? wanted : defaultEndpoint(modelId)
}

export function textModelOption(model: TextModel): TextModelOption {
  return {
    id: model.id,
    label: model.label,
    endpoints: textEndpointsFor(model.id),
    compact: canCompact(model.id),
  }
}

/** The catalog's text models the account lists (unknown ids are dropped), in catalog order. */
export function textModelsListed(accountIds: Iterable<string>): TextModelOption[] {
  const listed = new Set(accountIds)
  return TEXT_MODELS.filter((m) => listed.has(m.id)).map(textModelOption)
}

export const ENDPOINT_LABELS: Readonly<Record<TextEndpoint, string>> = {
  'chat.completions': 'Chat completions',
  responses: 'Responses',
}
