import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? '3000'}`;

export default defineConfig({
  root: 'src/web',
  publicDir: 'public',
  plugins: [react(), tailwindcss()],
  build: {
    outDir: '../../dist/web',
    emptyOutDir: true,
    sourcemap: true,
    // The server reads it to preload each route's chunks (src/server/web/route-preloads.ts).
    manifest: true,
    rolldownOptions: {
      output: {
        // Zod in a chunk of its own, named, so that bench/start-and-size.mjs can hold it out of the first paint.
        codeSplitting: { groups: [{ name: 'zod', test: /node_modules[\\/]zod[\\/]/ }] },
      },
    },
  },
  server: {
    port: 5173,
    strictPort: true,
    proxy: { '/api': apiTarget, '/play': apiTarget, '/media': apiTarget, '/dev/outbox': apiTarget },
  },
});
