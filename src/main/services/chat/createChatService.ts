import { join } from 'node:path'

import type { SqliteOpener } from '../../adapters/sqlite/openDatabase'
import type { MainEvents } from '../../events'
import { ChatService } from './ChatService'
import { ChatStore } from './ChatStore'
import { ServiceClientTextGateway, type TextClient } from './ServiceClientTextGateway'
import type { TextSpend } from './textSpend'

export interface ChatServiceDeps {
  userDataDir: string
  events: MainEvents
  /** The app's one ServiceClient (built and closed by the container). */
  client: TextClient
  openDatabase?: SqliteOpener
  /** Counts every chat request in the spending ledger. */
  spend?: TextSpend
}

/**
 * Builds the chat service on its database (userData/chat.sqlite) and the real text gateway, so
 * the container wires chat in one line.
 */
export function createChatService(deps: ChatServiceDeps): ChatService {
  return new ChatService({
    store: new ChatStore(join(deps.userDataDir, 'chat.sqlite'), deps.openDatabase),
    gateway: new ServiceClientTextGateway(deps.client),
    events: deps.events,
    spend: deps.spend,
  })
}
