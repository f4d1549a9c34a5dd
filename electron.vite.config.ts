import { resolve } from 'node:path'

import react from '@vitejs/plugin-react'
import { defineConfig } from 'electron-vite'

import { devCsp } from './build/devCsp'
import { i18nextEntryShim } from './build/i18nextEntryShim'

const shared = { '@shared': resolve(__dirname, 'src/shared') }

export default defineConfig({
  main: {
    resolve: { alias: shared },
    build: {
      outDir: 'out/main',
      // zod is bundled: required from node_modules it is 124 files and ~35 ms of main's start;
      // bundled it is one module evaluated with the rest (bench/startup.ts, main evaluate).
      externalizeDeps: { exclude: ['zod'] },
      rollupOptions: {
        // libraryReader: the first index's reader thread (workers/libraryReader.ts), started by
        // index.ts from beside it; a bundle of its own, sharing chunks with index where it can.
        input: {
          index: resolve(__dirname, 'src/main/index.ts'),
          libraryReader: resolve(__dirname, 'src/main/workers/libraryReader.ts'),
          // upscaler (issue #31): the local upscaling model's thread (workers/upscaler.ts).
          upscaler: resolve(__dirname, 'src/main/workers/upscaler.ts'),
          // indexWriter (issue #33): the library index writer's utility process (workers/indexWriter.ts).
          indexWriter: resolve(__dirname, 'src/main/workers/indexWriter.ts'),
        },
      },
    },
  },
  preload: {
    resolve: { alias: shared },
    build: {
      outDir: 'out/preload',
      minify: true,
      // A sandboxed preload cannot require() packages: bundle everything it uses.
      externalizeDeps: false,
      rollupOptions: {
        input: { index: resolve(__dirname, 'src/preload/index.ts') },
        output: { format: 'cjs', entryFileNames: '[name].js' },
      },
    },
  },
  renderer: {
    root: resolve(__dirname, 'src/renderer'),
    resolve: { alias: shared },
    plugins: [react(), devCsp(), i18nextEntryShim()],
    build: {
      outDir: 'out/renderer',
      minify: true,
      rollupOptions: {
        input: { index: resolve(__dirname, 'src/renderer/index.html') },
      },
    },
  },
})
