/**
 * Where deleted library files finally go. Production moves them to the OS trash (Electron's
 * `shell.trashItem`, injected through the Platform); tests use a plain folder. The library never
 * unlinks a user's file itself.
 */
export interface Trash {
  /** Moves a file or folder to the trash; rejects if it could not. */
  trashItem(path: string): Promise<void>
}
