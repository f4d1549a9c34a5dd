import ArtScreen from '@renderer/features/art/ArtScreen'
import ImagesScreen from '@renderer/features/images/ImagesScreen'
import { PRESET_EXCLUDED } from '@renderer/forms/presets'
import { type FormId, useFormsStore } from '@renderer/stores/forms'
import { usePresetsStore } from '@renderer/stores/presets'
import type { Preset, PresetFields } from '@shared/presets/schemas'
import { fakeMain, field, resetScreensEachTest } from '@test/support/generateScreens'
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import axe from 'axe-core'
import { beforeEach, describe, expect, it } from 'vitest'

resetScreensEachTest()
beforeEach(() => usePresetsStore.setState({ byForm: {} }))

/** A fake main that keeps presets the way PresetStore does (per form, by name). */
function presetsMain() {
  const saved = new Map<string, Preset>()
  const list = (form: string) =>
    [...saved.values()].filter((p) => p.form === form).sort((a, b) => a.name.localeCompare(b.name))
  return fakeMain({
    'presets:list': (p) => ({ ok: true, value: list((p as { form: string }).form) }),
    'presets:save': (p) => {
      const { form, name, fields } = p as { form: FormId; name: string; fields: PresetFields }
      saved.set(`${form}/${name}`, { form, name, fields: structuredClone(fields), savedAt: 1 })
      return { ok: true, value: list(form) }
    },
    'presets:delete': (p) => {
      const { form, name } = p as { form: FormId; name: string }
      saved.delete(`${form}/${name}`)
      return { ok: true, value: list(form) }
    },
  })
}

const draftOf = (form: FormId) =>
  useFormsStore.getState().drafts[form] as unknown as Record<string, unknown>

async function savePreset(name: string) {
  fireEvent.click(screen.getByText(/^Presets/))
  fireEvent.change(field('Save current settings as'), { target: { value: name } })
  fireEvent.click(screen.getByRole('button', { name: 'Save preset' }))
  await screen.findByText(`Saved the current settings as “${name}”.`)
}

/** Serious or critical axe findings (colour contrast needs real layout). */
async function violations(node: Element): Promise<string[]> {
  const result = await axe.run(node, { rules: { 'color-contrast': { enabled: false } } })
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help}`)
}

describe('named presets', () => {
  it('apply exactly what was saved (images), never the prompt', async () => {
    const main = presetsMain()
    render(<ImagesScreen />)
    fireEvent.change(field('Prompt'), { target: { value: 'a lighthouse' } })
    fireEvent.change(field('Quality'), { target: { value: 'high' } })
    fireEvent.change(field('Result delivery'), { target: { value: 'b64_json' } })
    fireEvent.change(field('Size'), { target: { value: 'custom' } })
    fireEvent.change(field('Custom size (WIDTHxHEIGHT)'), { target: { value: '1536x1024' } })
    const before = structuredClone(draftOf('images'))
    await savePreset('Crisp')

    const sent = main.of('presets:save')[0] as { fields: PresetFields }
    expect(sent.fields).not.toHaveProperty('prompt')
    expect(sent.fields).not.toHaveProperty('imageUrls')
    expect(sent.fields).toMatchObject({ quality: 'high', responseFormat: 'b64_json' })

    // Change everything, then apply: every saved field comes back, the prompt stays as typed now.
    fireEvent.change(field('Prompt'), { target: { value: 'a fox' } })
    fireEvent.change(field('Quality'), { target: { value: 'low' } })
    fireEvent.change(field('Result delivery'), { target: { value: 'url' } })
    fireEvent.change(field('Size'), { target: { value: '1024x1024' } })
    fireEvent.click(screen.getByRole('button', { name: 'Apply preset Crisp' }))

    const after = draftOf('images')
    for (const [key, value] of Object.entries(sent.fields)) expect(after[key], key).toEqual(value)
    expect(after).toEqual({ ...before, prompt: 'a fox' })
    expect(field('Quality').value).toBe('high')
    expect(field('Custom size (WIDTHxHEIGHT)').value).toBe('1536x1024')
    expect(screen.getByText('Applied “Crisp”.').getAttribute('role')).toBe('status')
    expect(await violations(screen.getByTestId('presets'))).toEqual([])
  })

  it('apply exactly what was saved (art): negative prompt and steps, never prompts or characters', async () => {
    const main = presetsMain()
    render(<ArtScreen />)
    fireEvent.change(field('Prompt'), { target: { value: 'two knights' } })
    fireEvent.change(field('Negative prompt'), { target: { value: 'blurry, lowres' } })
    fireEvent.change(field('Steps'), { target: { value: '28' } })
    fireEvent.click(screen.getByRole('button', { name: 'Add character' }))
    fireEvent.change(field('Character 1 prompt'), { target: { value: 'red armour' } })
    await savePreset('Clean')
    const saved = (main.of('presets:save')[0] as { fields: PresetFields }).fields
    for (const key of PRESET_EXCLUDED.art) expect(saved).not.toHaveProperty(key)

    fireEvent.change(field('Negative prompt'), { target: { value: '' } })
    fireEvent.change(field('Steps'), { target: { value: '10' } })
    fireEvent.change(field('Character 1 prompt'), { target: { value: 'blue armour' } })
    fireEvent.change(field('Prompt'), { target: { value: 'three knights' } })
    fireEvent.click(screen.getByRole('button', { name: 'Apply preset Clean' }))

    const after = draftOf('art')
    for (const [key, value] of Object.entries(saved)) expect(after[key], key).toEqual(value)
    expect(after.prompt).toBe('three knights')
    expect(field('Character 1 prompt').value).toBe('blue armour')
    expect(field('Negative prompt').value).toBe('blurry, lowres')
  })

  it('replaces a preset of the same name, deletes one and undoes the delete', async () => {
    const main = presetsMain()
    render(<ImagesScreen />)
    await savePreset('Mine')
    fireEvent.change(field('Save current settings as'), { target: { value: 'Mine' } })
    fireEvent.click(screen.getByRole('button', { name: 'Replace preset' }))
    await waitFor(() => expect(main.of('presets:save')).toHaveLength(2))
    const list = screen.getByRole('list', { name: 'Saved presets' })
    expect(within(list).getAllByRole('listitem')).toHaveLength(1)
    expect(screen.getByText('Presets (1)')).toBeTruthy()

    fireEvent.click(screen.getByRole('button', { name: 'Delete preset Mine' }))
    await screen.findByText('No presets for this form yet.')
    fireEvent.click(screen.getByRole('button', { name: 'Undo' }))
    await screen.findByRole('button', { name: 'Apply preset Mine' })
    expect(main.of('presets:delete')).toEqual([{ form: 'images', name: 'Mine' }])
  })

  it('shows a refusal from main where the user acted, and a missing name without asking main', async () => {
    const main = fakeMain({
      'presets:list': () => ({ ok: true, value: [] }),
      'presets:save': () => ({
        ok: false,
        error: { code: 'storage', message: 'The presets could not be saved: disk full' },
      }),
    })
    render(<ImagesScreen />)
    fireEvent.click(screen.getByText(/^Presets/))
    fireEvent.click(screen.getByRole('button', { name: 'Save preset' }))
    expect(screen.getByText('Name the preset first.')).toBeTruthy()
    expect(main.of('presets:save')).toHaveLength(0)
    fireEvent.change(field('Save current settings as'), { target: { value: 'X' } })
    fireEvent.keyDown(field('Save current settings as'), { key: 'Enter' })
    await screen.findByText('The presets could not be saved: disk full')
    await act(async () => {})
  })
})
