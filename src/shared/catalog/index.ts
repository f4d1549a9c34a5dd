/**
 * The model catalog, its per-model rules and the validators built on them. Pure TypeScript: the
 * renderer uses it for instant form feedback, main re-validates as the authority, and the
 * simulator enforces the same rules as the server.
 */
export * from './imageBytes'
export * from './models'
export * from './references'
export * from './tiers'
export * from './types'
export * from './validateImage'
export * from './validateNative'
export * from './validateText'
export * from './validateVideo'
export * from './validateWorkbench'
export * from './validation'
