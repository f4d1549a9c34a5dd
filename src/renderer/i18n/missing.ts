/**
 * What a message with no text in any catalog shows: an ellipsis, the same in every language, so
 * the control keeps its place and a key's name (`emptyTitle`) is never shown to people.
 */
export const MISSING_TEXT = '…'
