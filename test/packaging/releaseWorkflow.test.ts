import { readFileSync } from 'node:fs'
import { join } from 'node:path'

import { describe, expect, it } from 'vitest'
import YAML from 'yaml'

/** .github/workflows/release.yml is valid YAML and does what the README and the issue promise. */
const root = join(import.meta.dirname, '..', '..')
const source = readFileSync(join(root, '.github', 'workflows', 'release.yml'), 'utf8')

interface Step {
  name?: string
  if?: string
  uses?: string
  run?: string
  with?: Record<string, unknown>
  env?: Record<string, string>
}
interface MatrixEntry {
  name: string
  os: string
  platform: string
  arch: string
  targets: string
  container?: string
}

const doc = YAML.parseDocument(source, { prettyErrors: true, uniqueKeys: true })
const workflow = doc.toJS()
const build = workflow.jobs.build
const steps: Step[] = build.steps
const include: MatrixEntry[] = build.strategy.matrix.include
const stepNamed = (name: string) => {
  const step = steps.find((s) => s.name === name)
  if (!step) throw new Error(`no step "${name}"`)
  return step
}

describe('release workflow', () => {
  it('is valid YAML with no duplicate keys', () => {
    expect(doc.errors).toEqual([])
    expect(doc.warnings).toEqual([])
  })

  it('runs on version tags and by hand, with read-only default permissions', () => {
    expect(workflow.on.push.tags).toEqual(['v*'])
    expect(workflow.on).toHaveProperty('workflow_dispatch')
    expect(workflow.permissions).toEqual({ contents: 'read' })
  })

  it('builds on macOS (arm64, x64), Windows (x64, arm64) and Linux runners', () => {
    const platforms = include.map((m) => `${m.platform}-${m.arch}`).sort()
    expect(platforms).toEqual(['linux-x64', 'mac-arm64', 'mac-x64', 'win-arm64', 'win-x64'])
    for (const entry of include) {
      const expectedOs = { mac: /^macos-/, win: /^windows-/, linux: /^ubuntu-/ }[entry.platform]
      expect(entry.os).toMatch(expectedOs!)
    }
    expect(build['runs-on']).toBe('${{ matrix.os }}')
    expect(build.strategy['fail-fast']).toBe(false)
  })

  it('packages each matrix entry for its own platform and arch, matching electron-builder.yml targets', () => {
    const byKey = Object.fromEntries(include.map((m) => [`${m.platform}-${m.arch}`, m.targets]))
    expect(byKey).toEqual({
      'mac-arm64': '--mac dmg:arm64 zip:arm64',
      'mac-x64': '--mac dmg:x64 zip:x64',
      'win-x64': '--win nsis:x64',
      'win-arm64': '--win nsis:arm64',
      'linux-x64': '--linux AppImage:x64 deb:x64',
    })
    const pack = stepNamed('Package')
    expect(pack.run).toBe('npx electron-builder ${{ matrix.targets }} --publish never')
    expect(Object.keys(pack.env ?? {})).toEqual(
      expect.arrayContaining([
        'CSC_LINK',
        'WIN_CSC_LINK',
        'APPLE_ID',
        'APPLE_APP_SPECIFIC_PASSWORD',
        'APPLE_TEAM_ID',
      ]),
    )
    for (const value of Object.values(pack.env ?? {}))
      expect(value).toMatch(/^\$\{\{ secrets\.\w+ \}\}$/)
  })

  it('installs the Linux system packages the tests need', () => {
    const apt = stepNamed('System packages (Linux)')
    expect(apt.if).toBe("matrix.platform == 'linux'")
    for (const pkg of ['chromium', 'libsecret-1-dev', 'gnome-keyring', 'dbus', 'xvfb']) {
      expect(apt.run).toMatch(new RegExp(`(^|\\s)${pkg}(\\s|$)`))
    }
  })

  it('tests with the same command as the README, after building and before packaging', () => {
    const readme = readFileSync(join(root, 'README.md'), 'utf8')
    expect(readme).toMatch(/^npm test\b/m)
    const test = stepNamed('Test')
    expect(test.run).toBe('npm test')
    const order = [
      'Install dependencies',
      'Build',
      'Native modules for Electron',
      'Test',
      'Package',
      'Check the packaged app',
      'Upload installers',
    ]
    const indexes = order.map((name) => steps.indexOf(stepNamed(name)))
    expect(indexes).toEqual([...indexes].sort((a, b) => a - b))
  })

  it('makes the Electron build of better-sqlite3 before the Electron test and the package use it', () => {
    expect(stepNamed('Native modules for Electron').run).toBe('npm run native')
    expect(
      steps.some((s) => /npm rebuild|electron-rebuild|@electron\/rebuild/.test(s.run ?? '')),
    ).toBe(false)
  })

  it('reads the fuses and app.asar back from the real packaged app before uploading', () => {
    expect(stepNamed('Check the packaged app').run).toBe(
      'node scripts/package-check.mjs verify release',
    )
  })

  it('uploads every installer type and fails when none was produced', () => {
    const upload = stepNamed('Upload installers')
    expect(upload.uses).toBe('actions/upload-artifact@v4')
    expect(upload.with?.['if-no-files-found']).toBe('error')
    const paths = String(upload.with?.path).trim().split('\n')
    expect(paths).toEqual(
      expect.arrayContaining([
        'release/*.dmg',
        'release/*.zip',
        'release/*.exe',
        'release/*.AppImage',
        'release/*.deb',
      ]),
    )
    expect(upload.with?.name).toBe('gen-studio-${{ matrix.platform }}-${{ matrix.arch }}')
  })

  it('publishes the update feed: each runner uploads its latest*.yml, the release gets them merged', () => {
    const paths = String(stepNamed('Upload installers').with?.path).trim().split('\n')
    expect(paths).toEqual(expect.arrayContaining(['release/*.yml', '!release/builder-debug.yml']))
    const draft: Step[] = workflow.jobs['draft-release'].steps
    const names = draft.map((s) => s.name)
    expect(names.indexOf('Download installers')).toBeLessThan(
      names.indexOf('Merge update feed files'),
    )
    const download = draft.find((s) => s.name === 'Download installers')!
    // Per-runner folders: merged into one flat folder, two latest.yml would overwrite each other.
    expect(download.with?.['merge-multiple']).toBeUndefined()
    expect(draft.find((s) => s.name === 'Merge update feed files')!.run).toBe(
      'node scripts/merge-update-info.mjs feed dist/gen-studio-*',
    )
    const create = draft.find((s) => s.name === 'Create draft release')!.run ?? ''
    expect(create).toContain('feed/*.yml')
    for (const ext of ['dmg', 'zip', 'exe', 'AppImage', 'deb', 'blockmap'])
      expect(create).toContain(`dist/*/*.${ext}`)
  })

  it('pins every action to a major version and only drafts releases from tags', () => {
    const allSteps: Step[] = Object.values(
      workflow.jobs as Record<string, { steps: Step[] }>,
    ).flatMap((j) => j.steps)
    for (const step of allSteps.filter((s) => s.uses))
      expect(step.uses).toMatch(/^actions\/[\w-]+@v\d+$/)
    const draft = workflow.jobs['draft-release']
    expect(draft.needs).toBe('build')
    expect(draft.if).toBe("startsWith(github.ref, 'refs/tags/v')")
    expect(draft.permissions).toEqual({ contents: 'write' })
  })
})
