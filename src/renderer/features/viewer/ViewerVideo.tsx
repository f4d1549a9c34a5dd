import { type KeyboardEvent, useId, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'

import { formatDuration } from '../library/format'

/** ←/→ on the scrubber seek this many seconds; with Shift, a tenth of it. */
const SEEK_STEP = 5

/**
 * The video at full size with the browser's own controls, plus a scrubber under it: a labelled
 * range bound to currentTime, so frames can be found precisely with the mouse or the keyboard
 * (←/→ seek 5 s, Shift for 0.5 s, Home/End jump). Seeking works because gen-media serves Range.
 */
export function ViewerVideo({ src, label }: { src: string; label: string }) {
  const video = useRef<HTMLVideoElement>(null)
  const [time, setTime] = useState(0)
  const [duration, setDuration] = useState(0)
  const [failed, setFailed] = useState(false)
  const id = useId()
  const { t } = useTranslation('viewer')
  // "0:07 of 1:30" for the scrubber's value text.
  const timeText = (at: number, d: number) =>
    t('timeOf', { time: formatDuration(at), duration: formatDuration(d) })

  const seek = (at: number) => {
    const el = video.current
    const next = Math.min(duration || 0, Math.max(0, at))
    if (el) el.currentTime = next
    setTime(next)
  }

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    const step = e.shiftKey ? SEEK_STEP / 10 : SEEK_STEP
    const moves: Record<string, number> = {
      ArrowLeft: -step,
      ArrowDown: -step,
      ArrowRight: step,
      ArrowUp: step,
    }
    if (e.key in moves) seek(time + moves[e.key]!)
    else if (e.key === 'Home') seek(0)
    else if (e.key === 'End') seek(duration)
    else return
    // The viewer must not also step to another item.
    e.preventDefault()
    e.stopPropagation()
  }

  if (failed) {
    return (
      <p className="viewer-message" role="alert">
        {t('videoFailed')}
      </p>
    )
  }
  return (
    <div className="viewer-video">
      <video
        ref={video}
        src={src}
        controls
        preload="metadata"
        crossOrigin="anonymous"
        aria-label={label}
        onLoadedMetadata={(e) =>
          setDuration(Number.isFinite(e.currentTarget.duration) ? e.currentTarget.duration : 0)
        }
        onDurationChange={(e) =>
          setDuration(Number.isFinite(e.currentTarget.duration) ? e.currentTarget.duration : 0)
        }
        onTimeUpdate={(e) => setTime(e.currentTarget.currentTime)}
        onError={() => setFailed(true)}
      />
      <div className="viewer-scrub">
        <label htmlFor={`${id}-scrub`}>{t('scrubPosition')}</label>
        <input
          id={`${id}-scrub`}
          type="range"
          min={0}
          max={duration || 0}
          step={0.01}
          value={Math.min(time, duration || 0)}
          disabled={!duration}
          aria-valuetext={timeText(time, duration)}
          onChange={(e) => seek(Number(e.target.value))}
          onKeyDown={onKeyDown}
        />
        <span className="viewer-time" aria-hidden="true">
          {timeText(time, duration)}
        </span>
      </div>
    </div>
  )
}
