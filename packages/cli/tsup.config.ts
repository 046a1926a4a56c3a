import { defineConfig } from 'tsup';

// One ES module for Node.js 20, run by bin/linkyard.js. Linkyard's own packages (the client and
// the formats) are bundled in, so that the package installs from its tarball alone, before they
// are published and whatever version of them a project has; the terminal libraries stay
// dependencies, installed with it from the registry.
export default defineConfig({
  entry: { cli: 'src/cli.ts' },
  format: ['esm'],
  target: 'node20',
  platform: 'node',
  noExternal: ['@linkyard/formats', '@linkyard/client'],
  clean: true,
  sourcemap: true,
});
