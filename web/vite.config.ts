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
    build: { chunkSizeWarningLimit: 1500 },
  };
});
