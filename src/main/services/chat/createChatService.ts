import { join } from 'node:path'

import type { SqliteOpener } from '../../adapters/sqlite/openDatabase'
import type { MainEvents } from '../../events'
import { type ClientConnection, ServiceClient } from '../client/ServiceClient'
import { ChatService } from './ChatService'
import { ChatStore } from './ChatStore'
import { ServiceClientTextGateway, type TextClient } from './ServiceClientTextGateway'

export interface ChatServiceDeps {
  userDataDir: string
  events: MainEvents
  /** The app's shared ServiceClient; when absent the chat service makes (and closes) its own. */
  client?: TextClient
  /** Used only for a client of its own: SettingsService.connection(). */
  connection: () => Promise<ClientConnection | null>
  openDatabase?: SqliteOpener
}

/**
 * Builds the chat service on its database (userData/chat.sqlite) and the real text gateway, so
 * the container wires chat in one line.
 */
export function createChatService(deps: ChatServiceDeps): ChatService {
  const own = deps.client ? null : new ServiceClient({ connection: deps.connection })
  return new ChatService({
    store: new ChatStore(join(deps.userDataDir, 'chat.sqlite'), deps.openDatabase),
    gateway: new ServiceClientTextGateway(deps.client ?? (own as ServiceClient)),
    events: deps.events,
    onClose: own ? () => own.close() : undefined,
  })
}
