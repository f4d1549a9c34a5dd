import {
  artEventOf,
  artStatusOf,
  outputsOf,
  videoStatusOf,
} from '@main/services/tasks/gateway/normalize'
import { describe, expect, it } from 'vitest'

describe('reading the service’s task answers', () => {
  it('video: only completed and failed end a task; anything else is still running', () => {
    const v = (status: string, progress?: number) =>
      videoStatusOf({ id: 'v', status, progress, raw: {} })
    expect(v('queued').phase).toBe('running')
    expect(v('in_progress', 40)).toMatchObject({ phase: 'running', progress: 0.4 })
    expect(v('rendering_frames').phase).toBe('running')
    expect(v('cancelled').phase).toBe('running')
    expect(v('completed', 100)).toMatchObject({ phase: 'completed', progress: 1 })
    expect(v('failed').phase).toBe('failed')
  })

  it('workbench task: status and images under data, numbers as ids, unknown statuses run', () => {
    const raw = {
      data: {
        id: 1000,
        status: 'completed',
        progress: 100,
        images: [
          { index: 0, url: 'https://cdn/x/0.png' },
          { index: 1, url: 'https://cdn/x/1.png' },
        ],
      },
    }
    expect(artStatusOf(raw, 'completed')).toMatchObject({
      phase: 'completed',
      outputs: [
        { type: 'url', url: 'https://cdn/x/0.png' },
        { type: 'url', url: 'https://cdn/x/1.png' },
      ],
    })
    expect(artStatusOf({ data: { status: 'warming_up' } }, undefined).phase).toBe('running')
    const failed = artStatusOf(
      { data: { status: 'failed', error: { code: 'generation_failed', message: 'boom' } } },
      'failed',
    )
    expect(failed).toMatchObject({
      phase: 'failed',
      error: { code: 'generation_failed', message: 'boom' },
    })
  })

  it('finds outputs as URLs or Base64 in the shapes services use', () => {
    expect(outputsOf({ images: ['https://a/1.png'] })).toEqual([
      { type: 'url', url: 'https://a/1.png' },
    ])
    expect(outputsOf({ data: [{ b64_json: 'QUJD' }] })).toEqual([{ type: 'inline', b64: 'QUJD' }])
    expect(outputsOf({ result: { outputs: [{ image_url: 'https://a/2.png' }] } })).toEqual([
      { type: 'url', url: 'https://a/2.png' },
    ])
    expect(outputsOf({ nothing: true })).toEqual([])
  })

  it('turns SSE events into previews (data: URLs), progress, done and errors', () => {
    expect(
      artEventOf({ event: 'preview', data: { image: 'iVBORw0KGgo=', step: 3, steps: 12 } }),
    ).toEqual({
      type: 'preview',
      image: 'data:image/png;base64,iVBORw0KGgo=',
      progress: 0.25,
    })
    expect(
      artEventOf({ event: 'preview', data: { image: '/9j/4AAQ', progress: 50 } }),
    ).toMatchObject({
      image: 'data:image/jpeg;base64,/9j/4AAQ',
      progress: 0.5,
    })
    expect(artEventOf({ event: 'done', data: { images: [{ url: 'https://c/d.png' }] } })).toEqual({
      type: 'done',
      outputs: [{ type: 'url', url: 'https://c/d.png' }],
    })
    expect(artEventOf({ event: 'error', data: { error: { message: 'nope' } } })).toEqual({
      type: 'error',
      error: { message: 'nope' },
    })
    expect(artEventOf({ event: 'keepalive', data: { t: 1 } })).toEqual({ type: 'keepalive' })
    expect(artEventOf({ event: 'mystery', data: {} })).toEqual({ type: 'other', name: 'mystery' })
  })
})
