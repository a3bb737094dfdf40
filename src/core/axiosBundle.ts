// The entry of dist/axios.js (see esbuild.mjs): axios on its own, loaded by the first request
// (core/transport.ts imports this module dynamically).
export * from 'axios';
export { default } from 'axios';
