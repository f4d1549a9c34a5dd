/**
 * Finds the repository paths the docs name and says which ones do not exist, so a moved or
 * renamed file cannot leave README.md or docs/*.md pointing at nothing (test/docs/paths.test.ts).
 *
 * What counts as a path, in README.md and docs/*.md, outside fenced code blocks (those hold
 * commands and trees), in `inline code` or a markdown link target:
 *
 * - A span with whitespace is a command or prose: only its words that start with a top-level
 *   folder (`npm run mutation -- --mutate src/shared/pricing/estimate.ts`) are checked.
 * - Never: anything with whitespace, a scheme (`https:`, `gen-media:`, `dmg:arm64`), a leading
 *   `/`, `~`, `-` or `#`, or a character other than letters, digits, `_ . - / @ < > *`
 *   (`{a|b}`, `data[0].url`, `Ctrl/Cmd+1`).
 * - A link target: relative to the doc's own folder; it must exist.
 * - Rooted: the first segment is a top-level folder (ROOTS: src, test, bench, scripts, docs,
 *   resources, build, .ci, .github); relative to the repository root.
 * - Shorthand: has a `/` and starts with the name of a folder found anywhere under src/ or test/
 *   (`client/…`, `features/…`, `engine/…`, `main/…`), or ends in a source extension
 *   (`.ts`, `.tsx`, …): it must be the tail of a real path (`client/quote.ts` matches
 *   `src/main/services/client/quote.ts`).
 * - Bare name: no `/` and a source, doc or config extension (`prepare.ts`, `release.yml`): some
 *   file in the repository has that name. Bare `.json` names are not checked: the docs use them
 *   for the app's data files (`settings.json`, `presets.json`), which live in the user's folder.
 * - Anything else (`out/`, `logs/`, `rules/`, `YYYY/MM/DD`, `app.asar`) is not checked: a bare
 *   folder name, or a path starting with a folder the checkout does not have (build output, the
 *   user's data), cannot be told apart from prose. OUTSIDE_CHECKOUT lists the rooted paths the
 *   docs name on purpose that only exist elsewhere (in the packaged app).
 *
 * Resolving: a trailing `/` is dropped; a last segment `Name.member` whose "extension" is not a
 * file extension names a member (`DownloadService.fromUrl`) and is checked as `Name`; a name
 * without an extension may be a module (`spending/SpendLedger` → `SpendLedger.ts`, or a folder).
 * A placeholder segment (`<domain>`, `*`) ends the path: only the fixed folder before it is
 * checked, and only when that prefix is rooted (`src/shared/ipc/contract/<domain>.ts` checks
 * `src/shared/ipc/contract`; `<library>/.gen-studio/collections.json` is skipped).
 */
import { readdirSync } from 'node:fs'
import { join, posix } from 'node:path'

/** Top-level folders a rooted path starts with. */
export const ROOTS = [
  'src',
  'test',
  'bench',
  'scripts',
  'docs',
  'resources',
  'build',
  '.ci',
  '.github',
]

/** Paths the docs name on purpose that are not in the checkout, each with the reason. */
export const OUTSIDE_CHECKOUT: Record<string, string> = {
  'resources/native': "the packaged app's resources folder (electron-builder extraResources)",
}

/** Folders never walked: dependencies, build output, caches. */
const SKIPPED_DIRS = new Set([
  '.git',
  'node_modules',
  'out',
  'dist',
  'release',
  'coverage',
  'reports',
  'test-results',
  '.cache',
  '.stryker-tmp',
])

const SOURCE_EXT = /\.(ts|tsx|mts|cts|mjs|cjs|js|jsx|css)$/
const BARE_EXT = /\.(ts|tsx|mts|cts|mjs|cjs|js|jsx|css|md|yml|yaml|html|svg|plist|png|ico|icns)$/
const FILE_EXT =
  /\.(ts|tsx|mts|cts|mjs|cjs|js|jsx|css|md|yml|yaml|json|html|svg|plist|png|icns|ico|sh|txt)$/
