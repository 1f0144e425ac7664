import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The API server serves the built app in production; in dev Vite serves it and forwards /api.
export default defineConfig({
  plugins: [react()],
  server: {
    port: 5173,
    proxy: { '/api': { target: 'http://localhost:8090', changeOrigin: false } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 1200,
  },
});
