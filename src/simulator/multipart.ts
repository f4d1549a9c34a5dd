/**
 * A strict multipart/form-data parser for the simulator's buffered request bodies (edits and
 * assets). The server side must refuse what a careless client sends: no boundary, JSON instead
 * of multipart, or malformed parts all give 400.
 */
import { SimError } from './errors'

export interface MultipartPart {
  name: string
  filename: string | null
  contentType: string | null
  data: Buffer
}

/** The boundary from a Content-Type header, or a 400 naming the header. */
export function boundaryOf(contentType: string | undefined): string {
  const ct = contentType ?? ''
  if (!/^multipart\/form-data\s*(;|$)/i.test(ct)) {
    throw new SimError(400, 'invalid_content_type', 'The request must be multipart/form-data', {
      param: 'Content-Type',
    })
  }
  const m = /;\s*boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(ct)
  const boundary = m?.[1] ?? m?.[2]
  if (!boundary) {
    throw new SimError(400, 'invalid_content_type', 'The multipart Content-Type has no boundary', {
      param: 'Content-Type',
    })
  }
  return boundary
}

const malformed = () =>
  new SimError(400, 'invalid_multipart', 'The multipart body is malformed', { param: 'body' })

function parseHeaders(block: string): Record<string, string> {
  const out: Record<string, string> = {}
  for (const line of block.split('\r\n')) {
    const i = line.indexOf(':')
    if (i > 0) out[line.slice(0, i).trim().toLowerCase()] = line.slice(i + 1).trim()
  }
  return out
}

const param = (header: string, name: string): string | null => {
  const m = new RegExp(`;\\s*${name}="((?:[^"\\\\]|\\\\.)*)"`, 'i').exec(header)
  if (m) return (m[1] ?? '').replace(/\\(.)/g, '$1')
  const bare = new RegExp(`;\\s*${name}=([^;\\s]+)`, 'i').exec(header)
  return bare?.[1] ?? null
}

export function parseMultipart(body: Buffer, contentType: string | undefined): MultipartPart[] {
  const boundary = boundaryOf(contentType)
  const delimiter = Buffer.from(`--${boundary}`)
  const parts: MultipartPart[] = []
  let at = body.indexOf(delimiter)
  if (at < 0) throw malformed()
  for (;;) {
    at += delimiter.length
    if (body[at] === 0x2d && body[at + 1] === 0x2d) return parts // closing delimiter
    if (body[at] !== 0x0d || body[at + 1] !== 0x0a) throw malformed()
    at += 2
    const headerEnd = body.indexOf('\r\n\r\n', at)
    if (headerEnd < 0) throw malformed()
    const headers = parseHeaders(body.subarray(at, headerEnd).toString('utf8'))
    const dataStart = headerEnd + 4
    const next = body.indexOf(Buffer.concat([Buffer.from('\r\n'), delimiter]), dataStart)
    if (next < 0) throw malformed()
    const disposition = headers['content-disposition'] ?? ''
    const name = param(disposition, 'name')
    if (!/^form-data/i.test(disposition) || name === null) throw malformed()
    parts.push({
      name,
      filename: param(disposition, 'filename'),
      contentType: headers['content-type'] ?? null,
      data: body.subarray(dataStart, next),
    })
    at = next + 2
  }
}
