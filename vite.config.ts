import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

/**
 * Client chunks. Left alone, the bundler emits ~17 small files for a public page; on HTTP/1.1
 * a slow phone fetches them six at a time, one round trip per file, and they hold the
 * connections the stylesheet and the first image need. Two groups, the framework (React,
 * React Router and the bundler's helpers) and the small modules every page shares (the error
 * page too: the root imports it, so it came as a file of its own on every page), bring a
 * public page down to seven scripts and its stylesheet. Swiper, the lightbox, the links' client
 * navigation, the editor, forms and tables stay in their own lazily loaded chunks.
 */
const FRAMEWORK = /node_modules[\\/](react|react-dom|scheduler|react-router|cookie|set-cookie-parser)[\\/]|vite[\\/]preload-helper|rolldown[\\/]runtime/;
const PUBLIC_SHARED =
  /app[\\/](components[\\/](public[\\/](carousel|galeri-gambar|icons|lightbox|produk-card|public-footer|public-header)|ui[\\/](responsive-image|toast)|not-found|error-page)|lib[\\/](util[\\/](format|meta|image-variants)|hooks[\\/](nonce|use-hydrated)|http[\\/]context))\.tsx?$/;

export default defineConfig(({ command }) => ({
  environments: {
    client: {
      build: {
        rollupOptions: {
          output: {
            codeSplitting: {
              groups: [
                { name: "framework", test: FRAMEWORK, priority: 20 },
                { name: "public", test: PUBLIC_SHARED, priority: 10 },
              ],
            },
          },
        },
      },
    },
    // The server bundle's entry is our Express app (security headers, uploads, cache),
    // which mounts the React Router request handler.
    ssr: { build: { rollupOptions: { input: "./server/app.ts" } } },
  },
  resolve: { tsconfigPaths: true },
  ssr: {
    // Native and CommonJS-only server packages stay external.
    external: ["better-sqlite3", "sharp", "@node-rs/argon2"],
    // The production build bundles every other package into build/server: Node then loads a
    // few files instead of resolving ~1,200 in node_modules, so a server starts in ~0.3 s of
    // CPU instead of ~1 s, and the supervisor (scripts/serve.mjs) has the shop answering again
    // well within 2 s of a crash. Development keeps loading packages from node_modules.
    noExternal: command === "build" ? true : undefined,
  },
  plugins: [tailwindcss(), reactRouter()],
}));
