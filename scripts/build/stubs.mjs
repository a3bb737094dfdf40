// Stand-ins for the parts of axios and viem that our configuration never runs: each import of such a part
// is answered with a line or two of code instead of the module, so that it (and what it imports) stays
// out of the bundle. test/unit/buildStubs.test.ts checks the plugin; test/unit/bundle.test.ts checks the
// parts stay out of the real bundles.

/**
 * @typedef {object} Stub
 * @property {RegExp} filter the import specifier it replaces (`form-data`, `./fetch.js`)
 * @property {RegExp} [importer] only when imported from a file whose path matches (all importers if absent)
 * @property {string} contents the module's stand-in, JavaScript
 */

/**
 * An esbuild plugin named `name` that resolves every import matching one of `stubs` to the stub's
 * `contents`, in a namespace of its own (so no file on disk is read and nothing it would import follows);
 * a stub imported dynamically becomes a chunk named `<name>-<index>`.
 * An import that matches no stub, or matches one from another importer, resolves as usual.
 * @param {string} name
 * @param {Stub[]} stubs
 * @returns {import('esbuild').Plugin}
 */
export function stubModules(name, stubs) {
  return {
    name,
    setup(build) {
      stubs.forEach((stub, i) => {
        build.onResolve({ filter: stub.filter }, (args) =>
          !stub.importer || stub.importer.test(args.importer) ? { path: `${name}-${i}`, namespace: name } : undefined,
        );
      });
      build.onLoad({ filter: /.*/, namespace: name }, (args) => ({ contents: stubs[Number(args.path.slice(name.length + 1))].contents, loader: 'js' }));
    },
  };
}

const axiosAdapters = /axios[\\/]lib[\\/]adapters/;

/**
 * Parts of axios our configuration never runs:
 * - `form-data` (and `mime-db`, ~140 KB): multipart uploads; we only post JSON;
 * - `follow-redirects`: we set `maxRedirects: 0` (a redirect would carry the key elsewhere), and then
 *   axios uses Node's own http/https;
 * - the `fetch` and `xhr` adapters: we set `adapter: 'http'`; the fetch adapter's module setup alone
 *   makes Node load its fetch implementation;
 * - `proxy-from-env` and `https-proxy-agent`: we set `proxy: false`; VS Code's proxy support routes
 *   requests made with Node's default agent (core/transport.ts).
 * @type {Stub[]}
 */
export const axiosStubs = [
  { filter: /^form-data$/, contents: 'module.exports = class FormData {};' },
  { filter: /^follow-redirects$/, contents: 'module.exports = { http: undefined, https: undefined };' },
  { filter: /^proxy-from-env$/, contents: "export function getProxyForUrl() { return ''; }" },
  {
    filter: /^https-proxy-agent$/,
    contents: "module.exports = class HttpsProxyAgent { constructor() { throw new Error('not bundled: proxy is false'); } };",
  },
  { filter: /^\.\/fetch\.js$/, importer: axiosAdapters, contents: 'export const getFetch = () => undefined; export default undefined;' },
  { filter: /^\.\/xhr\.js$/, importer: axiosAdapters, contents: 'export default false;' },
];

const fromViem = /[\\/]node_modules[\\/]viem[\\/]/;

/**
 * viem (the ABI coder the transaction page decodes with) reaches through its index files some modules it
 * imports only dynamically, which a split build must then emit as chunks of their own, with all they
 * import: CCIP-Read (offchain lookups of `eth_call`, which pulls in viem's whole `call` action), the
 * WebSocket transport (`isows` and `ws`) and signature recovery (`@noble/curves/secp256k1`). We only
 * decode and encode ABI data and hash signatures, so none of them ever runs.
 * @type {Stub[]}
 */
export const viemStubs = [
  {
    filter: /\/ccip\.js$/,
    importer: fromViem,
    contents:
      'export const offchainLookupSignature = "0x556f1830"; export const offchainLookup = undefined, offchainLookupAbiItem = undefined, ccipRequest = undefined;',
  },
  { filter: /^isows$/, importer: fromViem, contents: 'export const WebSocket = undefined;' },
  { filter: /^@noble\/curves\/secp256k1$/, importer: fromViem, contents: 'export const secp256k1 = undefined;' },
];
