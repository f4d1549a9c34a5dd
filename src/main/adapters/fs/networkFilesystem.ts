import { promises as fs } from 'node:fs'

/**
 * Linux filesystem types (statfs f_type, from linux/magic.h and the filesystems' own headers) on
 * which inotify never hears of a change made by another machine: network shares (NFS, SMB/CIFS,
 * 9p, Ceph, AFS, Coda, NCP) and FUSE (sshfs, rclone mounts, gvfs), where the kernel only sees
 * this machine's own writes. A library folder on one of them is polled (sync/FolderPoller.ts).
 */
export const NETWORK_FS_TYPES: ReadonlyMap<number, string> = new Map([
  [0x6969, 'nfs'],
  [0x517b, 'smb'],
  [0xff534d42, 'cifs'],
  [0xfe534d42, 'smb2'],
  [0x01021997, '9p'],
  [0x00c36400, 'ceph'],
  [0x5346414f, 'afs'],
  [0x73757245, 'coda'],
  [0x564c, 'ncp'],
  [0x65735546, 'fuse'],
])

/** The network filesystem a statfs type names, or null for a local one. */
export const networkFsName = (type: number): string | null =>
  NETWORK_FS_TYPES.get(type >>> 0) ?? null

/**
 * Whether a folder is on a network share or FUSE mount, by its statfs type. Only Linux's types
 * are known; elsewhere (and when statfs fails) the answer is false and the folder's watcher is
 * trusted, as before.
 */
export async function isNetworkFilesystem(dir: string): Promise<boolean> {
  if (process.platform !== 'linux') return false
  try {
    return networkFsName((await fs.statfs(dir)).type) !== null
  } catch {
    return false
  }
}
