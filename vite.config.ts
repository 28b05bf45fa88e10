import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { endpoints } from '#contract/endpoints';
import { feeds } from '#contract/feeds';

const serverUrl = process.env.SERVER_URL ?? `http://localhost:${process.env.PORT ?? 8080}`;

/** In development every call of the contract and every feed is proxied to the reference server. */
function contractProxy() {
  const proxy: Record<string, { target: string; ws?: boolean; bypass?: (req: { headers: Record<string, unknown> }) => string | undefined }> = {};
  for (const { path } of Object.values(endpoints)) {
    proxy[`^${path}(\\?.*)?$`] = {
      target: serverUrl,
      // a browser navigation to a console route (e.g. /api) is the console's, not the server's
      bypass: (req) => (String(req.headers.accept ?? '').includes('text/html') ? '/index.html' : undefined),
    };
  }
  for (const { path } of Object.values(feeds)) proxy[`^${path}(\\?.*)?$`] = { target: serverUrl, ws: true };
  return proxy;
}

/** At build time, the module `source` is replaced by `code`. */
function buildStub(source: string, code: string) {
  const id = `\0stub:${source}`;
  return {
    name: `stub-${source}`,
    apply: 'build' as const,
    enforce: 'pre' as const,
    resolveId: (imported: string) => (imported === source ? id : null),
    load: (loaded: string) => (loaded === id ? code : null),
  };
}

/** antd's rc-resize-observer imports resize-observer-polyfill (~7 KB minified); the build uses the native one. */
const nativeResizeObserver = () => buildStub('resize-observer-polyfill', 'export default globalThis.ResizeObserver;');

/**
 * The chart engine (@ant-design/charts → G2 → @antv/g) imports html2canvas (~200 KB minified) only to
 * export a chart with its HTML overlays as an image, which the console never does; the build ships a
 * stub that refuses instead.
 */
const noChartImageExport = () => buildStub('html2canvas', "export default () => Promise.reject(new Error('chart image export is not built in'));");

/** The login forms' inputs without the rest of antd's Input (src/components/auth-forms/antd-inputs.ts): /login's budget. */
const loginInputsAlone = () =>
  buildStub('./antd-inputs', "export { default as TextInput } from 'antd/es/input/Input';\nexport { default as PasswordInput } from 'antd/es/input/Password';");

/**
 * `antd/locale/zh_CN` is antd's CommonJS build (antd/lib: its date-picker, time-picker, calendar, rc-picker
 * and rc-pagination texts again, wrapped for interop) in the entry chunk; the build takes the ES modules
 * instead. The prerender (Node) keeps antd/lib, since Node cannot load `antd/es` modules.
 */
const antdLocalesAsModules = (): Plugin => ({
  name: 'antd-locales-as-modules',
  apply: 'build',
  enforce: 'pre',
  resolveId(source, importer) {
    const locale = /^antd\/locale\/(\w+)$/.exec(source);
    return locale ? this.resolve(`antd/es/locale/${locale[1]}`, importer, { skipSelf: true }) : null;
  },
});

export default defineConfig({
  plugins: [react(), nativeResizeObserver(), noChartImageExport(), loginInputsAlone(), antdLocalesAsModules()],
  // @ant-design/plots imports named functions from CommonJS lodash, which cannot be tree-shaken: the
  // same functions from lodash-es can (the chart chunk loses ~60 KB minified)
  resolve: { alias: [{ find: /^lodash$/, replacement: 'lodash-es' }] },
  server: { proxy: contractProxy() },
  build: {
    chunkSizeWarningLimit: 2000,
    // scripts/compress.ts writes the .br/.gz files and bench/ measures the bytes as sent: vite's own gzip of every
    // chunk, only to print its size, was seconds of each build's CPU
    reportCompressedSize: false,
    // the manifest tells scripts/prerender.ts which chunks each route needs (its modulepreload links)
    manifest: true,
    // every browser the console supports has modulepreload and ResizeObserver: no polyfills shipped
    modulePreload: { polyfill: false },
  },
});
