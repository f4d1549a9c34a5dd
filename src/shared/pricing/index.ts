/** Cost estimates from the spec's price tables (pure TypeScript, integer micro-dollars). */
export * from './estimate'
export * from './tables'
