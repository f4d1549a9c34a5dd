import { api, call } from './client'

/** GET /v1/models with the stored key: whether address and key work, and which models are usable. */
export const testConnection = () => call(() => api().account.testConnection({}))
