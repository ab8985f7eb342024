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

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), stripRouteSummaries()],
  build: {
    outDir: 'dist',
    target: 'es2020',
    sourcemap: false,
    reportCompressedSize: false,
    chunkSizeWarningLimit: 400,
    // The server reads which files each page loads (modulepreload, budgets).
    manifest: true,
    // The app, and one light entry per server-rendered public page (the
    // server-rendering build names its own inputs, see build.mjs).
    rollupOptions: isSsrBuild
      ? {}
      : {
          input: {
            index: 'index.html',
            utm: 'pages/utm.html',
            application: 'pages/application.html',
            fb: 'pages/fb.html',
            // One entry per signed-in area a link opens (its routes only, no other area's).
            team: 'pages/team.html',
            partner: 'pages/partner.html',
          },
        },
  },
  // The server-rendering bundle is self-contained: it runs from any build directory.
  ssr: { noExternal: true },
  server: {
    proxy: {
      '/api': 'http://localhost:3000',
      '/socket.io': { target: 'ws://localhost:3000', ws: true },
    },
  },
}));
