import type { InputOf } from '@shared/ipc/contract'

import { api, call } from './client'

/** One item's full record (relative path, prompt, parameters). */
export const getItem = (id: string) => call(() => api().library.get({ id }))

/** The generation settings embedded in an image or video on disk (any tool we read). */
export const readSettings = (path: string) => call(() => api().library.readSettings({ path }))

/** Tags in use that start with a prefix, most used first (the tag box's suggestions). */
export const tagSuggestions = (input: InputOf<'library:tagSuggestions'>) =>
  call(() => api().library.tagSuggestions(input))

/** Prompt words used in the library that start with a prefix (the prompt box's suggestions). */
export const promptTokens = (input: InputOf<'library:promptTokens'>) =>
  call(() => api().library.promptTokens(input))

/** Whether files saved to this library carry the prompt (the library's metadata setting). */
export const metadataPrefs = () => call(() => api().library.metadataPrefs({}))

export const setMetadataPrefs = (input: InputOf<'library:setMetadataPrefs'>) =>
  call(() => api().library.setMetadataPrefs(input))
