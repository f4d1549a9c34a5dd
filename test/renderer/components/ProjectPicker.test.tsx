import { projectChoices, ProjectPicker } from '@renderer/components/ProjectPicker'
import { useOrganiseStore } from '@renderer/stores/organise'
import { useSettingsStore } from '@renderer/stores/settings'
import { initialState } from '@renderer/stores/settings/initialState'
import type { SettingsView } from '@shared/ipc/contract'
import { fakeMain } from '@test/support/generateScreens'
import { settingsView } from '@test/support/settingsViewFixture'
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'

const view = (active: string | null, recent: string[] = []): SettingsView =>
  settingsView({
    libraryDir: '/lib',
    secureStore: { available: true, backend: 'test' },
    project: { active, recent },
  })

const collection = (name: string) => ({ id: `c-${name}`, name, count: 1, created: 0 })

/** Main answering settings:setProject with the new view, and the library's collections. */
function main(recent: string[] = ['Alpha', 'Beta']) {
  return fakeMain({
    'settings:setProject': (p) => {
      const { project } = p as { project: string | null }
      return { ok: true, value: view(project, project ? [project, ...recent] : recent) }
    },
    'collections:list': () => ({
      ok: true,
      value: [collection('Beta'), collection('Holiday')],
    }),
  })
}

beforeEach(() => {
  useSettingsStore.setState({ ...initialState, settings: view(null, ['Alpha', 'Beta']) })
  useOrganiseStore.setState({ collections: [] })
})
afterEach(cleanup)

const button = () => screen.getByTestId('project-button')
const open = async () => {
  fireEvent.click(button())
  return screen.findByRole('dialog', { name: 'Choose the project' })
}
/** The list has closed after a choice (the store's update renders before the close). */
const closed = () => waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())

describe('ProjectPicker', () => {
  it('shows "No project", lists recent projects then collections, and picks one by click', async () => {
    const m = main()
    render(<ProjectPicker />)
    expect(button().textContent).toBe('No project')
    expect(button().getAttribute('aria-label')).toBe('Project: No project')
    expect(button().getAttribute('aria-expanded')).toBe('false')
    const panel = await open()
    expect(button().getAttribute('aria-expanded')).toBe('true')
    // Collections are read when the list opens; Beta is listed once (recent first).
    await waitFor(() => expect(within(panel).getByText('Holiday')).toBeTruthy())
    const choices = within(panel)
      .getAllByRole('listitem')
      .map((li) => li.textContent)
    expect(choices).toEqual(['Alpharecent', 'Betarecent', 'Holidaycollection'])
    fireEvent.click(within(panel).getByRole('button', { name: /Holiday/ }))
    await waitFor(() => expect(button().textContent).toBe('Holiday'))
    expect(m.of('settings:setProject')).toEqual([{ project: 'Holiday' }])
    await closed()
    expect(document.activeElement).toBe(button())
  })

  it('types a new name (trimmed), refuses a bad one at the field, and clears the project', async () => {
    const m = main()
    render(<ProjectPicker />)
    let panel = await open()
    const name = within(panel).getByLabelText('Project name')
    expect(document.activeElement).toBe(name)
    fireEvent.change(name, { target: { value: 'x'.repeat(81) } })
    fireEvent.submit(name.closest('form')!)
    expect(within(panel).getByRole('alert').textContent).toBe(
      'A project name is at most 80 characters',
    )
    expect(name.getAttribute('aria-invalid')).toBe('true')
    fireEvent.change(name, { target: { value: '   ' } })
    fireEvent.submit(name.closest('form')!)
    expect(within(panel).getByRole('alert').textContent).toBe('Enter a project name')
    expect(m.of('settings:setProject')).toEqual([])

    fireEvent.change(name, { target: { value: '  Client X  ' } })
    fireEvent.submit(name.closest('form')!)
    await waitFor(() => expect(button().textContent).toBe('Client X'))
    expect(m.of('settings:setProject')).toEqual([{ project: 'Client X' }])
    // The list closes once the choice is stored (the store's update renders first): opened
    // again before that, the click would close it.
    await closed()

    panel = await open()
    fireEvent.click(within(panel).getByRole('button', { name: 'No project' }))
    await waitFor(() => expect(button().textContent).toBe('No project'))
    expect(m.of('settings:setProject')).toEqual([{ project: 'Client X' }, { project: null }])
  })

  it('filters as you type and works from the keyboard: arrows move, Escape closes', async () => {
    main()
    render(<ProjectPicker />)
    const panel = await open()
    await waitFor(() => expect(within(panel).getByText('Holiday')).toBeTruthy())
    const name = within(panel).getByLabelText('Project name')
    fireEvent.change(name, { target: { value: 'ta' } })
    expect(
      within(panel)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Betarecent'])
    fireEvent.keyDown(name, { key: 'ArrowDown' })
    expect(document.activeElement?.textContent).toBe('Betarecent')
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowUp' })
    expect(document.activeElement).toBe(name)
    fireEvent.keyDown(name, { key: 'Escape' })
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(document.activeElement).toBe(button())
  })

  it('shows main’s refusal at the field and keeps the panel open', async () => {
    fakeMain({
      'settings:setProject': () => ({
        ok: false,
        error: { code: 'validation', message: 'No', fields: { project: 'Not that name' } },
      }),
      'collections:list': () => ({ ok: true, value: [] }),
    })
    render(<ProjectPicker />)
    const panel = await open()
    fireEvent.change(within(panel).getByLabelText('Project name'), { target: { value: 'Z' } })
    fireEvent.submit(within(panel).getByLabelText('Project name').closest('form')!)
    await waitFor(() => expect(within(panel).getByRole('alert').textContent).toBe('Not that name'))
    expect(button().textContent).toBe('No project')
  })
})

describe('projectChoices', () => {
  it('puts recent first, drops repeats and filters case-insensitively', () => {
    expect(projectChoices(['A', 'b'], ['B', 'A', 'c'], '')).toEqual([
      { name: 'A', from: 'recent' },
      { name: 'b', from: 'recent' },
      { name: 'B', from: 'collection' },
      { name: 'c', from: 'collection' },
    ])
    expect(projectChoices(['Alpha'], ['ALPS'], ' al ').map((c) => c.name)).toEqual([
      'Alpha',
      'ALPS',
    ])
  })
})
