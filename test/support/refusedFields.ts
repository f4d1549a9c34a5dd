/**
 * The fields a validator refuses a request on, sorted: the field-path tables compare the exact
 * set, so a check that fires on the wrong path, or on a request it should let through, fails.
 */
import type { Validation } from '@shared/catalog/validation'

export const refusedFields = (v: Validation): string[] => (v.ok ? [] : Object.keys(v.fields).sort())
