import type { AccountName } from '../accounts'
import { SAMPLE_MP4_BASE64 } from '../fixtures/media'
import type { LedgerEntry } from '../ledger'

/** What the video routes remember: every task with its timing and charge. */
export interface VideoTask {
  id: string
  account: AccountName
  /** The video model's identifier. */
  model: string
  prompt: string
  duration: number
  resolution: string
  aspectRatio: string
  mode: string | null
  createdAt: number
  startAt: number
  endAt: number
  fails: boolean
  charge: LedgerEntry
}

export class VideoStore {
  readonly tasks = new Map<string, VideoTask>()
  private mp4: Buffer | null = null

  /** The sample clip's bytes (decoded once). */
  sampleMp4(): Buffer {
    this.mp4 ??= Buffer.from(SAMPLE_MP4_BASE64, 'base64')
    return this.mp4
  }
}
