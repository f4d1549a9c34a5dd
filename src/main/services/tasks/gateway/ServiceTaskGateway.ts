import { createHash } from 'node:crypto'
import { promises as fs } from 'node:fs'
import { extname, join } from 'node:path'

import type {
  ImageEditRequest,
  ImageGenerationRequest,
  NativeRequest,
  VideoRequest,
  WorkbenchEstimateRequest,
  WorkbenchGenerationRequest,
} from '@shared/catalog'
import { fail } from '@shared/result'

import { t as tr } from '../../../i18n'
import { quoteOf } from '../../client/quote'
import { loadArtReferenceBase64 } from '../../client/references'
import type { ServiceClient } from '../../client/ServiceClient'
import type { ImageResult } from '../../client/types'
import type { DownloadService, DownloadTarget, SavedFile } from '../../downloads/DownloadService'
import { IMAGE_KINDS, MIME, VIDEO_KINDS } from '../../downloads/magic'
import type {
  DownloadedFile,
  GatewayTask,
  OutputRef,
  Quote,
  ServerStatus,
  SubmitOutcome,
  TaskGateway,
  WorkbenchEvent,
} from '../ports'
import { artEventOf, artStatusOf, videoStatusOf } from './normalize'

export interface ServiceTaskGatewayOptions {
  /**
   * A ServiceClient that does not retry by itself (`retry.maxAttempts: 1`): the engine schedules
   * every retry through its request budget, so a Retry-After pauses all tasks, not one call.
   */
  client: ServiceClient
  downloads: DownloadService
  connection: () => Promise<{ baseUrl: string; key: string } | null>
  /** Where results wait between download and library (userData/tasks/staging). */
  stagingDir: string
}

const kindsFor = (task: GatewayTask) => (task.kind === 'video' ? VIDEO_KINDS : IMAGE_KINDS)

/**
 * The task engine's gateway to the real service: the ServiceClient for requests (with the
 * journaled Idempotency-Key / client_request_id on every send) and the DownloadService for
 * results (temp file, verified, renamed). Results that arrive inside a response (Base64, native
 * ZIPs) are written to staging files at once, so the engine journals paths, not megabytes.
 */
export class ServiceTaskGateway implements TaskGateway {
  constructor(private readonly o: ServiceTaskGatewayOptions) {}

  async account(): Promise<string | null> {
    const c = await this.o.connection()
    if (!c) return null
    // The origin plus a digest of the key: another key is another account, and the key itself
    // never leaves this function.
    const digest = createHash('sha256').update(c.key).digest('hex').slice(0, 12)
    return `${new URL(c.baseUrl).origin}#${digest}`
  }

  private dir(task: GatewayTask): string {
    return join(this.o.stagingDir, task.id)
  }

  private target(task: GatewayTask, baseName: string): DownloadTarget {
    return { dir: this.dir(task), baseName, accept: kindsFor(task) }
  }

  private async imageOutputs(task: GatewayTask, result: ImageResult): Promise<OutputRef[]> {
    const outputs: OutputRef[] = []
    for (const [i, image] of result.images.entries()) {
      if (image.url) outputs.push({ type: 'url', url: image.url })
      else if (image.b64) {
        const saved = await this.o.downloads.saveBase64(
          image.b64,
          this.target(task, `result-${i + 1}-${Date.now()}`),
        )
        outputs.push({ type: 'file', path: saved.path })
      }
    }
    if (outputs.length === 0) fail('bad_response', tr('noImageInAnswer'))
    return outputs
  }

  async submit(task: GatewayTask, signal: AbortSignal): Promise<SubmitOutcome> {
    const options = { idempotencyKey: task.idempotencyKey, ...engineCall(task, signal) }
    switch (task.kind) {
      case 'image': {
        const result = await this.o.client.generateImages(
          task.request as unknown as ImageGenerationRequest,
          options,
        )
        return { type: 'outputs', outputs: await this.imageOutputs(task, result) }
      }
      case 'edit': {
        const result = await this.o.client.editImages(
          {
            ...(task.request as unknown as ImageEditRequest),
            images: task.files.images.map((path, i) => ({
              path,
              filename: `reference-${i + 1}${extname(path)}`,
            })),
          },
          options,
        )
        return { type: 'outputs', outputs: await this.imageOutputs(task, result) }
      }
      case 'video': {
        const v = await this.o.client.createVideo(task.request as unknown as VideoRequest, options)
        return { type: 'task', serverId: v.id, status: videoStatusOf(v) }
      }
      case 'native': {
        const files = await this.o.downloads.nativeArtZip(await nativeRequestOf(task), options, {
          dir: this.dir(task),
          baseName: `result-${Date.now()}`,
        })
        return { type: 'outputs', outputs: files.map((f) => ({ type: 'file', path: f.path })) }
      }
      case 'workbench': {
        if (!task.quote) return fail('quote_expired', tr('taskNoQuote'))
        const req: WorkbenchGenerationRequest = {
          ...(task.request as unknown as WorkbenchEstimateRequest),
          quote_id: task.quote.quoteId,
          client_request_id: task.idempotencyKey,
        }
        const t = await this.o.client.submitArt(req, engineCall(task, signal))
        return { type: 'task', serverId: t.id, status: artStatusOf(t.raw, t.status) }
      }
    }
  }

