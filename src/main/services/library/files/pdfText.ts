/**
 * Text in the contact sheet PDF for every interface language (issues #27, #34). Latin-1 lines use
 * Helvetica; a line with Chinese, Japanese or Korean uses one of the PDF's predefined CJK fonts
 * (PDF 1.7, ISO 32000-1 §9.7.5.2 "Predefined CMaps", Adobe tech note #5078 for the font names).
 * These are not embedded (Noto CJK would be 16 MB): every reader maps them to an installed font of
 * the same character collection (Acrobat, PDFium in Chromium and Edge, Preview, poppler with
 * poppler-data, pdf.js), and the text stays text: selectable and searchable. Text is written in
 * UCS-2 through the Uni*-UCS2-H CMaps; characters past U+FFFF (emoji) print as "?".
 */

/** A predefined CJK font: the CMap that reads our UCS-2 codes and the collection it addresses. */
export interface CjkFont {
  resource: string
  baseFont: string
  cmap: string
  ordering: 'Japan1' | 'GB1' | 'Korea1'
  supplement: number
  /** CIDs of half-width glyphs (the ASCII range the UCS-2 CMaps map to): 500 units wide. */
  halfWidth: string
}

export const CJK_FONTS = {
  ja: {
    resource: 'F2',
    baseFont: 'HeiseiMin-W3',
    cmap: 'UniJIS-UCS2-H',
    ordering: 'Japan1',
    supplement: 2,
    halfWidth: '1 325 500',
  },
  zh: {
    resource: 'F3',
    baseFont: 'STSong-Light',
    cmap: 'UniGB-UCS2-H',
    ordering: 'GB1',
    supplement: 2,
    halfWidth: '1 95 500 814 939 500',
  },
  ko: {
    resource: 'F4',
    baseFont: 'HYSMyeongJo-Medium',
    cmap: 'UniKS-UCS2-H',
    ordering: 'Korea1',
    supplement: 1,
    halfWidth: '1 100 500',
  },
} as const satisfies Record<string, CjkFont>
export type CjkScript = keyof typeof CJK_FONTS

const HANGUL = /[\u1100-\u11ff\u3130-\u318f\uac00-\ud7af]/u
const KANA = /[\u3040-\u30ff\u31f0-\u31ff\uff66-\uff9f]/u

/**
 * The CJK font a line needs, or null when Helvetica prints it. Hangul means Korean and kana
 * Japanese; Han characters alone go to the Chinese collection, whose CMap covers every character
 * of the CJK Unified Ideographs block (GBK), where Japan1 lacks simplified forms (红, 笼).
 */
export function cjkScriptOf(line: string): CjkScript | null {
  if (![...line].some((ch) => ch.codePointAt(0)! > 0xff)) return null
  if (HANGUL.test(line)) return 'ko'
  if (KANA.test(line)) return 'ja'
  return 'zh'
}

/** Whether a character takes a full em (East Asian wide): two cells of a caption line. */
export function isWide(code: number): boolean {
  return (
    (code >= 0x1100 && code <= 0x115f) ||
    (code >= 0x2e80 && code <= 0xa4cf) ||
    (code >= 0xac00 && code <= 0xd7a3) ||
    (code >= 0xf900 && code <= 0xfaff) ||
    (code >= 0xfe30 && code <= 0xfe4f) ||
    (code >= 0xff00 && code <= 0xff60) ||
    (code >= 0xffe0 && code <= 0xffe6) ||
    code >= 0x20000
  )
}

/** A line as a PDF hex string of UCS-2 codes for a CJK font (past U+FFFF: "?"). */
export function ucs2Hex(line: string): string {
  let hex = ''
  for (const ch of line) {
    const code = ch.codePointAt(0)!
    hex += (code > 0xffff ? 0x3f : code).toString(16).padStart(4, '0')
  }
  return `<${hex}>`
}

/** A PDF text string (the document title): Latin-1 as a literal, anything else as UTF-16BE. */
export function pdfTextString(s: string): string {
  if ([...s].every((ch) => ch.codePointAt(0)! <= 0xff)) return latin1Literal(s)
  let hex = 'feff'
  for (let i = 0; i < s.length; i++) hex += s.charCodeAt(i).toString(16).padStart(4, '0')
  return `<${hex}>`
}

/** Latin-1 text for a PDF string literal: escaped, other characters as "?". */
export function latin1Literal(s: string): string {
  let out = ''
  for (const ch of s) {
    const code = ch.codePointAt(0)!
    const c = code >= 0x20 && code <= 0xff && code !== 0x7f ? ch : '?'
    out += c === '\\' || c === '(' || c === ')' ? `\\${c}` : c
  }
  return `(${out})`
}

/** The three objects of a predefined CJK font (Type0 → CIDFontType0 → descriptor) from `id`. */
export function cjkFontObjects(f: CjkFont, id: number): [number, string][] {
  const system = `<< /Registry (Adobe) /Ordering (${f.ordering}) /Supplement ${f.supplement} >>`
  return [
    [
      id,
      `<< /Type /Font /Subtype /Type0 /BaseFont /${f.baseFont} /Encoding /${f.cmap} /DescendantFonts [${id + 1} 0 R] >>`,
    ],
    [
      id + 1,
      `<< /Type /Font /Subtype /CIDFontType0 /BaseFont /${f.baseFont} /CIDSystemInfo ${system} /FontDescriptor ${id + 2} 0 R /DW 1000 /W [${f.halfWidth}] >>`,
    ],
    [
      id + 2,
      `<< /Type /FontDescriptor /FontName /${f.baseFont} /Flags 6 /FontBBox [-100 -200 1100 900] /ItalicAngle 0 /Ascent 880 /Descent -120 /CapHeight 700 /StemV 80 >>`,
    ],
  ]
}
