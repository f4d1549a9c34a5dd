import { withOrganise } from '@shared/library/organise'
import type { LibraryItem, LibrarySidecar } from '@shared/library/types'

import { withBatch } from '../disk/sidecar'

/** A sidecar rebuilt from the index, for an item whose sidecar file is missing (then rewritten). */
export function sidecarFromItem(item: LibraryItem): LibrarySidecar {
  return {
    format: 'gen-studio-library',
    version: 1,
    id: item.id,
    kind: item.kind,
    model: item.model,
    prompt: item.prompt,
    negativePrompt: item.negativePrompt,
    params: item.params,
    seed: item.seed,
    costEstimate: item.costEstimate,
    sourceTaskId: item.sourceTaskId,
    width: item.width,
    height: item.height,
    durationSec: item.durationSec,
    bytes: item.bytes,
    sha256: item.sha256,
    created: new Date(item.createdAt).toISOString(),
    favourite: item.favourite,
    demo: item.demo,
    ...(item.originalName ? { originalName: item.originalName } : {}),
    ...withBatch(item.batch),
    ...withOrganise(item),
  }
}
