import { getTextModel } from '@shared/catalog/models'
import { endpointFor, isValidPair, textEndpointsFor, textModelsListed } from '@shared/chat/models'
import type { ChatModelsView, TextEndpoint } from '@shared/chat/types'
import { type AppError, fail, isAppFailure } from '@shared/result'

import { t } from '../../i18n'
import type { ChatStore } from './ChatStore'
import type { TextGateway } from './TextGateway'

const MODELS_KEY = 'models'
/** An account's model list rarely changes; asking again after this keeps it honest. */
const MODELS_MAX_AGE_MS = 5 * 60_000

interface CachedModels {
  ids: string[]
  fetchedAt: number
}

/**
 * The text models this account may use: the catalog's text models the account's list contains,
 * fetched at most every few minutes (or on refresh, or after the key or the account's rights
 * changed) and stored, so the picker still shows them offline.
 */
export class ChatModels {
  /** The list fetched in this session (null: not fetched yet, or it failed). */
  private fetched: CachedModels | null = null

  constructor(
    private readonly store: ChatStore,
    private readonly gateway: TextGateway,
    private readonly now: () => number,
  ) {}

  /** Ask the service again on next use (a new key, or the account's rights changed). */
  invalidate(): void {
    this.fetched = null
  }

  async list(refresh = false): Promise<ChatModelsView> {
    const fresh = this.fetched && this.now() - this.fetched.fetchedAt < MODELS_MAX_AGE_MS
    if (fresh && !refresh) return view(this.fetched!, 'account', null)
    try {
      const ids = await this.gateway.listModels()
      this.fetched = { ids, fetchedAt: this.now() }
      this.store.setValue(MODELS_KEY, this.fetched)
      return view(this.fetched, 'account', null)
    } catch (e) {
      const cached = this.store.getValue<CachedModels>(MODELS_KEY)
      const error = isAppFailure(e)
        ? e.error
        : { code: 'internal' as const, message: t('chatModelsUnreadable') }
      return cached
        ? view(cached, 'cache', error)
        : { models: [], source: 'none', fetchedAt: null, error }
    }
  }

  /** The list as known right now, without a request: this session's answer or the stored one. */
  cached(): ChatModelsView {
    if (this.fetched) return view(this.fetched, 'account', null)
    const cached = this.store.getValue<CachedModels>(MODELS_KEY)
    return cached
      ? view(cached, 'cache', null)
      : { models: [], source: 'none', fetchedAt: null, error: null }
  }

  /** Refuses a model the account's list (fresh or cached) does not contain. */
  async checkListed(model: string): Promise<void> {
    if (!this.fetched) await this.list().catch(() => null)
    const ids = this.fetched?.ids ?? this.store.getValue<CachedModels>(MODELS_KEY)?.ids
    if (ids && !ids.includes(model)) {
      const label = getTextModel(model)?.label ?? model
      fail('model_unavailable', t('chatModelNotListed', { model: label }), {
        action: t('chatModelNotListedAction'),
      })
    }
  }
}

function view(
  list: CachedModels,
  source: ChatModelsView['source'],
  error: AppError | null,
): ChatModelsView {
  return { models: textModelsListed(list.ids), source, fetchedAt: list.fetchedAt, error }
}

/**
 * The endpoint to use for a model. A pair the catalog does not allow is refused when asked for
 * explicitly; a conversation's previous endpoint that the new model refuses is replaced by the
 * model's default (a conversation switched to lite-v4.1-flash goes on with chat completions).
 */
export function checkPair(
  model: string,
  asked: TextEndpoint | undefined,
  previous?: TextEndpoint | undefined,
): TextEndpoint {
  const text = getTextModel(model)
  if (!text) {
    return fail('validation', t('chatNotTextModel', { model }), {
      fields: { model: t('chatPickTextModel') },
    })
  }
  if (asked && !isValidPair(model, asked)) {
    return fail('validation', t('chatBadEndpoint', { model: text.label, endpoint: asked }), {
      fields: {
        endpoint: t('chatOnlyEndpoints', {
          model: text.label,
          endpoints: textEndpointsFor(model).join(', '),
        }),
      },
    })
  }
  return endpointFor(model, asked ?? previous) as TextEndpoint
}
