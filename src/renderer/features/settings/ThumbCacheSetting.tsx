import { THUMB_CACHE_GIB_CHOICES } from '@shared/library/thumbCache'
import { useTranslation } from 'react-i18next'

import { Field } from '../../components/Field'
import { useSettingsStore } from '../../stores/settings'

/**
 * The thumbnail cache's size cap (issue #33): a 1M-item library has ~15 GB of thumbnails, and
 * the default 4 GiB keeps about a quarter of them; the least recently shown go first and are
 * made again when scrolled back to. A smaller cap takes effect at once (main evicts down to it).
 */
export function ThumbCacheSetting() {
  const gib = useSettingsStore((s) => s.settings?.thumbCacheGiB)
  const saving = useSettingsStore((s) => s.saving)
  const update = useSettingsStore((s) => s.updateThumbCache)
  const { t } = useTranslation('settings')
  if (gib === undefined) return null
  return (
    <div>
      <Field label={t('thumbCacheCap')} hint={t('thumbCacheCapHint')}>
        {(p) => (
          <select
            {...p}
            value={gib}
            disabled={saving}
            onChange={(e) => void update(Number(e.target.value))}
            data-testid="thumb-cache-cap"
          >
            {THUMB_CACHE_GIB_CHOICES.map((n) => (
              <option key={n} value={n}>
                {t('thumbCacheGiB', { count: n })}
              </option>
            ))}
          </select>
        )}
      </Field>
    </div>
  )
}
