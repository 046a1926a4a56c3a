import { defineConfig } from 'tsup';

// One executable ES module for Node.js 20. @linkyard/formats is private to this repository, so its
// code is bundled in; the published dependencies stay external and are installed with the package.
export default defineConfig({
  entry: { cli: 'src/cli.ts' },
  format: ['esm'],
  target: 'node20',
  platform: 'node',
  noExternal: ['@linkyard/formats'],
  banner: { js: '#!/usr/bin/env node' },
  clean: true,
  sourcemap: true,
});
