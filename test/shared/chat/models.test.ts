import { titleFrom } from '@shared/chat/limits'
import {
  canCompact,
  defaultEndpoint,
  endpointFor,
  isValidPair,
  TEXT_MODELS,
  textEndpointsFor,
} from '@shared/chat/models'
import { describe, expect, it } from 'vitest'

describe('text model / endpoint pairs (from the catalog)', () => {
  it('knows the four text models and which endpoints each accepts', () => {
    expect(TEXT_MODELS.map((m) => m.id)).toEqual([
      'std-6-sol',
      'std-6-astra',
      'std-5.6-sol',
      'lite-v4.1-flash',
    ])
    for (const id of ['std-6-sol', 'std-6-astra', 'std-5.6-sol']) {
      expect(textEndpointsFor(id)).toEqual(['chat.completions', 'responses'])
      expect(canCompact(id)).toBe(true)
    }
    expect(textEndpointsFor('lite-v4.1-flash')).toEqual(['chat.completions'])
    expect(canCompact('lite-v4.1-flash')).toBe(false)
    expect(isValidPair('lite-v4.1-flash', 'responses')).toBe(false)
    expect(textEndpointsFor('std-image-2')).toEqual([])
    expect(defaultEndpoint('std-image-2')).toBeNull()
  })

  it('keeps a wanted endpoint only where the model accepts it', () => {
    expect(endpointFor('std-6-sol', 'responses')).toBe('responses')
    expect(endpointFor('lite-v4.1-flash', 'responses')).toBe('chat.completions')
    expect(endpointFor('std-6-sol', undefined)).toBe('chat.completions')
  })

  it('titles a conversation from the first line of its first message', () => {
    expect(titleFrom('  Plan a trip\nto Kyoto')).toBe('Plan a trip')
    expect(titleFrom('   ')).toBe('New conversation')
    expect(titleFrom('x'.repeat(80))).toHaveLength(60)
  })
})
