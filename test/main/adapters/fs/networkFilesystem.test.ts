import { tmpdir } from 'node:os'

import { isNetworkFilesystem, networkFsName } from '@main/adapters/fs/networkFilesystem'
import { describe, expect, it } from 'vitest'

describe('network filesystem check (issue #28: which library folders are polled)', () => {
  it('names the network and FUSE statfs types, including those above 2^31', () => {
    expect(networkFsName(0x6969)).toBe('nfs')
    expect(networkFsName(0xff534d42)).toBe('cifs')
    expect(networkFsName(0xfe534d42 | 0)).toBe('smb2') // a signed 32-bit reading of the type
    expect(networkFsName(0x65735546)).toBe('fuse')
  })

  it('leaves local filesystems to the watcher', async () => {
    expect(networkFsName(0xef53)).toBeNull() // ext4
    expect(networkFsName(0x01021994)).toBeNull() // tmpfs
    expect(networkFsName(0x9123683e)).toBeNull() // btrfs
    expect(await isNetworkFilesystem(tmpdir())).toBe(false)
    expect(await isNetworkFilesystem('/no/such/folder')).toBe(false)
  })
})
