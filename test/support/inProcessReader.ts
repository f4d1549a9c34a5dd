import type { LibraryReader, ReaderMessage } from '@main/services/library/reader/LibraryReader'
import { readLibrary, stampLibrary } from '@main/services/library/reader/readLibrary'

/**
 * The library reader on the calling thread: the same readLibrary / stampLibrary the reader
 * threads run (workers/libraryReader.ts), with the same hand-over (the next message is made only
 * once the consumer asks for it), but no thread to start. For tests of what main's thread does
 * with the messages (sync/reconcile.ts); the threads themselves are tested in
 * reconcile.firstIndex.integration.test.ts.
 */
export const inProcessReader: LibraryReader = (root, job = 'rows') => ({
  async *[Symbol.asyncIterator](): AsyncGenerator<ReaderMessage> {
    const queue: ReaderMessage[] = []
    let wake: (() => void) | null = null
    let taken: (() => void) | null = null
    let ended: { error: unknown } | null = null
    const send = (message: ReaderMessage) =>
      new Promise<void>((resolve) => {
        queue.push(message)
        taken = resolve
        wake?.()
      })
    void (job === 'stamps' ? stampLibrary : readLibrary)(root, send).then(
      () => ((ended = { error: null }), wake?.()),
      (error: unknown) => ((ended = { error }), wake?.()),
    )
    for (;;) {
      while (queue.length === 0 && !ended) await new Promise<void>((r) => (wake = r))
      const next = queue.shift()
      if (next) {
        yield next
        const resolve = taken as (() => void) | null
        taken = null
        resolve?.()
        continue
      }
      const { error } = ended as unknown as { error: unknown }
      if (error) throw error
      return
    }
  },
})
