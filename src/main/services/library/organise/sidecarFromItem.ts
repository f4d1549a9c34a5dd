import { type Lineage, withLineage } from '@shared/library/lineage'
import { withOrganise } from '@shared/library/organise'
import type { LibraryItem, LibrarySidecar } from '@shared/library/types'

import { withBatch } from '../disk/sidecar'

/**
 * A sidecar rebuilt from the index, for an item whose sidecar file is missing (then rewritten).
 * `lineage` is the index's copy of the item's `derivedFrom` (LineageIndex.of): the item is not
 * the one place that holds it, and a rewrite without it would cut a crop from its original.
 */
export function sidecarFromItem(item: LibraryItem, lineage?: Lineage): LibrarySidecar {
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
    ...withLineage(lineage),
  }
}
