import { Sparkles } from 'lucide-react'
import { Suspense, useEffect } from 'react'
import { useTranslation } from 'react-i18next'

import { AREA_ICONS } from './areaIcons'
import { AREA_LABELS, AREAS } from './areas'
import { ProjectPicker } from './components/ProjectPicker'
import { useSpringLoad } from './components/springLoad'
import { FirstRunScreen } from './features/onboarding/FirstRunScreen'
import { SCREENS } from './features/registry'
import { selectArea, useNavigationStore } from './stores/navigation'
import { selectIsConnected, selectIsDemo, useSettingsStore } from './stores/settings'

/** The app frame: first-run until connected, then navigation plus the current area. */
export function App() {
  const loaded = useSettingsStore((s) => s.settings !== null)
  const loadError = useSettingsStore((s) => (s.settings ? null : s.error))
  const connected = useSettingsStore(selectIsConnected)
  const watch = useSettingsStore((s) => s.watch)
  const { t } = useTranslation('common')

  useEffect(() => watch(), [watch])

  if (!loaded) {
    return (
      <main className="first-run" aria-busy={!loadError}>
        {loadError ? (
          <p role="alert">{loadError.message}</p>
        ) : (
          <p className="muted">{t('starting')}</p>
        )}
      </main>
    )
  }
  return connected ? <Frame /> : <FirstRunScreen />
}

function Frame() {
  const area = useNavigationStore(selectArea)
  const go = useNavigationStore((s) => s.go)
  const demo = useSettingsStore(selectIsDemo)
  const current = AREAS.find((a) => a.id === area) ?? AREAS[0]
  const Screen = SCREENS[current.id]
  const springTo = useSpringLoad(go)
  const { t } = useTranslation('common')

  useEffect(() => {
    // Ctrl/Cmd + 1…9 jumps to an area, in navigation order, unless the focused part already
    // used the key (the viewer's and compare's Ctrl+1 is 100 %).
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented || !(e.ctrlKey || e.metaKey) || e.altKey || e.shiftKey) return
      const index = Number(e.key) - 1
      const target = AREAS[index]
      if (Number.isInteger(index) && target) {
        e.preventDefault()
        go(target.id)
      }
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [go])

  return (
    <div className="frame">
      <nav className="sidebar" aria-label={t('areasNav')}>
        <div className="brand">
          <Sparkles className="brand-mark" aria-hidden />
          {t('brand')}
          {demo ? (
            <span className="badge badge-demo" data-testid="demo-badge">
              {t('demoBadge')}
            </span>
          ) : null}
        </div>
        <ul>
          {AREAS.map((a, i) => {
            const Icon = AREA_ICONS[a.id]
            return (
              <li key={a.id}>
                <button
                  type="button"
                  className={a.id === current.id ? 'nav-item active' : 'nav-item'}
                  aria-current={a.id === current.id ? 'page' : undefined}
                  title={t('navItemTitle', { area: t(AREA_LABELS[a.id]), number: i + 1 })}
                  onClick={() => go(a.id)}
                  {...springTo(a.id)}
                >
                  <Icon aria-hidden />
                  {t(AREA_LABELS[a.id])}
                </button>
              </li>
            )
          })}
        </ul>
      </nav>
      <div className="content">
        <header className="titlebar" aria-label={t('titleBar')}>
          <ProjectPicker />
        </header>
        <Suspense fallback={<p className="muted screen">{t('loading')}</p>}>
          <Screen />
        </Suspense>
      </div>
    </div>
  )
}
