// Builds the console into console/dist (served by the API at /); `npm run console:dev` serves it with hot reload against an API on :8000.
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const apiUrl = process.env.NEXUS_CONSOLE_API_URL ?? 'http://127.0.0.1:8000';

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: '/',
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 900,
    rolldownOptions: {
      // Mantine marks its modules 'use client' for React Server Components; a client-only bundle has nothing to preserve.
      onwarn(warning, warn) {
        if (warning.code !== 'MODULE_LEVEL_DIRECTIVE') warn(warning);
      },
    },
  },
  server: { proxy: { '/api': apiUrl, '/docs': apiUrl } },
});
