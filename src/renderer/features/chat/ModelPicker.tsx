import { ENDPOINT_LABELS, textEndpointsFor } from '@shared/chat/models'
import type { TextEndpoint } from '@shared/chat/types'
import { describeEstimate, estimateText } from '@shared/pricing'
import { useId } from 'react'

import { useChatStore } from '../../stores/chat'

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
  const id = useId()
  const options = models?.models ?? []
  const endpoints = model ? textEndpointsFor(model) : []
  const listed = options.some((o) => o.id === model)
  const plainOnly = endpoint === 'responses'

  return (
    <div className="chat-picker" role="group" aria-label="Model and endpoint">
      <label htmlFor={`${id}-model`}>Model</label>
      <select
        id={`${id}-model`}
        value={listed ? (model ?? '') : ''}
        disabled={disabled || options.length === 0}
        onChange={(e) => setModel(e.target.value)}
      >
        {!listed ? <option value="">{options.length ? 'Pick a model' : 'No models'}</option> : null}
        {options.map((o) => (
          <option key={o.id} value={o.id}>
            {o.label}
          </option>
        ))}
      </select>
      <label htmlFor={`${id}-endpoint`}>Endpoint</label>
      <select
        id={`${id}-endpoint`}
        value={endpoint ?? ''}
        disabled={disabled || endpoints.length < 2}
        onChange={(e) => setEndpoint(e.target.value as TextEndpoint)}
      >
        {endpoints.map((e) => (
          <option key={e} value={e}>
            {ENDPOINT_LABELS[e]}
          </option>
        ))}
      </select>
      <label
        className="chat-check"
        title={plainOnly ? 'Responses replies arrive whole' : undefined}
      >
        <input
          type="checkbox"
          checked={stream && !plainOnly}
          disabled={disabled || plainOnly}
          onChange={(e) => setStream(e.target.checked)}
        />
        Stream
      </label>
      <span className="chat-price" data-testid="chat-price">
        Price: {model ? describeEstimate(estimateText(model)) : 'No published rate'}
      </span>
      {models?.error ? (
        <span className="chat-models-note" role="status">
          {models.source === 'cache'
            ? 'Offline: the account’s last model list is shown.'
            : `No model list: ${models.error.message}`}{' '}
          <button type="button" className="ghost chat-small" onClick={() => void loadModels(true)}>
            Retry
          </button>
        </span>
      ) : null}
    </div>
  )
}
