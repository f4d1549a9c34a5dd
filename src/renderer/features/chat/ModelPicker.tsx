import { textEndpointsFor } from '@shared/chat/models'
import type { TextEndpoint } from '@shared/chat/types'
import { defineKeys } from '@shared/i18n/keys'
import { estimateText, type PriceEstimate } from '@shared/pricing'
import { useId } from 'react'
import { useTranslation } from 'react-i18next'

import { formatMoneyMicros } from '../../i18n/format'
import { useChatStore } from '../../stores/chat'

/** The endpoints' names, as the service's documentation calls them. */
const ENDPOINT_LABELS = defineKeys('chat', {
  'chat.completions': 'endpointChatCompletions',
  responses: 'endpointResponses',
}) satisfies Record<TextEndpoint, string>

/**
 * Model, endpoint and streaming for the next message. Only the account's text models are listed,
 * and only the endpoints the catalog allows for the chosen one, so an invalid pair cannot be
 * picked. Text has no published rate, and the picker says so instead of showing a price.
 */
export function ModelPicker({ disabled }: { disabled: boolean }) {
  const models = useChatStore((s) => s.models)
  const model = useChatStore((s) => s.model)
  const endpoint = useChatStore((s) => s.endpoint)
  const stream = useChatStore((s) => s.stream)
  const setModel = useChatStore((s) => s.setModel)
  const setEndpoint = useChatStore((s) => s.setEndpoint)
  const setStream = useChatStore((s) => s.setStream)
  const loadModels = useChatStore((s) => s.loadModels)
  const { t } = useTranslation('chat')
  const id = useId()
  const options = models?.models ?? []
  const endpoints = model ? textEndpointsFor(model) : []
  const listed = options.some((o) => o.id === model)
  const plainOnly = endpoint === 'responses'
  const priceText = (e: PriceEstimate | null): string => {
    if (!e || e.kind === 'no_published_rate') return t('noPublishedRate')
    if (e.kind === 'not_offered') return t('notOffered')
    const price = formatMoneyMicros(e.micros)
    return e.approximate ? t('priceApproximate', { price }) : price
  }

  return (
    <div className="chat-picker" role="group" aria-label={t('pickerLabel')}>
      <label htmlFor={`${id}-model`}>{t('model')}</label>
      <select
        id={`${id}-model`}
        value={listed ? (model ?? '') : ''}
        disabled={disabled || options.length === 0}
        onChange={(e) => setModel(e.target.value)}
      >
        {!listed ? (
          <option value="">{options.length ? t('pickModel') : t('noModels')}</option>
        ) : null}
        {options.map((o) => (
          <option key={o.id} value={o.id}>
            {o.label}
          </option>
        ))}
      </select>
      <label htmlFor={`${id}-endpoint`}>{t('endpoint')}</label>
      <select
        id={`${id}-endpoint`}
        value={endpoint ?? ''}
        disabled={disabled || endpoints.length < 2}
        onChange={(e) => setEndpoint(e.target.value as TextEndpoint)}
      >
        {endpoints.map((e) => (
          <option key={e} value={e}>
            {t(ENDPOINT_LABELS[e])}
          </option>
        ))}
      </select>
      <label className="chat-check" title={plainOnly ? t('responsesWhole') : undefined}>
        <input
          type="checkbox"
          checked={stream && !plainOnly}
          disabled={disabled || plainOnly}
          onChange={(e) => setStream(e.target.checked)}
        />
        {t('stream')}
      </label>
      <span className="chat-price" data-testid="chat-price">
        {t('price', { price: priceText(model ? estimateText(model) : null) })}
      </span>
      {models?.error ? (
        <span className="chat-models-note" role="status">
          {models.source === 'cache'
            ? t('modelsOffline')
            : t('modelsFailed', { message: models.error.message })}{' '}
          <button type="button" className="ghost chat-small" onClick={() => void loadModels(true)}>
            {t('retry')}
          </button>
        </span>
      ) : null}
    </div>
  )
}
