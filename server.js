// Etalase process bootstrap: validate env, migrate + seed, then listen.
// Production serves the built bundle (build/server/index.js, whose entry is server/app.ts);
// development runs the same app through Vite's middleware for HMR.
import "./scripts/check-node.mjs";
import express from "express";

const DEVELOPMENT = process.env.NODE_ENV !== "production";
const root = express();
root.disable("x-powered-by");

let app;
if (DEVELOPMENT) {
  const vite = await import("vite").then((v) =>
    v.createServer({ server: { middlewareMode: true } }),
  );
  const mod = await vite.ssrLoadModule("./server/app.ts");
  await mod.prepare();
  root.use(vite.middlewares);
  root.use(async (req, res, next) => {
    try {
      const source = await vite.ssrLoadModule("./server/app.ts");
      return await source.app(req, res, next);
    } catch (error) {
      if (error instanceof Error) vite.ssrFixStacktrace(error);
      next(error);
    }
  });
  app = mod;
} else {
  let mod;
  try {
    mod = await import("./build/server/index.js");
  } catch (error) {
    console.error("[etalase] build/server/index.js tidak ditemukan. Jalankan `npm run build` dulu.");
    throw error;
  }
  await mod.prepare();
  root.use(mod.app);
  app = mod;
}

const { PORT, HOST } = app.runtimeEnv();
const server = root.listen(PORT, HOST, () => {
  console.log(
    `[etalase] siap di http://${HOST === "0.0.0.0" ? "localhost" : HOST}:${PORT} (Node ${process.version})`,
  );
});
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, () => {
    server.close(() => process.exit(0));
    setTimeout(() => process.exit(0), 2000).unref();
  });
}
