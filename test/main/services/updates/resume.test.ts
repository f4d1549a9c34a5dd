import {
  type ArtifactTarget,
  judgeResponse,
  parseContentRange,
  type PartialRecord,
  planRange,
} from '@main/services/updates/resume'
import { describe, expect, it } from 'vitest'

const target: ArtifactTarget = {
  url: 'https://feed.test/App-2.0.0.AppImage',
  sha512: 'c2hh',
  size: 1000,
  fileName: 'App-2.0.0.AppImage',
}
const record: PartialRecord = {
  url: target.url,
  sha512: target.sha512,
  etag: '"v1"',
  lastModified: 'Thu, 26 Nov 2026 08:00:00 GMT',
}
const head = (status: number, headers: Record<string, string> = {}) => ({
  status,
  header: (n: string) => headers[n.toLowerCase()] ?? null,
})

describe('planRange', () => {
  it('asks for the rest of kept bytes, conditional on the strong ETag', () => {
    expect(planRange(target, { record, bytes: 400 })).toEqual({
      kind: 'rest',
      from: 400,
      headers: { Range: 'bytes=400-', 'If-Range': '"v1"' },
    })
  })

  it('falls back to Last-Modified when the ETag is weak or missing', () => {
    for (const etag of ['W/"v1"', null])
      expect(planRange(target, { record: { ...record, etag }, bytes: 10 })).toMatchObject({
        headers: { Range: 'bytes=10-', 'If-Range': record.lastModified },
      })
    expect(
      planRange(target, { record: { ...record, etag: null, lastModified: null }, bytes: 10 }),
    ).toEqual({ kind: 'rest', from: 10, headers: { Range: 'bytes=10-' } })
  })

  it('asks for the whole file when the bytes are for another file or too many', () => {
    const whole = { kind: 'whole', headers: {} }
    expect(planRange(target, { record: null, bytes: 500 })).toEqual(whole)
    expect(planRange(target, { record: { ...record, sha512: 'b3RoZXI=' }, bytes: 5 })).toEqual(
      whole,
    )
    expect(planRange(target, { record: { ...record, url: 'https://x.test/a' }, bytes: 5 })).toEqual(
      whole,
    )
    expect(planRange(target, { record, bytes: 0 })).toEqual(whole)
    expect(planRange(target, { record, bytes: 1001 })).toEqual(whole)
  })

  it('needs no request when every byte is kept', () => {
    expect(planRange(target, { record, bytes: 1000 })).toEqual({ kind: 'complete' })
  })
})

describe('judgeResponse', () => {
  const rest = { kind: 'rest' as const, from: 400, headers: {} }
  const whole = { kind: 'whole' as const, headers: {} }

  it('appends a 206 that continues where the kept bytes end', () => {
    const res = head(206, { 'content-range': 'bytes 400-999/1000', etag: '"v1"' })
    expect(judgeResponse(rest, record, res, target)).toEqual({ kind: 'append' })
  })

  it('starts over on a 200 (Range ignored, or If-Range saw another file)', () => {
    expect(judgeResponse(rest, record, head(200), target)).toEqual({ kind: 'restart' })
    expect(judgeResponse(whole, null, head(200), target)).toEqual({ kind: 'restart' })
  })

  it('drops the kept bytes on 416, another range, another size or another ETag', () => {
    expect(judgeResponse(rest, record, head(416), target).kind).toBe('drop')
    const other = (h: Record<string, string>) => judgeResponse(rest, record, head(206, h), target)
    expect(other({ 'content-range': 'bytes 0-999/1000' }).kind).toBe('drop')
    expect(other({ 'content-range': 'bytes 400-1199/1200' }).kind).toBe('drop')
    expect(other({ 'content-range': 'bytes 400-999/1000', etag: '"v2"' }).kind).toBe('drop')
    expect(other({}).kind).toBe('drop')
  })

  it('fails on anything else, keeping the bytes for the next check', () => {
    const fail = (why: string) => ({ kind: 'fail', why })
    expect(judgeResponse(rest, record, head(503), target)).toEqual(fail('the server answered 503'))
    expect(judgeResponse(whole, null, head(206), target)).toEqual(fail('the server answered 206'))
    expect(judgeResponse(whole, null, head(416), target)).toEqual(fail('the server answered 416'))
    // A whole file of another size than the feed's is not fetched at all.
    expect(judgeResponse(whole, null, head(200, { 'content-length': '10' }), target)).toEqual({
      ...fail('the file on the server has 10 bytes, the feed says 1000'),
      drop: true,
    })
  })
})

describe('parseContentRange', () => {
  it('reads bytes start-end/total and refuses malformed ones', () => {
    expect(parseContentRange('bytes 5-9/10')).toEqual({ start: 5, end: 9, total: 10 })
    expect(parseContentRange('bytes 5-9/*')).toEqual({ start: 5, end: 9, total: null })
    for (const bad of [null, 'bytes 9-5/10', 'bytes 5-10/10', 'items 5-9/10', 'bytes */10'])
      expect(parseContentRange(bad)).toBeNull()
  })
})
