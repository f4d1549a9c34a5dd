export * from './blocks'
export * from './intents'
export * from './libraryStore'
