import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import { ESLint } from 'eslint'
import { afterAll, describe, expect, it } from 'vitest'

import { findCycles, findDomainCycles } from '../../scripts/check-cycles.mjs'

/**
 * `npm run lint` keeps the layers and the import graph as docs/ARCHITECTURE.md draws them: a
 * deliberately introduced breach of each rule, and a deliberately introduced cycle, make it fail.
 */
const root = join(import.meta.dirname, '..', '..')
const eslint = new ESLint({ cwd: root })

/** The no-restricted-imports messages ESLint gives `code` as if it lived at `filePath`. */
async function restricted(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: join(root, filePath) })
  return result!.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message)
}

describe('layer rules', () => {
  it('services may not import electron, the IPC layer or the protocols', async () => {
    const file = 'src/main/services/library/Breach.ts'
    expect(
      await restricted(file, "import { app } from 'electron'\nexport const a = app\n"),
    ).toEqual([expect.stringContaining('Services are plain Node')])
    expect(
      await restricted(
        file,
        "import { dispatch } from '../../ipc/dispatch'\nexport const d = dispatch\n",
      ),
    ).toEqual([expect.stringContaining('never import the IPC or protocol layers')])
    expect(
      await restricted(
        file,
        "import { createMediaHandler } from '../../protocols/mediaProtocol'\nexport const m = createMediaHandler\n",
      ),
    ).toHaveLength(1)
    // Shared contract types are fine: they belong to no layer.
    expect(
      await restricted(
        file,
        "import type { SettingsView } from '@shared/ipc/contract'\nexport type S = SettingsView\n",
      ),
    ).toEqual([])
  })

  it('renderer stores may not import features; features may import stores', async () => {
    expect(
      await restricted(
        'src/renderer/stores/library/Breach.ts',
        "import { SCREENS } from '../../features/registry'\nexport const s = SCREENS\n",
      ),
    ).toEqual([expect.stringContaining('Stores never import features')])
    expect(
      await restricted(
        'src/renderer/features/library/Fine.ts',
        "import { useLibraryStore } from '../../stores/library'\nexport const s = useLibraryStore\n",
      ),
    ).toEqual([])
  })

  it('shared imports nothing from main, renderer, preload, Node or Electron', async () => {
    const file = 'src/shared/library/Breach.ts'
    for (const code of [
      "import { join } from 'node:path'\nexport const j = join\n",
      "import { join } from 'path'\nexport const j = join\n",
      "import { app } from 'electron'\nexport const a = app\n",
      "import { createContainer } from '../../main/container'\nexport const c = createContainer\n",
      "import { AREAS } from '../../renderer/areas'\nexport const a = AREAS\n",
    ]) {
      expect(await restricted(file, code), code).toHaveLength(1)
    }
  })

  it('the simulator never prices with the client’s tables (issue #18)', async () => {
    const file = 'src/simulator/routes/Breach.ts'
    for (const code of [
      "import { estimateImage } from '../../shared/pricing/estimate'\nexport const e = estimateImage\n",
      "import { IMAGE_PRICE_MICROS } from '../../shared/pricing/tables'\nexport const t = IMAGE_PRICE_MICROS\n",
    ])
      expect(await restricted(file, code), code).toHaveLength(1)
    expect(
      await restricted(
        file,
        "import { imageCharge } from '../pricing'\nexport const c = imageCharge\n",
      ),
    ).toEqual([])
  })

  it('the simulator never validates with the client’s rules (issue #18)', async () => {
    const file = 'src/simulator/routes/Breach.ts'
    for (const code of [
      "import { validateVideo } from '../../shared/catalog/validateVideo'\nexport const v = validateVideo\n",
      "import { NATIVE_LIMITS } from '../../shared/catalog/models'\nexport const l = NATIVE_LIMITS\n",
      "import { TIER_PIXEL_BUDGET } from '../../shared/catalog/tiers'\nexport const t = TIER_PIXEL_BUDGET\n",
    ])
      expect(await restricted(file, code), code).toHaveLength(1)
  })

  it('the simulator reads image bytes with its own code, not the client’s (issue #32)', async () => {
    expect(
      await restricted(
        'src/simulator/routes/Breach.ts',
        "import { sniffImageType } from '../../shared/catalog/imageBytes'\nexport const s = sniffImageType\n",
      ),
    ).toEqual([expect.stringContaining('imageFile.ts')])
    expect(
      await restricted(
        'src/simulator/Breach.ts',
        "import { sniffImageType } from '../shared/catalog/imageBytes'\nexport const s = sniffImageType\n",
      ),
    ).toHaveLength(1)
    expect(
      await restricted(
        'src/simulator/routes/Fine.ts',
        "import { imageFormat } from '../imageFile'\nexport const f = imageFormat\n",
      ),
    ).toEqual([])
  })

  it('the simulator imports nothing of the app by alias either (issue #32)', async () => {
    for (const code of [
      "import { sniffImageType } from '@shared/catalog/imageBytes'\nexport const s = sniffImageType\n",
      "import { IMAGE_PRICE_MICROS } from '@shared/pricing/tables'\nexport const t = IMAGE_PRICE_MICROS\n",
      "import type { AppError } from '@shared/result'\nexport type E = AppError\n",
      "import { redactText } from '@main/services/diagnostics/redact'\nexport const r = redactText\n",
      "import { AREAS } from '@renderer/areas'\nexport const a = AREAS\n",
      "import { startHostileService } from '@test/support/hostileService'\nexport const h = startHostileService\n",
    ]) {
      expect(await restricted('src/simulator/rules/Breach.ts', code), code).toEqual([
        expect.stringContaining('by alias'),
      ])
    }
  })

  it('the renderer has no Node, Electron or main-process access', async () => {
    const file = 'src/renderer/features/x/Breach.tsx'
    expect(
      await restricted(file, "import { readFile } from 'node:fs'\nexport const r = readFile\n"),
    ).toHaveLength(1)
    expect(
      await restricted(
        file,
        "import { ipcRenderer } from 'electron'\nexport const i = ipcRenderer\n",
      ),
    ).not.toEqual([])
  })

  it('literal text in JSX fails; text from t() or a second binding such as tc() passes (issue #34)', async () => {
    const literal = async (code: string) => {
      const [result] = await eslint.lintText(code, {
        filePath: join(root, 'src/renderer/components/Probe.tsx'),
      })
      return result!.messages.filter((m) => m.ruleId === 'i18next/no-literal-string').length
    }
    const head =
      "import { useTranslation } from 'react-i18next'\nexport function P() {\n  const { t } = useTranslation('common')\n  const { t: tc } = useTranslation('common')\n"
    expect(await literal(`${head}  return <p>Close the window</p>\n}\n`)).toBe(1)
    expect(await literal(`${head}  return <p title="Close">{t('close')}</p>\n}\n`)).toBe(1)
    expect(
      await literal(`${head}  return <p title={tc('close')}>{t('close')}{tc('close')}</p>\n}\n`),
    ).toBe(0)
  })

  it('the tree as it is passes', async () => {
    const results = await eslint.lintFiles([
      'src/main/services',
      'src/renderer/stores',
      'src/shared',
    ])
    expect(
      results.flatMap((r) => r.messages.filter((m) => m.ruleId === 'no-restricted-imports')),
    ).toEqual([])
  }, 60_000)
})

