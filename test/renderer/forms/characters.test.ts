import { cellCenter, cellFor, newCharacter } from '@renderer/forms/characters'
import { describe, expect, it } from 'vitest'

describe('character grid', () => {
  it('round-trips cells and centres and spreads new characters', () => {
    expect(cellCenter('A1')).toEqual({ x: 0.1, y: 0.1 })
    expect(cellCenter('E5')).toEqual({ x: 0.9, y: 0.9 })
    expect(cellFor({ x: 0.68, y: 0.33 })).toBe('D2')
    expect(newCharacter(0).position).not.toBe(newCharacter(1).position)
  })
})
