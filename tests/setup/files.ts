import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";

/** Every file below `dir` with its SHA-256 ({} for a folder that is not there): two trees compare equal when their files do. */
export function hashTree(dir: string): Record<string, string> {
  if (!fs.existsSync(dir)) return {};
  const out: Record<string, string> = {};
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue;
    const full = path.join(entry.parentPath, entry.name);
    out[path.relative(dir, full)] = crypto.createHash("sha256").update(fs.readFileSync(full)).digest("hex");
  }
  return out;
}
