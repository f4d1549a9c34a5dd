import { useSettingsStore } from '../../stores/settings'

/**
 * "Try the offline demo" (or "Leave the demo"): the bundled simulator lets anyone try every screen
 * without a key or a network; the real connection is untouched while it runs.
 */
export function DemoOffer() {
  const active = useSettingsStore((s) => Boolean(s.settings?.demo.active))
  const saving = useSettingsStore((s) => s.saving)
  const startDemo = useSettingsStore((s) => s.startDemo)
  const stopDemo = useSettingsStore((s) => s.stopDemo)
  return (
    <div className="demo-offer">
      {active ? (
        <>
          <p className="muted">
            You are in the offline demo: nothing is charged, and results are marked as demo in the
            library.
          </p>
          <button type="button" onClick={() => void stopDemo()} disabled={saving}>
            Leave the demo
          </button>
        </>
      ) : (
        <>
          <p className="muted">
            No key yet? Try every screen against a built-in simulated service.
          </p>
          <button type="button" onClick={() => void startDemo()} disabled={saving}>
            Try the offline demo
          </button>
        </>
      )}
    </div>
  )
}
