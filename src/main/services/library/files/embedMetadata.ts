/**
 * Puts our metadata into (or takes all metadata out of) an image's bytes, per format, without
 * re-encoding: PNG text chunks (NovelAI-style, ours, A1111 `parameters`, XMP), JPEG APP1 XMP and
 * EXIF UserComment, WebP XMP and EXIF chunks. Videos go through mp4File.ts.
 */
import { a1111Parameters } from '@shared/library/meta/a1111'
import { fittedXmp, pngEntriesFor, withoutPrompts } from '@shared/library/meta/embed'
import { gifWithoutMetadata } from '@shared/library/meta/gif'
import {
  exifWithUserComment,
  jpegWithMetadata,
  jpegWithoutMetadata,
  MAX_JPEG_XMP_BYTES,
} from '@shared/library/meta/jpeg'
import { webpWithMetadata } from '@shared/library/meta/webp'
import { concatBytes, readPngChunks, writePngText } from '@shared/library/pngChunks'
import type { EmbeddedSettings } from '@shared/library/settings'
import type { MediaExt } from '@shared/library/types'

/** PNG chunks that carry metadata (text, EXIF, time): what "without metadata" drops. */
const PNG_META = new Set(['tEXt', 'iTXt', 'zTXt', 'eXIf', 'tIME'])

/** The image with our metadata; formats without a writer here come back unchanged. */
export function embedInImage(
  ext: MediaExt,
  bytes: Uint8Array,
  settings: EmbeddedSettings,
  includePrompts: boolean,
): Uint8Array {
  // Without prompts, whatever text the file came with goes first (the service's own NovelAI-style
  // chunks repeat the prompt under keywords we would otherwise leave alone).
  if (!includePrompts) bytes = stripImage(ext, bytes)
  if (ext === 'png') return writePngText(bytes, pngEntriesFor(settings, includePrompts))
  const s = includePrompts ? settings : withoutPrompts(settings)
  const parameters = a1111Parameters(s, includePrompts)
  if (ext === 'jpg' || ext === 'jpeg') {
    return jpegWithMetadata(bytes, {
      xmp: fittedXmp(settings, includePrompts, MAX_JPEG_XMP_BYTES),
      userComment: parameters,
    })
  }
  if (ext === 'webp') {
    return webpWithMetadata(bytes, {
      xmp: fittedXmp(settings, includePrompts, Number.MAX_SAFE_INTEGER),
      exif: exifWithUserComment(parameters).subarray(6),
    })
  }
  return bytes
}

/** The image with every metadata block removed ("export without metadata"). */
export function stripImage(ext: MediaExt, bytes: Uint8Array): Uint8Array {
  if (ext === 'png') {
    const parts: Uint8Array[] = [bytes.subarray(0, 8)]
    for (const c of readPngChunks(bytes, false)) {
      if (!PNG_META.has(c.type)) parts.push(bytes.subarray(c.offset, c.offset + 12 + c.data.length))
    }
    return concatBytes(parts)
  }
  if (ext === 'jpg' || ext === 'jpeg') return jpegWithoutMetadata(bytes)
  if (ext === 'webp') return webpWithMetadata(bytes, { xmp: null, exif: null })
  if (ext === 'gif') return gifWithoutMetadata(bytes)
  return bytes
}
