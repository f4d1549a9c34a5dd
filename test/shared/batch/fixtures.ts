/** Valid base requests of each kind, as the forms send them, for the batch planner tests. */
import type { SubmitTaskInput } from '@shared/tasks/submit'

export const nativeBase = (parameters: Record<string, unknown> = {}): SubmitTaskInput => ({
  kind: 'native',
  requestId: 'req_0123456789',
  overrideBudget: true,
  request: {
    input: 'a red fox in snow',
    model: 'art-diffusion-4-5-full',
    action: 'generate',
    parameters: {
      width: 1024,
      height: 1024,
      steps: 23,
      n_samples: 1,
      scale: 5,
      sampler: 'k_euler',
      negative_prompt: '',
      ...parameters,
    },
  },
})

export const workbenchBase = (extra: Record<string, unknown> = {}): SubmitTaskInput => ({
  kind: 'workbench',
  requestId: 'req_0123456789',
  quote: { quoteId: 'q-1', priceUsd: 0.02 },
  request: {
    model: 'art-v4.5',
    model_variant: 'art-diffusion-4-5-full',
    prompt: 'a red fox in snow',
    negative_prompt: '',
    width: 1024,
    height: 1024,
    steps: 23,
    count: 1,
    ...extra,
  },
})

export const imageBase = (): SubmitTaskInput => ({
  kind: 'image',
  request: { model: 'std-image-2', prompt: 'a red fox', size: '1024x1024', quality: 'low' },
})

export const videoBase = (): SubmitTaskInput => ({
  kind: 'video',
  request: {
    model: 'motion-2.5',
    prompt: 'a red fox runs',
    duration: 5,
    resolution: '720p',
    aspect_ratio: '16:9',
  },
})
