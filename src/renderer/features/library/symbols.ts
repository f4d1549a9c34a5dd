/**
 * Symbols the library shows as they are in every language (docs/I18N.md: symbols that are not
 * words stay in code as named constants).
 */
export const CLOSE_MARK = '✕'
export const REMOVE_MARK = '×'
export const STAR_ON = '★'
export const STAR_OFF = '☆'
export const PLAY_MARK = '▶'
export const PROBLEM_MARK = '!'
export const PREVIOUS_MARK = '←'
export const NEXT_MARK = '→'
export const MINUS_MARK = '−'
export const PLUS_MARK = '+'
/** A fact with no value. */
export const NONE_MARK = '—'
export const UNKNOWN_MARK = '?'
export const ADD_MARK = '+'
export const IDENTICAL_MARK = '='
