import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

// The dashboard is served by the service at /dashboard/ (apps/api/src/dashboard): every asset has a
// content hash in its name, so it may be cached for good; index.html is never cached.
export default defineConfig({
  base: '/dashboard/',
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // No inline script anywhere: the page's policy allows only its own files ('self').
    modulePreload: { polyfill: false },
    assetsInlineLimit: 0,
    sourcemap: false,
    target: 'es2022',
    rollupOptions: {
      // The app, and the frame the bio page editor shows its preview in (src/bio-preview.ts).
      input: {
        index: fileURLToPath(new URL('index.html', import.meta.url)),
        'bio-preview': fileURLToPath(new URL('bio-preview.html', import.meta.url)),
      },
    },
  },
  // The web app's own tests (pure functions: draft models, formats, the invalidation map): pnpm test runs them.
  test: { include: ['src/**/*.test.ts'], environment: 'node' },
  server: {
    // `pnpm --filter @linkyard/web dev`: the API of a service started with `pnpm start`.
    proxy: { '/l/api': 'http://localhost:3000' },
  },
});
