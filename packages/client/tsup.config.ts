import { defineConfig } from 'tsup';

// ES module and CommonJS builds with their declarations. openapi-fetch's code is bundled: its
// CommonJS build has only a default export, which a CommonJS build of ours could not import the way
// its ES module build does. It stays a dependency for its types (the client's type is its Client);
// the API's types are inlined.
export default defineConfig({
  entry: ['src/index.ts'],
  format: ['esm', 'cjs'],
  noExternal: ['openapi-fetch'],
  dts: { resolve: ['@linkyard/spec'] },
  target: 'es2022',
  platform: 'neutral',
  clean: true,
  sourcemap: true,
});
