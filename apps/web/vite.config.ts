import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';

const contractSource = /[\\/]packages[\\/]contract[\\/]src[\\/][^\\/]+\.ts$/;
const summary = /(^[ \t]*summary: ('(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*"),\n| summary: ('(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*"),)/gm;

/**
 * A route's `summary` is for the API reference the server serves; the
 * browser never reads it, so the app's chunks (public pages among them) do
 * not carry it.
 */
function stripRouteSummaries(): Plugin {
  return {
    name: 'strip-route-summaries',
    enforce: 'pre',
    transform(code, id) {
      if (!contractSource.test(id) || !code.includes('summary: ')) return null;
      return { code: code.replace(summary, ''), map: null };
    },
  };
}

export default defineConfig({
  plugins: [react(), stripRouteSummaries()],
  build: {
    outDir: 'dist',
    target: 'es2020',
    sourcemap: false,
    reportCompressedSize: false,
    chunkSizeWarningLimit: 400,
  },
  server: {
    proxy: {
      '/api': 'http://localhost:3000',
      '/socket.io': { target: 'ws://localhost:3000', ws: true },
    },
  },
});
