/**
 * The W3C Nu HTML Checker (vnu-jar, the checker behind validator.w3.org) over many files in ONE
 * run: the JVM takes seconds to start, a file takes milliseconds. Needs Java (Debian:
 * default-jre-headless; scripts/test-all.sh installs it when it can).
 */
import { spawnSync } from "node:child_process";
import { createRequire } from "node:module";
import path from "node:path";

export type CheckerError = { file: string; line: number; column: number; message: string; extract: string };

type VnuMessage = { type: string; url?: string; lastLine?: number; firstColumn?: number; lastColumn?: number; message: string; extract?: string };

const VNU_JAR = createRequire(import.meta.url).resolve("vnu-jar/build/dist/vnu.jar");

/** The errors of every file (warnings and infos left out), by file name without its folder. */
export function checkHtmlFiles(files: string[]): CheckerError[] {
  // Only the quick compiler (C1): a run of seconds is over before the optimizing one pays off,
  // and takes half the CPU time. Its frames are larger, and the checker recurses deep in its
  // schema: a larger stack (it needs 512k with both compilers).
  const jvm = ["-XX:TieredStopAtLevel=1", "-Xss16m"];
  const run = spawnSync("java", [...jvm, "-jar", VNU_JAR, "--errors-only", "--format", "json", "--stdout", ...files], {
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
  });
  if (run.error) {
    const missing = (run.error as NodeJS.ErrnoException).code === "ENOENT";
    throw new Error(missing ? "java tidak ada: pasang dulu, mis. `sudo apt-get install default-jre-headless`." : `vnu gagal dijalankan: ${run.error.message}`);
  }
  let messages: VnuMessage[];
  try {
    messages = (JSON.parse(run.stdout) as { messages: VnuMessage[] }).messages;
  } catch {
    throw new Error(`vnu (exit ${run.status}) tidak menjawab JSON:\n${run.stdout}\n${run.stderr}`);
  }
  return messages
    .filter((m) => m.type === "error" || m.type === "non-document-error")
    .map((m) => ({
      file: m.url ? path.basename(decodeURIComponent(new URL(m.url).pathname)) : "?",
      line: m.lastLine ?? 0,
      column: m.firstColumn ?? m.lastColumn ?? 0,
      message: m.message,
      extract: (m.extract ?? "").replace(/\s+/g, " ").trim(),
    }));
}
