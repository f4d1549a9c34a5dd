import { api } from './client'

/**
 * The OS path of a dropped or picked file, or '' when it has none (pasted, dragged from a page)
 * or the bridge failed: callers then say the file cannot be read from here, or stage its bytes.
 */
export async function pathForFile(file: File): Promise<string> {
  try {
    return await api().pathForFile(file)
  } catch {
    return ''
  }
}
