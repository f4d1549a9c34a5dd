/**
 * The renderer tests' interface language (vitest.config: the renderer project's setupFiles):
 * i18next started in English with the real catalogs, as main.tsx starts it before the first
 * render, so components show the English the tests assert, never a key.
 */
import { startI18n } from '@renderer/i18n/setup'

await startI18n('en')
