import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// In `npm run dev` the admin runs here with hot reload and sends API and dashboard calls to the server on :3000.
export default defineConfig({
  plugins: [react()],
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000', '/ops': 'http://localhost:3000' },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // The limit that counts is `npm run bench`'s: the entry and its preloads, goal 250 KB gzip (test/admin-bench.ts prints MISSED above it).
    chunkSizeWarningLimit: 1000,
    rolldownOptions: {
      output: {
        // An area's screens (src/<area>/screens.ts, loaded on first use) are named after the area: dist/assets/products-<hash>.js.
        chunkFileNames: (chunk) => {
          const area = chunk.facadeModuleId?.match(/\/src\/([^/]+)\/screens\.ts$/)?.[1];
          return area ? `assets/${area}-[hash].js` : 'assets/[name]-[hash].js';
        },
      },
    },
  },
});
