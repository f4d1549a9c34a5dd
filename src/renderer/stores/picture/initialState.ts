import type { UpscaleJobView } from '@shared/library/upscale'

export interface PictureState {
  /** Local upscale jobs of this run of the app, by id (the Tasks screen and the viewer). */
  jobs: Record<string, UpscaleJobView>
}

export const initialState = (): PictureState => ({ jobs: {} })
