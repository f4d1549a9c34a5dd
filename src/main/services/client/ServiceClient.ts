import { randomUUID } from 'node:crypto'

import type {
  ChatRequest,
  ImageGenerationRequest,
  NativeRequest,
  ResponsesRequest,
  VideoRequest,
  WorkbenchEstimateRequest,
  WorkbenchGenerationRequest,
} from '@shared/catalog'

import { generateArtNativeJson, generateArtNativeZip } from './endpoints/artNative'
import { editImages, generateImages } from './endpoints/images'
import { download, listModels } from './endpoints/results'
import { chat, chatStream, responses } from './endpoints/text'
import { createVideo, getVideo, videoContent } from './endpoints/video'
import {
  artEvents,
  estimateArt,
  getArtTask,
  streamArt,
  submitArt,
  uploadArtAsset,
} from './endpoints/workbench'
import { HttpTransport } from './transport/HttpTransport'
import type { ServiceClientOptions } from './transport/spec'
import type {
  ArtEvent,
  ArtQuote,
  ArtTask,
  BinarySink,
  CallOptions,
  ChatDelta,
  ChatReply,
  FileRef,
  GenerationOptions,
  ImageEditInput,
  ImageResult,
  ResponsesReply,
  VideoTask,
} from './types'

export type { ClientConnection, ServiceClientOptions } from './transport/spec'

/** A fresh key for a new generation (UUID-shaped, as the spec's examples). */
export const newIdempotencyKey = (): string => randomUUID()

/**
 * The service client: one typed method per endpoint of the spec, grouped by the spec's areas in
 * endpoints/ (images, video, art native, workbench, text, models and result downloads) over one
 * HTTP transport (transport/HttpTransport.ts: the service pool, the keyless download dispatcher,
 * retries, error mapping, diagnostics). Whether a call is retried here is the caller's choice per
 * call (`retry: 'caller'` for the task engine, which retries through its own budget).
 */
export class ServiceClient {
  private readonly t: HttpTransport

  constructor(options: ServiceClientOptions) {
    this.t = new HttpTransport(options)
  }

  listModels(options: CallOptions = {}): Promise<string[]> {
    return listModels(this.t, options)
  }

  generateImages(req: ImageGenerationRequest, options: GenerationOptions): Promise<ImageResult> {
    return generateImages(this.t, req, options)
  }

  editImages(req: ImageEditInput, options: GenerationOptions): Promise<ImageResult> {
    return editImages(this.t, req, options)
  }

  createVideo(req: VideoRequest, options: GenerationOptions): Promise<VideoTask> {
    return createVideo(this.t, req, options)
  }

  getVideo(id: string, options: CallOptions = {}): Promise<VideoTask> {
    return getVideo(this.t, id, options)
  }

  videoContent<T>(id: string, sink: BinarySink<T>, options: CallOptions = {}): Promise<T> {
    return videoContent(this.t, id, sink, options)
  }

  download<T>(url: string, sink: BinarySink<T>, options: CallOptions = {}): Promise<T> {
    return download(this.t, url, sink, options)
  }

  generateArtNativeJson(req: NativeRequest, options: GenerationOptions): Promise<string[]> {
    return generateArtNativeJson(this.t, req, options)
  }

  generateArtNativeZip<T>(
    req: NativeRequest,
    options: GenerationOptions,
    sink: BinarySink<T>,
  ): Promise<T> {
    return generateArtNativeZip(this.t, req, options, sink)
  }

  estimateArt(req: WorkbenchEstimateRequest, options: CallOptions = {}): Promise<ArtQuote> {
    return estimateArt(this.t, req, options)
  }

  submitArt(req: WorkbenchGenerationRequest, options: CallOptions = {}): Promise<ArtTask> {
    return submitArt(this.t, req, options)
  }

  getArtTask(id: string, options: CallOptions = {}): Promise<ArtTask> {
    return getArtTask(this.t, id, options)
  }

  streamArt(req: WorkbenchGenerationRequest, options: CallOptions = {}): AsyncIterable<ArtEvent> {
    return streamArt(this.t, req, options)
  }

  artEvents(
    id: string,
    options: CallOptions & { lastEventId?: string } = {},
  ): AsyncIterable<ArtEvent> {
    return artEvents(this.t, id, options)
  }

  uploadArtAsset(file: FileRef, options: CallOptions = {}): Promise<{ id: string }> {
    return uploadArtAsset(this.t, file, options)
  }

  chat(req: ChatRequest, options: CallOptions = {}): Promise<ChatReply> {
    return chat(this.t, req, options)
  }

  chatStream(req: ChatRequest, options: CallOptions = {}): AsyncGenerator<ChatDelta> {
    return chatStream(this.t, req, options)
  }

  responses(req: ResponsesRequest, options: CallOptions = {}): Promise<ResponsesReply> {
    return responses(this.t, '/v1/responses', req, options)
  }

  responsesCompact(req: ResponsesRequest, options: CallOptions = {}): Promise<ResponsesReply> {
    return responses(this.t, '/v1/responses/compact', req, options)
  }

  /** Closes the keep-alive connections (app exit, base URL change). */
  close(): Promise<void> {
    return this.t.close()
  }
}
