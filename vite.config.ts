import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

export default defineConfig(({ isSsrBuild }) => ({
  build: {
    // The server bundle's entry is our Express app (security headers, uploads, cache),
    // which mounts the React Router request handler.
    rollupOptions: isSsrBuild ? { input: "./server/app.ts" } : undefined,
  },
  resolve: { tsconfigPaths: true },
  ssr: {
    // Native and CommonJS-only server packages stay external.
    external: ["better-sqlite3", "sharp", "@node-rs/argon2"],
  },
  plugins: [tailwindcss(), reactRouter()],
}));
