/**
 * The preload's report of a file the user chose (see ChosenFiles in main). Deliberately not in the
 * contract: the page gets window.api built from the contract and must not be able to send it.
 */
export const CHOSEN_FILE_CHANNEL = 'preload:chosenFile'
