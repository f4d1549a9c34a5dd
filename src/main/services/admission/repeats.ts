import { createHash } from 'node:crypto'
import { createReadStream } from 'node:fs'

import { formatUsdMicros } from '@shared/pricing'
import { fail } from '@shared/result'
import { dayKeyOf } from '@shared/spending/days'
import { canonicalRequest } from '@shared/tasks/canonical'
import { referencePathsOf, type SubmitTaskInput } from '@shared/tasks/submit'

import { t } from '../../i18n'
import type { PaidRequest } from '../journal/TaskRequests'

const sha256 = (text: string): string => createHash('sha256').update(text).digest('hex')

async function fileHash(path: string): Promise<string> {
  const hash = createHash('sha256')
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer)
  return hash.digest('hex')
}

/**
 * The hash of a request's canonical form (see shared/tasks/canonical.ts), or null when it cannot
 * be a repeat. Reference files are hashed by content once per call (`hashes` is shared by the
 * requests of one batch, which send the same references).
 */
export async function canonicalHashOf(
  input: SubmitTaskInput,
  hashes: Map<string, string> = new Map(),
): Promise<string | null> {
  await hashReferences(input, hashes)
  return canonicalHashSync(input, hashes)
}

/** Adds the content hash of each file `input` sends that `hashes` does not hold yet. */
export async function hashReferences(
  input: SubmitTaskInput,
  hashes: Map<string, string>,
): Promise<void> {
  for (const path of referencePathsOf(input))
    if (!hashes.has(path)) hashes.set(path, await fileHash(path))
}

/** As canonicalHashOf, once the reference files' hashes are known (no file is read). */
export function canonicalHashSync(
  input: SubmitTaskInput,
  hashes: ReadonlyMap<string, string>,
): string | null {
  const form = canonicalRequest(input, (path) => hashes.get(path)!)
  return form === null ? null : sha256(form)
}

/** "You paid $X for this on <date>": refuses a repeat, with what the screen needs to open it. */
export function refuseRepeat(paid: PaidRequest): never {
  const amount =
    paid.amountUsd === null ? paid.costLabel : formatUsdMicros(Math.round(paid.amountUsd * 1e6))
  return fail('repeat', t('paidRepeat', { amount, day: dayKeyOf(paid.paidAt) }), {
    repeat: {
      taskId: paid.taskId,
      libraryIds: paid.libraryIds,
      amountUsd: paid.amountUsd,
      costLabel: paid.costLabel,
      paidAt: paid.paidAt,
    },
    action: t('paidRepeatAction'),
  })
}
