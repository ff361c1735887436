// Imported first by every entry point that loads native modules (server.js and the scripts):
// better-sqlite3 13 crashes on Node 20, and React Router 8 needs Node 22.22 or newer. The
// project brings Node 24 LTS itself (the `node` package in dependencies), and every npm script
// runs on it; only a `node …` typed by hand with an older system Node ends up here.
import path from "node:path";

const [major = 0, minor = 0] = process.versions.node.split(".").map(Number);
if (major < 22 || (major === 22 && minor < 22)) {
  const script = path.relative(process.cwd(), process.argv[1] ?? "server.js") || "server.js";
  console.error(
    `[etalase] Node ${process.version} terlalu lama: Etalase butuh Node 24 LTS (atau 22.22+).\n` +
      `[etalase] Jalankan lewat npm (npm start, npm run quickstart, …), yang memakai Node 24 dari ` +
      `node_modules/.bin, atau: node_modules/.bin/node ${script}`,
  );
  process.exit(1);
}
