import { fileURLToPath } from 'node:url';
import { defineConfig, loadEnv } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

/** The console's build: WEB_PORT picks the dev/preview port, VITE_API_URL the api it talks to. */
export default defineConfig(({ mode }) => {
  const env = { ...loadEnv(mode, process.cwd(), ''), ...process.env };
  const port = Number(env.WEB_PORT ?? 3000);
  return {
    plugins: [react(), tailwindcss()],
    resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
    define: {
      'import.meta.env.VITE_API_URL': JSON.stringify(env.VITE_API_URL ?? 'http://localhost:8080'),
    },
    server: { port, strictPort: true },
    preview: { port, strictPort: true },
    build: {
      // exceljs (about 930 kB, fetched at an export's click) is the largest chunk.
      chunkSizeWarningLimit: 1000,
      // Maps each route's page to its chunks: bench/src/console-bundle.bench.ts reads it.
      manifest: true,
      rolldownOptions: {
        output: {
          codeSplitting: {
            // What every page needs before its own code (React, router, query cache, api client,
            // texts, socket) as one chunk instead of a dozen small ones; pages, dialogs and heavy
            // libraries stay in chunks of their own, fetched on use.
            groups: [{ name: 'app', tags: ['$initial'] }],
          },
        },
      },
    },
  };
});
