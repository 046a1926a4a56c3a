import { defineConfig } from 'tsup';

// ES module and CommonJS builds with their declarations, for the service (CommonJS, compiled by tsc)
// and anything that imports it as an ES module. The package has no runtime dependency to bundle.
export default defineConfig({
  // The import worker is an entry of its own: the service starts it as a worker thread by its file.
  entry: ['src/index.ts', 'src/import-worker.ts'],
  format: ['esm', 'cjs'],
  // The API document's types are inlined into the declarations: the package needs no @linkyard/spec at run time.
  dts: { resolve: ['@linkyard/spec'] },
  platform: 'node',
  target: 'es2022',
  clean: true,
  sourcemap: true,
});
