import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? '3000'}`;

export default defineConfig(({ isSsrBuild }) => ({
  root: 'src/web',
  publicDir: 'public',
  plugins: [react(), tailwindcss()],
  build: {
    outDir: '../../dist/web',
    emptyOutDir: true,
    // The public files are served from dist/web only.
    copyPublicDir: !isSsrBuild,
    sourcemap: true,
    // The server reads it to preload each route's chunks (src/server/web/route-preloads.ts).
    manifest: true,
    rolldownOptions: {
      output: {
        // Zod and the Markdown renderer in chunks of their own, named, so that bench/start-and-size.mjs
        // can hold them out of the first paint and of the screens the server renders.
        codeSplitting: {
          groups: [
            { name: 'zod', test: /node_modules[\\/]zod[\\/]/ },
            { name: 'markdown', test: /node_modules[\\/](markdown-it|linkify-it|mdurl|uc\.micro|entities|punycode\.js)[\\/]/ },
          ],
        },
      },
    },
  },
  // The server renderer (src/web/server/render-on-server.tsx) carries its packages in its own
  // bundle, built for production: it needs nothing from node_modules when the server loads it.
  ssr: { noExternal: true },
  // Vite leaves process.env alone in a server build: without this, React's development build runs there.
  define: isSsrBuild ? { 'process.env.NODE_ENV': JSON.stringify('production') } : {},
  server: {
    port: 5173,
    strictPort: true,
    proxy: { '/api': apiTarget, '/play': apiTarget, '/media': apiTarget, '/dev/outbox': apiTarget },
  },
}));
