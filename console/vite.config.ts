import { defineConfig } from 'vite';

// The console is served by template-service under /console (docs/console.md). The build writes into the
// Maven module's classes, as META-INF/resources/console, so the console jar serves it from the classpath.
export default defineConfig({
  base: '/console/',
  build: {
    outDir: 'target/classes/META-INF/resources/console',
    emptyOutDir: true,
    sourcemap: false,
  },
  server: {
    // `npm run dev` against a running system (deploy/up): the API and the session on template-service.
    proxy: {
      '/v1': 'http://127.0.0.1:8004',
      '/console/session': 'http://127.0.0.1:8004',
    },
  },
});
