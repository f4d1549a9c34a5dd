/**
 * XMP packets: the one metadata format every image and video tool reads (exiftool, Lightroom,
 * Windows Explorer, social sites). We write the IPTC digital source type that labels a file as
 * made by a trained model, the prompt as dc:description, the A1111-style settings line as
 * exif:UserComment and our own settings JSON in a namespace of ours, and read all four back.
 */

/** IPTC NewsCodes term for media created by a trained algorithm (generative AI). */
export const TRAINED_ALGORITHMIC_MEDIA =
  'http://cv.iptc.org/newscodes/digitalsourcetype/trainedAlgorithmicMedia'
const NS_GEN_STUDIO = 'https://gen-studio.app/ns/xmp/1.0/'

/** What a packet carries; each part is optional so prompts can be left out. */
export interface XmpFields {
  /** The prompt (dc:description). */
  description?: string
  /** A1111-format settings text (exif:UserComment). */
  parameters?: string
  /** Our settings JSON (genstudio:settings). */
  settings?: string
  creatorTool?: string
}

/** XML 1.0 text: markup characters escaped, characters XML cannot hold dropped. */
export function xmlText(s: string): string {
  return s
    .replace(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;')
}

const langAlt = (tag: string, value: string) =>
  `<${tag}><rdf:Alt><rdf:li xml:lang="x-default">${xmlText(value)}</rdf:li></rdf:Alt></${tag}>`

/** A complete XMP packet (with the xpacket wrapper that JPEG/PNG/WebP/MP4 embedding expects). */
export function buildXmp(fields: XmpFields): string {
  const props = [
    `<Iptc4xmpExt:DigitalSourceType>${TRAINED_ALGORITHMIC_MEDIA}</Iptc4xmpExt:DigitalSourceType>`,
    fields.creatorTool ? `<xmp:CreatorTool>${xmlText(fields.creatorTool)}</xmp:CreatorTool>` : '',
    fields.description !== undefined ? langAlt('dc:description', fields.description) : '',
    fields.parameters !== undefined ? langAlt('exif:UserComment', fields.parameters) : '',
    fields.settings !== undefined
      ? `<genstudio:settings>${xmlText(fields.settings)}</genstudio:settings>`
      : '',
  ].filter(Boolean)
  return (
    '<?xpacket begin="\uFEFF" id="W5M0MpCehiHzreSzNTczkc9d"?>\n' +
    '<x:xmpmeta xmlns:x="adobe:ns:meta/">\n' +
    '<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">\n' +
    '<rdf:Description rdf:about=""' +
    ' xmlns:dc="http://purl.org/dc/elements/1.1/"' +
    ' xmlns:xmp="http://ns.adobe.com/xap/1.0/"' +
    ' xmlns:exif="http://ns.adobe.com/exif/1.0/"' +
    ' xmlns:Iptc4xmpExt="http://iptc.org/std/Iptc4xmpExt/2008-02-29/"' +
    ` xmlns:genstudio="${NS_GEN_STUDIO}">\n` +
    props.join('\n') +
    '\n</rdf:Description>\n</rdf:RDF>\n</x:xmpmeta>\n' +
    '<?xpacket end="w"?>'
  )
}

/** What a packet read back holds (only the parts we map onto settings). */
export interface XmpRead {
  sourceType?: string
  description?: string
  parameters?: string
  settings?: string
}

/** Longest packet looked at: bigger ones are cut (regexes below stay linear on what is kept). */
export const MAX_XMP_CHARS = 512 * 1024

function unescapeXml(s: string): string {
  return s.replace(/&(#x[0-9a-f]+|#\d+|amp|lt|gt|quot|apos);/gi, (_, e: string) => {
    const l = e.toLowerCase()
    if (l === 'amp') return '&'
    if (l === 'lt') return '<'
    if (l === 'gt') return '>'
    if (l === 'quot') return '"'
    if (l === 'apos') return "'"
    const code = l.startsWith('#x') ? parseInt(l.slice(2), 16) : parseInt(l.slice(1), 10)
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : ''
  })
}

/** An element's text, or the x-default (else first) rdf:li inside it; or an attribute form. */
function property(xml: string, qname: string): string | undefined {
  const esc = qname.replace(':', '\\:')
  const el = new RegExp(`<${esc}(?:\\s[^>]*)?>([\\s\\S]*?)</${esc}>`).exec(xml)
  if (el) {
    const inner = el[1]!
    const items = [...inner.matchAll(/<rdf:li([^>]*)>([\s\S]*?)<\/rdf:li>/g)]
    if (items.length) {
      const pick = items.find((m) => /x-default/.test(m[1]!)) ?? items[0]!
      return unescapeXml(pick[2]!)
    }
    return unescapeXml(inner.trim())
  }
  const attr = new RegExp(`\\s${esc}\\s*=\\s*"([^"]*)"`).exec(xml)
  return attr ? unescapeXml(attr[1]!) : undefined
}

/** Reads the properties we map from any XMP packet (ours, Adobe's, another generator's). */
export function readXmp(packet: string): XmpRead {
  const xml = packet.length > MAX_XMP_CHARS ? packet.slice(0, MAX_XMP_CHARS) : packet
  const out: XmpRead = {}
  const sourceType = property(xml, 'Iptc4xmpExt:DigitalSourceType')
  if (sourceType) out.sourceType = sourceType
  const description = property(xml, 'dc:description')
  if (description !== undefined) out.description = description
  const parameters = property(xml, 'exif:UserComment')
  if (parameters !== undefined) out.parameters = parameters
  const settings = property(xml, 'genstudio:settings')
  if (settings !== undefined) out.settings = settings
  return out
}
