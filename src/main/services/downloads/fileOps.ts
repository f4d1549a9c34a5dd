import { mkdir, open, rename, stat, unlink } from 'node:fs/promises'

/** The part of a file handle downloads use: batched writes, fdatasync/fsync, close. */
export interface WritableFile {
  writev(buffers: Uint8Array[]): Promise<unknown>
  /** Flushes the data written so far (started in the background while more arrives). */
  datasync(): Promise<void>
  sync(): Promise<void>
  close(): Promise<void>
}

/**
 * The file-system calls of the DownloadService behind an interface, so tests can inject real
 * ENOSPC/EROFS failures (which cannot be produced on demand on a shared disk) while every other
 * call still hits the real disk.
 */
export interface FileOps {
  mkdir(path: string): Promise<void>
  /** Creates a new file exclusively ('wx'): a temp name is never shared. */
  create(path: string): Promise<WritableFile>
  rename(from: string, to: string): Promise<void>
  unlink(path: string): Promise<void>
  exists(path: string): Promise<boolean>
  /** fsyncs a directory so a rename survives a power cut; a no-op where unsupported. */
  syncDir(path: string): Promise<void>
  /** fsyncs a closed file's data (a batch of files is written first, then synced together). */
  syncFile(path: string): Promise<void>
}

export const nodeFileOps: FileOps = {
  mkdir: async (path) => {
    await mkdir(path, { recursive: true })
  },
  create: (path) => open(path, 'wx'),
  rename: (from, to) => rename(from, to),
  unlink: (path) => unlink(path),
  exists: (path) =>
    stat(path).then(
      () => true,
      () => false,
    ),
  syncFile: async (path) => {
    const handle = await open(path, 'r+')
    try {
      await handle.sync()
    } finally {
      await handle.close()
    }
  },
  syncDir: async (path) => {
    // Windows cannot open a folder to flush it (the open below would fail and be passed over).
    // Stryker disable next-line StringLiteral: equivalent, no platform is named "", and without the check Windows' failed open returns the same way
    if (process.platform === 'win32') return
    // Stryker disable next-line ArrowFunction: equivalent, `!handle` reads null and undefined alike
    const handle = await open(path, 'r').catch(() => null)
    if (!handle) return
    await handle
      .sync()
      .catch(() => {})
      .finally(() => handle.close())
  },
}
