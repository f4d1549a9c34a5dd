/// <reference types="vite/client" />
/// <reference path="../preload/api.d.ts" />
