/**
 * A minimal PDF 1.4 writer for the contact sheet: A4 pages of JPEG tiles (DCTDecode, embedded as
 * they are) with the prompt and settings under each. Written by hand: no PDF library ships with
 * the app, and the format needs only objects, streams and a cross-reference table. Latin text is
 * in Helvetica; Chinese, Japanese and Korean in the PDF's predefined CJK fonts (pdfText.ts). Other
 * scripts that Latin-1 lacks (Cyrillic, Arabic…) still print as "?".
 */
import { concatBytes } from '@shared/library/pngChunks'

import {
  CJK_FONTS,
  cjkFontObjects,
  type CjkScript,
  cjkScriptOf,
  latin1Literal,
  pdfTextString,
  ucs2Hex,
} from './pdfText'

export interface PdfTile {
  jpeg: Uint8Array
  /** Pixel size of the JPEG. */
  width: number
  height: number
  /** Lines printed under the tile (already cut to fit). */
  lines: string[]
}

const PAGE_W = 595
const PAGE_H = 842
const MARGIN = 36
const COLS = 3
const ROWS = 3
const GAP = 12
const FONT = 7
const LEADING = 8.5
/** Lines of caption under each tile. */
export const PDF_CAPTION_LINES = 6
/**
 * Cells of 7 pt type that fit one caption line: a Latin glyph is about 0.5 em (one cell), a CJK
 * one a full em (two cells: pdfText.ts `isWide`).
 */
export const PDF_CAPTION_CHARS = Math.floor(
  (PAGE_W - 2 * MARGIN - (COLS - 1) * GAP) / COLS / (FONT * 0.5),
)

/** The PDF file for the tiles, in order, COLS × ROWS to a page. */
export function contactSheetPdf(tiles: PdfTile[], title: string): Uint8Array {
  const chunks: Uint8Array[] = []
  const offsets: number[] = []
  let size = 0
  const enc = (s: string) => Uint8Array.from(s, (c) => c.charCodeAt(0) & 0xff)
  const push = (b: Uint8Array) => {
    chunks.push(b)
    size += b.length
  }
  const obj = (id: number, body: string, stream?: Uint8Array) => {
    offsets[id] = size
    push(enc(`${id} 0 obj\n${body}\n`))
    if (stream) {
      push(enc('stream\n'))
      push(stream)
      push(enc('\nendstream\n'))
    }
    push(enc('endobj\n'))
  }
  const perPage = COLS * ROWS
  const pages = Math.max(1, Math.ceil(tiles.length / perPage))
  // 1 catalog, 2 pages, 3 font, 4 info; then per page: page, content; then one per image.
  const pageId = (p: number) => 5 + p * 2
  const imageId = (i: number) => 5 + pages * 2 + i
  // After the images: three objects for each CJK font (ja, zh, ko), referenced by every page.
  const scripts = Object.keys(CJK_FONTS) as CjkScript[]
  const fontId = (k: number) => imageId(tiles.length) + k * 3
  const fonts = [
    '/F1 3 0 R',
    ...scripts.map((sc, k) => `/${CJK_FONTS[sc].resource} ${fontId(k)} 0 R`),
  ].join(' ')
  const textOp = (line: string) => {
    const script = cjkScriptOf(line)
    return script
      ? `/${CJK_FONTS[script].resource} ${FONT} Tf ${ucs2Hex(line)} Tj`
      : `/F1 ${FONT} Tf ${latin1Literal(line)} Tj`
  }
  push(enc('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n'))
  obj(1, '<< /Type /Catalog /Pages 2 0 R >>')
  obj(
    2,
    `<< /Type /Pages /Count ${pages} /Kids [${Array.from({ length: pages }, (_, p) => `${pageId(p)} 0 R`).join(' ')}] >>`,
  )
  obj(3, '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>')
  obj(4, `<< /Title ${pdfTextString(title)} /Producer (Gen Studio) >>`)
  const tileW = (PAGE_W - 2 * MARGIN - (COLS - 1) * GAP) / COLS
  const tileH = (PAGE_H - 2 * MARGIN - (ROWS - 1) * GAP) / ROWS
  const imageBox = tileH - PDF_CAPTION_LINES * LEADING - 4
  for (let p = 0; p < pages; p++) {
    const ops: string[] = []
    const xobjects: string[] = []
    tiles.slice(p * perPage, (p + 1) * perPage).forEach((t, k) => {
      const i = p * perPage + k
      const x0 = MARGIN + (k % COLS) * (tileW + GAP)
      const yTop = PAGE_H - MARGIN - Math.floor(k / COLS) * (tileH + GAP)
      const scale = Math.min(tileW / t.width, imageBox / t.height)
      const w = t.width * scale
      const h = t.height * scale
      const x = x0 + (tileW - w) / 2
      const y = yTop - imageBox + (imageBox - h) / 2
      xobjects.push(`/Im${i} ${imageId(i)} 0 R`)
      ops.push(
        `q ${w.toFixed(2)} 0 0 ${h.toFixed(2)} ${x.toFixed(2)} ${y.toFixed(2)} cm /Im${i} Do Q`,
      )
      t.lines.slice(0, PDF_CAPTION_LINES).forEach((line, n) => {
        const ty = yTop - imageBox - 4 - (n + 1) * LEADING + 2
        ops.push(`BT ${x0.toFixed(2)} ${ty.toFixed(2)} Td ${textOp(line)} ET`)
      })
    })
    obj(
      pageId(p),
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${PAGE_W} ${PAGE_H}] /Contents ${pageId(p) + 1} 0 R /Resources << /Font << ${fonts} >> /XObject << ${xobjects.join(' ')} >> >> >>`,
    )
    const content = enc(ops.join('\n'))
    obj(pageId(p) + 1, `<< /Length ${content.length} >>`, content)
  }
  tiles.forEach((t, i) =>
    obj(
      imageId(i),
      `<< /Type /XObject /Subtype /Image /Width ${t.width} /Height ${t.height} /ColorSpace /DeviceRGB /BitsPerComponent 8 /Filter /DCTDecode /Length ${t.jpeg.length} >>`,
      t.jpeg,
    ),
  )
  scripts.forEach((sc, k) => {
    for (const [id, body] of cjkFontObjects(CJK_FONTS[sc], fontId(k))) obj(id, body)
  })
  const count = fontId(scripts.length)
  const xref = size
  let table = `xref\n0 ${count}\n0000000000 65535 f \n`
  for (let id = 1; id < count; id++) table += `${String(offsets[id]).padStart(10, '0')} 00000 n \n`
  push(
    enc(
      `${table}trailer\n<< /Size ${count} /Root 1 0 R /Info 4 0 R >>\nstartxref\n${xref}\n%%EOF\n`,
    ),
  )
  return concatBytes(chunks)
}
