/**
 * Project names (issue #29): the project every charge is recorded under, chosen in the title bar.
 * A project is referred to by its name: a typed name or a collection's name. A name survives what
 * an id would not (a collection deleted and made again, a library moved, a CSV read by a person),
 * and two collections that share a name are one project for spending, which is what a person
 * reading the invoice would expect.
 */

/** Longest project name kept (a collection name is at most 120; the title bar shows ~40). */
export const PROJECT_NAME_MAX = 80

/** Recent projects the title bar offers (most recent first). */
export const RECENT_PROJECTS_MAX = 8

import { msg } from '../i18n/message'

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/

/** Why `name` cannot be a project name, or null when it can (after trimming). */
export function projectNameProblem(name: string): string | null {
  const t = name.trim()
  if (t === '') return msg('projectNameEmpty')
  if (t.length > PROJECT_NAME_MAX) return msg('projectNameTooLong', { max: PROJECT_NAME_MAX })
  if (CONTROL.test(t)) return msg('projectNameControl')
  return null
}

/** The trimmed name when it is a valid project name; otherwise null. */
export function cleanProjectName(name: unknown): string | null {
  if (typeof name !== 'string') return null
  return projectNameProblem(name) === null ? name.trim() : null
}