describe('import cycles', () => {
  const dirs: string[] = []
  afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })))
  const tree = (files: Record<string, string>) => {
    const dir = mkdtempSync(join(tmpdir(), 'gen-studio-cycles-'))
    dirs.push(dir)
    for (const [path, code] of Object.entries(files)) {
      mkdirSync(join(dir, path, '..'), { recursive: true })
      writeFileSync(join(dir, path), code)
    }
    return dir
  }

  it('finds a cycle through a type-only import and a lazy import()', () => {
    const dir = tree({
      'renderer/stores/nav.ts':
        "import type { Area } from '../features/registry'\nexport type X = Area\n",
      'renderer/features/registry.ts':
        "export const screens = { a: () => import('./screen') }\nexport type Area = 'a'\n",
      'renderer/features/screen.tsx': "import '../stores/nav'\nexport default 1\n",
      'shared/ok.ts': 'export const ok = 1\n',
    })
    const cycles = findCycles(dir)
    expect(cycles).toHaveLength(1)
    expect(cycles[0]!.map((f) => f.slice(dir.length + 1)).sort()).toEqual([
      'renderer/features/registry.ts',
      'renderer/features/screen.tsx',
      'renderer/stores/nav.ts',
    ])
  })

  it('follows the @shared alias', () => {
    const dir = tree({
      'shared/a.ts': "import { b } from './b'\nexport const a = b\n",
      'shared/b.ts': "import { a } from '@shared/a'\nexport const b = () => a\n",
    })
    expect(findCycles(dir)).toHaveLength(1)
  })

  it('src/ has none', () => {
    expect(findCycles(join(root, 'src'))).toEqual([])
  })

  it('finds service domains that import each other in a loop with no file cycle', () => {
    const dir = tree({
      'main/services/spending/Spending.ts':
        "import type { Tasks } from '../tasks/Tasks'\nexport type S = Tasks\n",
      'main/services/tasks/Tasks.ts': 'export type Tasks = 1\n',
      'main/services/tasks/hook.ts': "import { s } from '../spending/budget'\nexport const h = s\n",
      'main/services/spending/budget.ts': 'export const s = 1\n',
      'main/services/journal/Journal.ts': 'export const j = 1\n',
      'main/services/admission/A.ts':
        "import { j } from '../journal/Journal'\nexport const a = j\n",
    })
    expect(findCycles(dir)).toEqual([])
    const loops = findDomainCycles(dir)
    expect(loops.map((l) => l.domains)).toEqual([['spending', 'tasks']])
    expect(loops[0]!.imports).toEqual([
      expect.stringContaining('spending/Spending.ts -> main/services/tasks/Tasks.ts'),
      expect.stringContaining('tasks/hook.ts -> main/services/spending/budget.ts'),
    ])
  })

  it('the service domains of src/ form a one-way graph', () => {
    expect(findDomainCycles(join(root, 'src'))).toEqual([])
  })
})
