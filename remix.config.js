/** @type {import('@remix-run/dev').AppConfig} */
export default {
  // Classic compiler, ESM server build, served by server/index.ts (`remix-serve build/index.js`
  // from the @remix-run/serve devDependency serves it too).
  serverModuleFormat: 'esm',
  // The project's own modules are imported through package.json's "imports" (`#app/…`, decision
  // 062); the server build bundles them, as it would a relative import, instead of leaving them
  // to Node as it leaves the packages.
  serverDependenciesToBundle: [/^#/],
  ignoredRouteFiles: ['**/.*', '**/*.test.{ts,tsx}'],
  tailwind: true,
  postcss: false,
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    v3_lazyRouteDiscovery: true,
    v3_singleFetch: false,
  },
}
