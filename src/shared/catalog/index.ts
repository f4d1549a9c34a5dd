/**
 * The model catalog, its per-model rules and the validators built on them. Pure TypeScript: the
 * renderer uses it for instant form feedback, main re-validates as the authority. The
 * simulator keeps its own copy of the rules (src/simulator/rules), so it can test this one.
 */
export * from './artModels'
export * from './freshness'
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
