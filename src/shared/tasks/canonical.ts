/**
 * A request's canonical form (issue #29): what makes two requests the same request, so a paid
 * result is never bought twice by accident. It holds the kind, the model and every parameter
 * (object keys sorted, so field order does not matter) and the content hashes of its references
 * in order (a file's name or folder does not matter, its bytes do). What belongs to one submission
 * (its id, a budget override, an accepted quote) is left out. A request whose kind takes a seed
 * but that names none gets a random one from the service: it is never a repeat.
 */
import { hasSeed, seedOf } from '../batch/axes'
import type { SubmitTaskInput } from './submit'

/** Fields of a submission that are not part of the request itself. */
const SUBMISSION_FIELDS = new Set(['requestId', 'overrideBudget', 'allowRepeat', 'quote'])
/** Fields that name files: each path is replaced by its file's content hash. */
const FILE_FIELDS = new Set(['images', 'image', 'mask'])

/** JSON with object keys sorted at every depth (arrays keep their order). */
function stable(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(stable)
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {}
    for (const key of Object.keys(value).sort())
      out[key] = stable((value as Record<string, unknown>)[key])
    return out
  }
  return value
}

/**
 * The canonical form as one string, or null when the request cannot be a repeat (a seeded kind
 * with no seed named). `hashOf` answers the content hash of each file the request sends (edit
 * images, a native source image and mask), which stands in the file's place.
 */
export function canonicalRequest(
  input: SubmitTaskInput,
  hashOf: (path: string) => string,
): string | null {
  if (hasSeed(input.kind) && seedOf(input.kind, input.request) === undefined) return null
  const form: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(input)) {
    if (SUBMISSION_FIELDS.has(key) || value === undefined) continue
    if (!FILE_FIELDS.has(key)) form[key] = value
    else form[key] = Array.isArray(value) ? value.map((p: string) => hashOf(p)) : hashOf(value)
  }
  return JSON.stringify(stable(form))
}
