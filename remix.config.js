/** @type {import('@remix-run/dev').AppConfig} */
export default {
  // Classic compiler, ESM server build, served by server/index.ts (`remix-serve build/index.js`
  // from the @remix-run/serve devDependency serves it too).
  serverModuleFormat: 'esm',
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
