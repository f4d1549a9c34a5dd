import ArtScreen from '@renderer/features/art/ArtScreen'
import { useLibraryIntents } from '@renderer/stores/library/intents'
import { settingsFromOurs } from '@shared/library/settings'
import type { LibraryItem } from '@shared/library/types'
import { fakeMain, field, resetScreensEachTest } from '@test/support/generateScreens'
import { act, fireEvent, render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'

resetScreensEachTest()

describe('Art model screen', () => {
  it('limits characters to the variant and applies library settings field by field', async () => {
    fakeMain()
    render(<ArtScreen />)
    const add = screen.getByRole('button', { name: 'Add character' })
    for (let i = 0; i < 6; i++) fireEvent.click(add)
    expect((add as HTMLButtonElement).disabled).toBe(true)
    expect(screen.getByText('Characters (6 of 6)')).toBeTruthy()

    const item = {
      id: 'lib1',
      kind: 'art',
      model: 'art-diffusion-5-full',
      prompt: 'two knights',
      negativePrompt: 'blurry',
      params: {
        model: 'art-diffusion-5-full',
        action: 'generate',
        parameters: {
          width: 1024,
          height: 1536,
          steps: 28,
          n_samples: 2,
          scale: 6,
          sampler: 'k_euler',
          v4_prompt: {
            caption: { char_captions: [{ char_caption: 'red', centers: [{ x: 0.1, y: 0.9 }] }] },
            use_coords: true,
          },
        },
      },
      seed: 42,
      promptPreview: 'two knights',
    } as unknown as LibraryItem
    await act(async () => {
      useLibraryIntents
        .getState()
        .emit({ type: 'reuse-settings', item, settings: settingsFromOurs(item) })
    })
    expect(field('Model variant').value).toBe('art-diffusion-5-full')
    expect(field('Prompt').value).toBe('two knights')
    expect(field('Negative prompt').value).toBe('blurry')
    expect(field('Steps').value).toBe('28')
    expect(field('Samples').value).toBe('2')
    expect(field('Seed value').value).toBe('42')
    expect(field('Width').value).toBe('1024')
    expect(field('Character 1 prompt').value).toBe('red')
    expect(field('Character 1 position').value).toBe('A5')
    expect(screen.getByTestId('applied-notice').textContent).toContain('steps')
    expect(useLibraryIntents.getState().intent).toBeNull()
  })
})