const MODULE_SUFFIXES = ['', '.ts', '.tsx', '.mts', '.mjs', '.js', '/index.ts', '/index.tsx']
const PATH_CHARS = /^[\w.\-/@<>*]+$/
const NOT_A_PATH = /^[a-z][a-z0-9+.-]*:|^[/~#-]/i

/** One code span or link target in a doc. */
export interface Mention {
  text: string
  /** 1-based line in the doc. */
  line: number
  /** A markdown link target (resolved from the doc's folder) rather than inline code. */
  link: boolean
}

/** A named path that does not exist, and where it was named. */
export interface MissingPath {
  doc: string
  line: number
  path: string
}

/** The files and folders of a checkout, as repository-relative posix paths. */
export interface RepoTree {
  /** Every file and folder path. */
  paths: ReadonlySet<string>
  /** Every tail of every path (`quote.ts`, `client/quote.ts`, `services/client/quote.ts`, …). */
  tails: ReadonlySet<string>
  /** Names of the folders under src/ and test/ (where shorthand paths start). */
  folderNames: ReadonlySet<string>
}

/** Builds a RepoTree from file paths (folders are implied by them). */
export function treeFromFiles(files: readonly string[]): RepoTree {
  const paths = new Set<string>()
  const tails = new Set<string>()
  const folderNames = new Set<string>()
  for (const file of files) {
    const segments = file.split('/')
    for (let end = 1; end <= segments.length; end++) {
      const path = segments.slice(0, end).join('/')
      paths.add(path)
      for (let start = 0; start < end; start++) tails.add(segments.slice(start, end).join('/'))
      if (end < segments.length && (segments[0] === 'src' || segments[0] === 'test') && end > 1) {
        folderNames.add(segments[end - 1]!)
      }
    }
  }
  return { paths, tails, folderNames }
}

/** Walks a checkout on disk (dependencies and build output left out). */
export function treeFromDisk(root: string): RepoTree {
  const files: string[] = []
  const walk = (rel: string): void => {
    for (const entry of readdirSync(join(root, rel), { withFileTypes: true })) {
      if (SKIPPED_DIRS.has(entry.name)) continue
      const path = rel ? `${rel}/${entry.name}` : entry.name
      if (entry.isDirectory()) walk(path)
      else files.push(path)
    }
  }
  walk('')
  return treeFromFiles(files)
}

/** Every code span and link target of a markdown text, fenced code blocks left out. */
export function extractMentions(markdown: string): Mention[] {
  const mentions: Mention[] = []
  let fenced = false
  markdown.split('\n').forEach((text, index) => {
    if (/^\s*(```|~~~)/.test(text)) {
      fenced = !fenced
      return
    }
    if (fenced) return
    const line = index + 1
    const found: Array<{ at: number; mention: Mention }> = []
    for (const m of text.matchAll(/`([^`]+)`/g)) {
      // A command in a span (`npm run x -- --mutate src/a.ts`): only its rooted words are paths.
      const words = m[1]!.trim().split(/\s+/)
      const texts =
        words.length === 1
          ? words
          : words.filter((w) => w.includes('/') && ROOTS.includes(w.split('/')[0]!))
      for (const text of texts) found.push({ at: m.index, mention: { text, line, link: false } })
    }
    for (const m of text.matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)) {
      const target = m[1]!.split('#')[0]!
      if (target) found.push({ at: m.index, mention: { text: target, line, link: true } })
    }
    found.sort((a, b) => a.at - b.at).forEach(({ mention }) => mentions.push(mention))
  })
  return mentions
}

/** The path a mention names, with trailing `/` and a member suffix removed, or null. */
function pathOf(text: string): string | null {
  const trimmed = text.trim()
  if (!PATH_CHARS.test(trimmed) || NOT_A_PATH.test(trimmed)) return null
  const segments = trimmed.replace(/\/+$/, '').split('/')
  const last = segments.at(-1)!
  const dot = last.lastIndexOf('.')
  if (dot > 0 && !FILE_EXT.test(last)) segments[segments.length - 1] = last.slice(0, dot)
  return segments.join('/')
}

/** Whether `path`, as a module or a file or a folder, is in `set`. */
const resolves = (set: ReadonlySet<string>, path: string): boolean =>
  MODULE_SUFFIXES.some((suffix) => set.has(path + suffix))

/**
 * Whether one mention in `doc` (a repository-relative path like `docs/FAULTS.md`) names something
 * that exists: true, false, or null when it is not a repository path at all (see the rules above).
 */
export function checkMention(tree: RepoTree, doc: string, mention: Mention): boolean | null {
  if (mention.text.replace(/\/+$/, '') in OUTSIDE_CHECKOUT) return null
  const path = pathOf(mention.text)
  if (path === null || path === '') return null
  const segments = path.split('/')
  const placeholder = segments.findIndex((s) => s.includes('<') || s.includes('*'))
  if (placeholder === 0) return null
  if (placeholder > 0) {
    const prefix = segments.slice(0, placeholder)
    return ROOTS.includes(prefix[0]!) ? tree.paths.has(prefix.join('/')) : null
  }
  if (mention.link)
    return resolves(tree.paths, posix.normalize(posix.join(posix.dirname(doc), path)))
  if (ROOTS.includes(segments[0]!)) return resolves(tree.paths, path)
  if (segments.length > 1) {
    const shorthand = tree.folderNames.has(segments[0]!) || SOURCE_EXT.test(path)
    return shorthand ? resolves(tree.tails, path) : null
  }
  return BARE_EXT.test(path) ? tree.tails.has(path) : null
}

/** Every mention in a doc's text that names a repository path that does not exist. */
export function missingPaths(tree: RepoTree, doc: string, markdown: string): MissingPath[] {
  return extractMentions(markdown)
    .filter((mention) => checkMention(tree, doc, mention) === false)
    .map((mention) => ({ doc, line: mention.line, path: mention.text }))
}
