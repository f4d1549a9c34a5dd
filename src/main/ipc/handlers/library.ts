import type { Handlers } from '@shared/ipc/contract'
import { fail } from '@shared/result'

import type { Container } from '../../container'
import { t } from '../../i18n'
import { chooseExportDest } from './libraryExportDest'

/** Decodes a poster data URL (already shape-checked by the contract schema). */
const dataUrlBytes = (dataUrl: string): Uint8Array =>
  new Uint8Array(Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64'))

/** library:* channels: browse, change and move library files; the OS parts go through the Platform. */
export const libraryHandlers = (c: Container) =>
  ({
    'library:status': () => c.library.status(),
    'library:query': ({ filter, after, limit, skip }) =>
      c.library.query(filter, after ?? null, limit, skip),
    'library:months': ({ filter }) => c.library.months(filter),
    'library:models': () => c.library.models(),
    'library:ids': ({ filter }) => c.library.ids(filter),
    'library:get': ({ id }) => c.library.get(id),
    'library:setFavourite': ({ id, favourite }) => c.library.setFavourite(id, favourite),
    'library:delete': ({ ids }) => c.library.delete(ids),
    'library:undoDelete': ({ token }) => c.library.undoDelete(token),
    'library:import': ({ paths }) => c.library.import(c.chosenFiles.checked(paths)),
    'library:export': async ({ ids, format = 'zip', metadata = 'all' }, ctx) => {
      const dest = await chooseExportDest(c, ctx.senderId, ids.length, format)
      if (!dest) return null
      return c.library.exportAs(ids, dest, format, metadata)
    },
    'library:metadataPrefs': () => c.library.metadataPrefs(),
    'library:setMetadataPrefs': (prefs) => c.library.setMetadataPrefs(prefs),
    'library:reveal': async ({ id }) => {
      c.platform.showItemInFolder(await c.library.absolutePath(id))
      return null
    },
    'library:openExternal': async ({ id }) => {
      const message = await c.platform.openPath(await c.library.absolutePath(id))
      if (message)
        fail('unsupported', t('fileOpenFailed', { detail: message }), {
          action: t('fileOpenFailedAction'),
        })
      return null
    },
    'library:startDrag': async ({ ids }, ctx) => {
      c.platform.startDrag(ctx.senderId, await c.library.dragPayload(ids))
      return null
    },
    'library:readSettings': ({ path }) => c.library.readSettings(c.chosenFiles.checked(path)),
    'library:setPoster': ({ id, dataUrl, replace }) =>
      c.library.setPoster(id, dataUrlBytes(dataUrl), replace),
    'library:reconcile': () => c.library.reconcile(),
    'library:promptTokens': ({ prefix, limit }) => c.library.promptTokens(prefix, limit),
    'library:setRating': ({ ids, rating }) => c.library.setRating(ids, rating),
    'library:setTags': ({ ids, add, remove }) => c.library.setTags(ids, add, remove),
    'library:setOrganise': ({ items }) => c.library.setOrganise(items),
    'library:tagSuggestions': ({ prefix, limit }) => c.library.tagSuggestions(prefix, limit),
    'library:similar': ({ id, maxDistance, limit }) => c.library.similar(id, maxDistance, limit),
    'library:duplicates': ({ maxDistance }) => c.library.duplicates(maxDistance),
  }) satisfies Partial<Handlers>
