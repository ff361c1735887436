// What the owner's commands that change the shop's data (`npm run restore`, `npm run demo:hapus`,
// `npm run backup`) say and ask the same way: one message and an exit code for a refusal, --help,
// --yes/-y for scripts, an unknown option refused with the usage (exit 2), and the question that
// only "ya" answers — refused without a terminal, Ctrl-C or end of input cancelling with 130.
import path from "node:path";
import readline from "node:readline/promises";

/** Says `message` on stderr and ends the command with `code` (1: refused; 2: wrong use; 130: cancelled). */
export function refuse(message, code = 1) {
  console.error(message);
  process.exit(code);
}

export const CANCELLED = "Dibatalkan; tidak ada yang diubah.";

/**
 * The command's arguments: --help/-h prints `usage` and ends; --yes/-y answers the question;
 * anything else is refused with the usage — unless `one` is given: then the command takes
 * exactly one argument that is not an option (`one.missing` / `one.tooMany` say what is wrong).
 */
export function readArgs(argv, { usage, one }) {
  if (argv.includes("--help") || argv.includes("-h")) {
    console.log(usage);
    process.exit(0);
  }
  const yes = argv.includes("--yes") || argv.includes("-y");
  const unknown = argv.filter((a) => (one ? a.startsWith("-") : true) && !["--yes", "-y"].includes(a));
  if (unknown.length) refuse(`Pilihan tidak dikenal: ${unknown.join(" ")}\n${usage}`, 2);
  const rest = argv.filter((a) => !a.startsWith("-"));
  if (one && rest.length !== 1) refuse(`${rest.length ? one.tooMany : one.missing}\n${usage}`, 2);
  return { yes, rest };
}

/**
 * Asks `question` on the terminal and goes on only when the answer is "ya" (`yes` skips it).
 * Without a terminal it refuses with `noTerminal`: a command run by a script must say --yes.
 */
export async function confirm({ yes, question, noTerminal }) {
  if (yes) return;
  if (!process.stdin.isTTY) refuse(noTerminal);
  const rl = readline.createInterface({ input: process.stdin, output: process.stdout });
  let answered = false;
  // Ctrl-C at the question: readline takes it, so it is handled here.
  rl.on("SIGINT", () => refuse(`\n${CANCELLED}`, 130));
  rl.on("close", () => {
    if (!answered) refuse(`\n${CANCELLED}`, 130);
  });
  const answer = (await rl.question(`${question} Ketik "ya" lalu Enter: `)).trim().toLowerCase();
  answered = true;
  rl.close();
  if (answer !== "ya") refuse(CANCELLED);
}

/** 1536 → "2 KB", 5 MB → "5.0 MB". */
export function size(bytes) {
  return bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

/** A path as the owner typed it: relative to where they are when it is below, else absolute. */
export function shown(p) {
  const relative = path.relative(process.cwd(), p);
  return relative && !relative.startsWith("..") ? relative : p;
}
