// After `react-router build`: every compressible file under build/client/assets gets a .br
// (brotli 11) and a .gz (gzip 9) beside it, made once here instead of on every request. The
// server sends the variant the browser accepts (server/app.ts) and the file itself otherwise.
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";

const dir = path.resolve(process.argv[2] ?? "build/client/assets");
const COMPRESSIBLE = /\.(js|mjs|css|svg|json|txt|map)$/;
let files = 0;
let before = 0;
let after = 0;
for (const name of fs.readdirSync(dir)) {
  if (!COMPRESSIBLE.test(name)) continue;
  const file = path.join(dir, name);
  const body = fs.readFileSync(file);
  if (body.length < 1024) continue;
  const br = zlib.brotliCompressSync(body, {
    params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length },
  });
  fs.writeFileSync(`${file}.br`, br);
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(body, { level: 9 }));
  files++;
  before += body.length;
  after += br.length;
}
console.log(`[compress-assets] ${files} berkas: ${(before / 1024).toFixed(0)} KB → ${(after / 1024).toFixed(0)} KB brotli`);
