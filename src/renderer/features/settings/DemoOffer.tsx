import { useTranslation } from 'react-i18next'

import { useSettingsStore } from '../../stores/settings'

/**
 * "Try the offline demo" (or "Leave the demo"): the bundled simulator lets anyone try every screen
 * without a key or a network; the real connection is untouched while it runs.
 */
export function DemoOffer() {
  const { t } = useTranslation('settings')
  const active = useSettingsStore((s) => Boolean(s.settings?.demo.active))
  const saving = useSettingsStore((s) => s.saving)
  const startDemo = useSettingsStore((s) => s.startDemo)
  const stopDemo = useSettingsStore((s) => s.stopDemo)
  return (
    <div className="demo-offer">
      {active ? (
        <>
          <p className="muted">{t('demoActive')}</p>
          <button type="button" onClick={() => void stopDemo()} disabled={saving}>
            {t('demoLeave')}
          </button>
        </>
      ) : (
        <>
          <p className="muted">{t('demoOffer')}</p>
          <button type="button" onClick={() => void startDemo()} disabled={saving}>
            {t('demoTry')}
          </button>
        </>
      )}
    </div>
  )
}
