import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// In `npm run dev` the admin runs here with hot reload and sends API and dashboard calls to the server on :3000.
export default defineConfig({
  plugins: [react()],
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000', '/ops': 'http://localhost:3000' },
  },
  build: { outDir: 'dist', emptyOutDir: true, chunkSizeWarningLimit: 2500 },
});
