import type { Validation } from '@shared/catalog'

/** A form's messages by field: at most one per field, shown next to it. */
export type FieldErrors<F extends string> = Partial<Record<F, string>>

/**
 * Puts each message of a catalog validator on the form field its request path belongs to. A field
 * that already holds a message keeps it: the form's own message (set first, it speaks of what the
 * user typed) and then the first path mapped to the field win, as the validators do per path.
 */
export function addValidation<F extends string>(
  errors: FieldErrors<F>,
  validation: Validation,
  fieldOf: (path: string) => F,
): void {
  if (validation.ok) return
  for (const [path, message] of Object.entries(validation.fields)) errors[fieldOf(path)] ??= message
}

/** True when no field holds a message, which is when a form may be sent. */
export const noErrors = (errors: FieldErrors<string>): boolean => Object.keys(errors).length === 0
