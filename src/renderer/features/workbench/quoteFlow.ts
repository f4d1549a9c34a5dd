import type { Result } from '@shared/result'

import { estimate, uploadAsset } from '../../api/generate'
import { stageBytes } from '../../forms/addFiles'
import { randomSeed } from '../../forms/numbers'
import type { RefItem } from '../../forms/references'
import { translate } from '../../i18n/translate'
import type { WorkbenchDraft } from '../../stores/forms'
import type { MaskState } from '../../stores/generate'
import { useWorkbenchStore, type WorkbenchQuote } from '../../stores/generate/workbench'
import type { WorkbenchFormModel } from './workbenchForm'

const failure = (message: string, field: string): Result<never> => ({
  ok: false,
  error: { code: 'validation', message, fields: { [field]: message } },
})

/** Uploads one file as a workbench asset, reusing the id of a file already uploaded this session. */
async function assetFor(key: string, path: string, field: string): Promise<Result<string>> {
  const known = useWorkbenchStore.getState().assets[key]
  if (known) return { ok: true, value: known }
  const r = await uploadAsset(path)
  if (!r.ok) return { ok: false, error: { ...r.error, fields: { [field]: r.error.message } } }
  useWorkbenchStore.getState().rememberAsset(key, r.value.id)
  return { ok: true, value: r.value.id }
}

type WorkbenchFiles = {
  source: readonly RefItem[]
  mask: MaskState
  references: readonly RefItem[]
}

/**
 * The exact request Generate will send: the source, mask and references uploaded first (each
 * once) and their asset ids filled in, a random seed drawn here. Quoted by "Get quote"; the base
 * of a batch for "Batch…".
 */
export async function workbenchRequest(
  form: WorkbenchFormModel,
  draft: WorkbenchDraft,
  files: WorkbenchFiles,
): Promise<Result<WorkbenchQuote['request']>> {
  const request: WorkbenchQuote['request'] = { ...form.request }
  if (draft.seedMode === 'random') request.seed = randomSeed()
  const source = files.source[0]
  if (source) {
    if (!source.path)
      return failure(translate('workbench', 'filePreparing', { name: source.name }), 'source')
    const id = await assetFor(`${source.id}:${source.path}`, source.path, 'source')
    if (!id.ok) return id
    request.source_asset_id = id.value
    if (files.mask.painted && files.mask.png) {
      const key = `mask:${files.mask.version}:${source.id}`
      let maskId = useWorkbenchStore.getState().assets[key]
      if (!maskId) {
        const bytes = new Uint8Array(await files.mask.png.arrayBuffer())
        const staged = await stageBytes('mask.png', bytes)
        if (!staged.ok) return staged
        const up = await assetFor(key, staged.value.path, 'mask')
        if (!up.ok) return up
        maskId = up.value
      }
      request.mask_asset_id = maskId
    }
  }
  if (files.references.length > 0) {
    const ids: string[] = []
    for (const ref of files.references) {
      if (!ref.path)
        return failure(translate('workbench', 'filePreparing', { name: ref.name }), 'references')
      const id = await assetFor(`${ref.id}:${ref.path}`, ref.path, 'references')
      if (!id.ok) return id
      ids.push(id.value)
    }
    request.reference_asset_ids = ids
  }
  return { ok: true, value: request }
}

/** "Get quote": asks the service for a quote on the exact request Generate will send. */
export async function requestQuote(
  form: WorkbenchFormModel,
  draft: WorkbenchDraft,
  files: WorkbenchFiles,
): Promise<Result<WorkbenchQuote>> {
  const built = await workbenchRequest(form, draft, files)
  if (!built.ok) return built
  const request = built.value
  const quote = await estimate(request)
  if (!quote.ok) return quote
  return { ok: true, value: { summary: quote.value, fingerprint: form.fingerprint, request } }
}

/** Why the current quote cannot be used for Generate, or null when it can. */
export function quoteProblem(
  quote: WorkbenchQuote | null,
  fingerprint: string,
  now: number,
): 'missing' | 'changed' | 'expired' | null {
  if (!quote) return 'missing'
  if (quote.fingerprint !== fingerprint) return 'changed'
  if (quote.summary.expiresAt !== null && quote.summary.expiresAt <= now) return 'expired'
  return null
}
