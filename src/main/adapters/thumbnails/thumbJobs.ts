import { availableParallelism } from 'node:os'

/** libuv's thread pool, which sharp's jobs and every fs call share (4 unless set at launch). */
const POOL = Number(process.env.UV_THREADPOOL_SIZE) || 4

/**
 * Thumbnails made at once for `cores` cores and a libuv pool of `pool` threads: one per core and
 * one more, so the cores stay busy through each job's file reads and writes (on two cores, 3 at
 * once made 150–165/s against 130–150/s at 2: `THUMB_JOBS_SWEEP=1 npm run bench -- thumbnails`),
 * but never the whole pool: sharp runs each job on a pool thread, and the library's fs calls
 * need one. The pool's size can only be set before the process starts (an in-process
 * `process.env.UV_THREADPOOL_SIZE` is not guaranteed to apply:
 * https://github.com/nodejs/node/pull/55832), so past that, more cores go to each job's libvips
 * threads instead (vipsThreads). Memory stays bounded: a few decoded pictures at a time.
 */
export function thumbJobs(cores: number, pool: number): number {
  return Math.max(2, Math.min(cores + 1, pool - 1))
}

/**
 * libvips threads per picture: the cores the jobs leave, shared out among them (1 on two cores,
 * 2 on eight, at most 4). sharp defaults to 1 on glibc Linux without jemalloc, against memory
 * fragmentation (https://sharp.pixelplumbing.com/api-utility#concurrency), so a few more per
 * job only where the cores would otherwise idle.
 */
export function vipsThreads(cores: number, jobs: number): number {
  return Math.max(1, Math.min(4, Math.floor(cores / jobs)))
}

/** This machine's cores (os.availableParallelism: what the process may use, not all it has). */
export const CORES = availableParallelism()

/** Thumbnails made at once on this machine (see thumbJobs). */
export const THUMB_JOBS = thumbJobs(CORES, POOL)
