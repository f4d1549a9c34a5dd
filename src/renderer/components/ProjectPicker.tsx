import { PROJECT_NAME_MAX, projectNameProblem } from '@shared/spending/project'
import { Check, ChevronDown, FolderKanban } from 'lucide-react'
import { type FormEvent, type KeyboardEvent, useEffect, useId, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'

import { useOrganiseStore } from '../stores/organise'
import { selectActiveProject, selectRecentProjects, useSettingsStore } from '../stores/settings'

/** One choice of the list: a recent project or a collection (by its name). */
interface Choice {
  name: string
  from: 'recent' | 'collection'
}

/** Recent projects first, then collections not already listed; filtered by what is typed. */
export function projectChoices(recent: string[], collections: string[], typed: string): Choice[] {
  const seen = new Set<string>()
  const out: Choice[] = []
  const want = typed.trim().toLocaleLowerCase()
  for (const [names, from] of [
    [recent, 'recent'],
    [collections, 'collection'],
  ] as const)
    for (const name of names) {
      if (seen.has(name) || (want && !name.toLocaleLowerCase().includes(want))) continue
      seen.add(name)
      out.push({ name, from })
    }
  return out
}

/**
 * The title bar's project picker (issue #29): shows the project new requests are recorded under
 * ("No project" when none) and lets the user pick a recent project or a collection, type a new
 * name, or clear it. Keyboard: Enter or Space opens it, the name field takes focus, Down/Up move
 * through the choices, Enter picks, Escape closes and gives focus back to the button.
 */
export function ProjectPicker() {
  const active = useSettingsStore(selectActiveProject)
  const recent = useSettingsStore(selectRecentProjects)
  const setProject = useSettingsStore((s) => s.setProject)
  const collections = useOrganiseStore((s) => s.collections)
  const [open, setOpen] = useState(false)
  const [typed, setTyped] = useState('')
  const [problem, setProblem] = useState<string | null>(null)
  const button = useRef<HTMLButtonElement>(null)
  const panel = useRef<HTMLDivElement>(null)
  const input = useRef<HTMLInputElement>(null)
  const id = useId()
  const { t } = useTranslation('common')

  useEffect(() => {
    if (!open) return
    // Collections are read when the list opens (they change in the library meanwhile).
    void useOrganiseStore.getState().loadCollections()
    input.current?.focus()
    const outside = (e: PointerEvent) => {
      const t = e.target as Node
      if (!panel.current?.contains(t) && !button.current?.contains(t)) setOpen(false)
    }
    document.addEventListener('pointerdown', outside)
    return () => document.removeEventListener('pointerdown', outside)
  }, [open])

  const close = () => {
    setOpen(false)
    setTyped('')
    setProblem(null)
    button.current?.focus()
  }

  const choose = async (name: string | null) => {
    const r = await setProject(name)
    if (r.ok) close()
    else setProblem(r.error.fields?.project ?? r.error.message)
  }

  const submit = (e: FormEvent) => {
    e.preventDefault()
    const p = projectNameProblem(typed)
    if (p) {
      setProblem(p)
      return
    }
    void choose(typed.trim())
  }

  const choices = projectChoices(
    recent,
    collections.map((c) => c.name),
    typed,
  )

  /** Down/Up walk the name field and the choices; Escape closes. */
  const onKey = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key === 'Escape') {
      e.preventDefault()
      close()
      return
    }
    if (e.key !== 'ArrowDown' && e.key !== 'ArrowUp') return
    const items = [
      input.current,
      ...(panel.current?.querySelectorAll<HTMLButtonElement>('[data-choice]') ?? []),
    ].filter((x): x is HTMLInputElement | HTMLButtonElement => x !== null && x !== undefined)
    const at = items.indexOf(document.activeElement as HTMLButtonElement)
    const next = e.key === 'ArrowDown' ? at + 1 : at - 1
    e.preventDefault()
    items[(next + items.length) % items.length]?.focus()
  }

  return (
    <div className="project-picker">
      <button
        ref={button}
        type="button"
        className="project-button"
        aria-label={t('projectButtonLabel', { project: active ?? t('noProject') })}
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open ? `${id}-panel` : undefined}
        data-testid="project-button"
        title={t('projectButtonTitle')}
        onClick={() => (open ? close() : setOpen(true))}
      >
        <FolderKanban aria-hidden />
        <span className="project-label">{active ?? t('noProject')}</span>
        <ChevronDown aria-hidden />
      </button>
      {open ? (
        <div
          ref={panel}
          id={`${id}-panel`}
          role="dialog"
          aria-label={t('projectChoose')}
          className="project-panel"
          onKeyDown={onKey}
        >
          <form onSubmit={submit} noValidate>
            <label htmlFor={`${id}-name`}>{t('projectName')}</label>
            <div className="row">
              <input
                ref={input}
                id={`${id}-name`}
                type="text"
                autoComplete="off"
                maxLength={PROJECT_NAME_MAX + 20}
                placeholder={t('projectNamePlaceholder')}
                value={typed}
                aria-invalid={problem ? true : undefined}
                aria-describedby={problem ? `${id}-problem` : undefined}
                onChange={(e) => {
                  setTyped(e.target.value)
                  setProblem(null)
                }}
              />
              <button type="submit" className="primary">
                {t('projectUse')}
              </button>
            </div>
            {problem ? (
              <p id={`${id}-problem`} className="field-error" role="alert">
                {problem}
              </p>
            ) : null}
          </form>
          <ul className="project-choices" aria-label={t('projectChoices')}>
            {choices.map((c) => (
              <li key={c.name}>
                <button
                  type="button"
                  data-choice
                  aria-current={c.name === active ? 'true' : undefined}
                  onClick={() => void choose(c.name)}
                >
                  {c.name === active ? <Check aria-hidden /> : null}
                  <span>{c.name}</span>
                  <span className="muted">
                    {c.from === 'recent' ? t('projectFromRecent') : t('projectFromCollection')}
                  </span>
                </button>
              </li>
            ))}
            {choices.length === 0 ? <li className="muted">{t('projectNoMatch')}</li> : null}
          </ul>
          <button
            type="button"
            data-choice
            className="ghost"
            disabled={active === null}
            onClick={() => void choose(null)}
          >
            {t('noProject')}
          </button>
        </div>
      ) : null}
    </div>
  )
}
