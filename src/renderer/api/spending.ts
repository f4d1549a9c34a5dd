import { api, call } from './client'

/** One model's cost per kept image over the last 30 days (main caches it until the ledger moves). */
export const costPerKept = (model: string) => call(() => api().spending.costPerKept({ model }))