  async status(task: GatewayTask, signal: AbortSignal): Promise<ServerStatus> {
    if (!task.serverId) return fail('not_found', tr('taskNoServerId'))
    if (task.kind === 'video') {
      return videoStatusOf(await this.o.client.getVideo(task.serverId, engineCall(task, signal)))
    }
    const t = await this.o.client.getArtTask(task.serverId, engineCall(task, signal))
    return artStatusOf(t.raw, t.status)
  }

  async *events(task: GatewayTask, signal: AbortSignal): AsyncIterable<WorkbenchEvent> {
    if (!task.serverId) return
    for await (const e of this.o.client.artEvents(task.serverId, engineCall(task, signal))) {
      yield artEventOf(e)
    }
  }

  async estimate(task: GatewayTask, signal: AbortSignal): Promise<Quote> {
    const q = await this.o.client.estimateArt(
      task.request as unknown as WorkbenchEstimateRequest,
      engineCall(task, signal),
    )
    return { quoteId: q.quoteId, priceUsd: quoteOf(q.data).priceUsd }
  }

  async download(
    task: GatewayTask,
    output: OutputRef,
    index: number,
    signal: AbortSignal,
  ): Promise<DownloadedFile> {
    const target = this.target(task, `output-${index + 1}-${Date.now()}`)
    const options = engineCall(task, signal)
    let saved: SavedFile
    switch (output.type) {
      case 'url':
        saved = await this.o.downloads.fromUrl(output.url, target, options)
        break
      case 'video':
        saved = await this.o.downloads.videoContent(output.serverId, target, options)
        break
      case 'inline':
        saved = await this.o.downloads.saveBase64(output.b64, target, options)
        break
      case 'file': {
        const st = await fs.stat(output.path).catch(() => null)
        if (!st?.isFile())
          return fail('not_found', tr('earlierResultGone'), {
            action: tr('earlierResultGoneAction'),
          })
        const ext = extname(output.path).slice(1).toLowerCase()
        return { path: output.path, bytes: st.size, ext, mime: mimeOfExt(ext) }
      }
    }
    return {
      path: saved.path,
      bytes: saved.bytes,
      ext: saved.kind === 'jpeg' ? 'jpg' : saved.kind,
      mime: MIME[saved.kind],
    }
  }

  usesServiceBudget(output: OutputRef): boolean {
    return output.type === 'video'
  }

  async release(task: GatewayTask): Promise<void> {
    await fs.rm(this.dir(task), { recursive: true, force: true })
  }
}

function mimeOfExt(ext: string): string {
  switch (ext) {
    case 'png':
      return MIME.png
    case 'jpg':
    case 'jpeg':
      return MIME.jpeg
    case 'webp':
      return MIME.webp
    case 'mp4':
      return MIME.mp4
    case 'webm':
      return MIME.webm
    default:
      return 'application/octet-stream'
  }
}

/**
 * The native request as sent: the source image and mask the task keeps as files are read and
 * Base64-encoded into parameters.image / parameters.mask now, not journaled (older tasks carry
 * them inside the request already and are sent as they are).
 */
export async function nativeRequestOf(task: GatewayTask): Promise<NativeRequest> {
  const request = task.request as unknown as NativeRequest
  if (!task.files.image && !task.files.mask) return request
  const parameters = { ...request.parameters }
  if (task.files.image)
    parameters.image = await loadArtReferenceBase64(task.files.image, 'parameters.image')
  if (task.files.mask)
    parameters.mask = await loadArtReferenceBase64(task.files.mask, 'parameters.mask')
  return { ...request, parameters }
}

/**
 * The options of every call the task engine makes through this gateway: one attempt each
 * (`retry: 'caller'`). Retrying is the engine's: it classifies the failure (engine/classify.ts)
 * and waits through its shared request budget (scheduler/RequestBudget.ts), so one Retry-After
 * pauses every task, and a POST is only ever re-sent with its journaled key.
 */
export const engineCall = (
  task: Pick<GatewayTask, 'id'>,
  signal: AbortSignal,
): { signal: AbortSignal; taskId: string; retry: 'caller' } => ({
  signal,
  taskId: task.id,
  retry: 'caller',
})
