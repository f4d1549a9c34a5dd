import type { AppError } from '@shared/result'

/** The AppError a call was refused with (its AppFailure's error); fails if it was not refused. */
export async function rejection(p: Promise<unknown>): Promise<AppError> {
  try {
    await p
  } catch (e) {
    return (e as { error: AppError }).error
  }
  throw new Error('expected a failure')
}
