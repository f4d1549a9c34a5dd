/**
 * What the media protocol serves library files and thumbnails from (src/main/protocols/
 * mediaProtocol.ts): the library keeps the folders, the protocol layer serves them. Both roots are
 * re-read per request, since the library folder can change.
 */
export interface MediaSource {
  /** The library folder (absolute). */
  libraryDir(): string
  /** The thumbnail cache folder (absolute). */
  thumbDir(): string
  /** The thumbnail file of an item, made on demand; null when there is none (e.g. a video without poster). */
  thumbPath(id: string): Promise<string | null>
}
