/**
 * The lint rule against literal text in JSX (issue #34), shared by eslint.config.mjs and
 * `npm run i18n:check` (which counts its findings as `hardcoded`): eslint-plugin-i18next's
 * no-literal-string over JSX text and the attributes people read or hear. Symbols, numbers and
 * SCREAMING_CASE identifiers are the plugin's own exceptions; className, type, id… are never read.
 */
import i18next from 'eslint-plugin-i18next'

export const i18nextPlugin = i18next

/** The attributes whose text people read or hear, and the props that carry such text. */
export const TEXT_ATTRIBUTES = [
  'title',
  'aria-label',
  'aria-description',
  'aria-roledescription',
  'aria-valuetext',
  'placeholder',
  'alt',
  'label',
  'hint',
  'submitLabel',
  'undoLabel',
]

export const literalStringRule = [
  'error',
  {
    mode: 'jsx-only',
    'jsx-attributes': { include: TEXT_ATTRIBUTES },
    // The plugin's own list, plus the names a second namespace's binding takes (`const { t: tc }
    // = useTranslation('common')`, docs/I18N.md) and the translators outside React.
    callees: {
      exclude: [
        'i18n(ext)?',
        't',
        't[A-Za-z]{1,3}',
        'translate',
        'msg',
        'require',
        'addEventListener',
        'removeEventListener',
        'postMessage',
        'getElementById',
        'dispatch',
        'commit',
        'includes',
        'indexOf',
        'endsWith',
        'startsWith',
      ],
    },
    message:
      'Literal text in JSX: put it in the catalog and use t() (docs/I18N.md), or, for a symbol, a named constant.',
  },
]
