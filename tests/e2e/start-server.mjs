// Starts the BUILT server (build/server/index.js through server.js, NODE_ENV=production) for
// Playwright on a fresh throw-away database and uploads folder: E2E_SERVER_DIR, which
// playwright.config.ts names (.tmp/e2e-<port>/, support/servers.ts) so that the specs find the
// database, the WhatsApp log and the e-mails there. It starts from a copy of the build's seeded
// demo shop (support/template.mjs). The folder is removed when the server stops.
import { spawn } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { E2E_MAIL_FROM, startMailCatcher } from "./support/mail-catcher.mjs";
import { startOidcProvider } from "../setup/oidc-provider.mjs";
import { copyTemplate, ensureTemplate } from "./support/template.mjs";

const root = fileURLToPath(new URL("../..", import.meta.url));
if (!fs.existsSync(path.join(root, "build/server/index.js"))) {
  console.error("[e2e] build/server/index.js is missing: run `npm run build` first.");
  process.exit(1);
}
const dir = process.env.E2E_SERVER_DIR;
if (!dir) {
  console.error("[e2e] E2E_SERVER_DIR is not set: start the suite with `npx playwright test`.");
  process.exit(1);
}
// Playwright starts this only when nothing answers on the port, so what is left in the folder
// belongs to a run that was killed.
fs.rmSync(dir, { recursive: true, force: true });
// Private, as a temp folder is (the server warns about a folder others can open).
fs.mkdirSync(dir, { recursive: true, mode: 0o700 });

const sessionSecret = process.env.SESSION_SECRET ?? "etalase-e2e-session-secret-0123456789";
const operatorUsername = process.env.OPERATOR_USERNAME ?? "operator";
const operatorPassword = process.env.OPERATOR_PASSWORD ?? "Rahasia123";

// The demo shop, seeded once per build for this server and the workers' own (support/template.mjs).
const template = await ensureTemplate((seedDir, seedPort) => ({
  ...process.env,
  NODE_ENV: "production",
  HOST: "127.0.0.1",
  PORT: String(seedPort),
  DATABASE_URL: path.join(seedDir, "etalase.db"),
  UPLOADS_DIR: path.join(seedDir, "uploads"),
  BACKUPS_DIR: path.join(seedDir, "backups"),
  SEED_DEMO: "1",
  SEED_DEMO_LPPM: "0",
  SESSION_SECRET: sessionSecret,
  OPERATOR_USERNAME: operatorUsername,
  OPERATOR_PASSWORD: operatorPassword,
}));
copyTemplate(template, dir);

// A stand-in WhatsApp gateway: password-reset messages reach it as the real one would get them
// and are kept in <dir>/whatsapp.jsonl for the tests (the server's outbox keeps them masked).
const gateway = http.createServer((req, res) => {
  let body = "";
  req.setEncoding("utf8");
  req.on("data", (chunk) => (body += chunk));
  req.on("end", () => {
    fs.appendFileSync(path.join(dir, "whatsapp.jsonl"), `${JSON.stringify(JSON.parse(body))}\n`);
    res.setHeader("Content-Type", "application/json");
    res.end("{}");
  });
});
await new Promise((resolve) => gateway.listen(0, "127.0.0.1", resolve));
gateway.unref();

// A stand-in SMTP server: notification e-mails are kept in <dir>/mail/ (support/mail-catcher.mjs).
const mail = await startMailCatcher(dir);
const port = process.env.E2E_PORT ?? "3210";
// A real OpenID provider for 'Masuk dengan akun kampus' (../setup/oidc-provider.mjs): its
// sign-in page asks the e-mail to sign in as; the campus domain is kampus.test.
const oidc = await startOidcProvider({ redirectUris: [`http://127.0.0.1:${port}/login/kampus/callback`] });

const child = spawn(process.execPath, ["server.js"], {
  cwd: root,
  stdio: "inherit",
  env: {
    ...process.env,
    NODE_ENV: "production",
    HOST: "127.0.0.1",
    PORT: port,
    DATABASE_URL: path.join(dir, "etalase.db"),
    UPLOADS_DIR: path.join(dir, "uploads"),
    // The daily automatic backup (and any other) stays in the throw-away folder.
    BACKUPS_DIR: path.join(dir, "backups"),
    SEED_DEMO: "1",
    // Specs add the LPPM rows they need (the LPPM demo has its own test).
    SEED_DEMO_LPPM: "0",
    // Tests give each case its own client address through X-Forwarded-For (per-IP throttles).
    TRUST_PROXY: "1",
    SESSION_SECRET: sessionSecret,
    OPERATOR_USERNAME: operatorUsername,
    OPERATOR_PASSWORD: operatorPassword,
    WA_GATEWAY_URL: `http://127.0.0.1:${gateway.address().port}/send`,
    SMTP_URL: mail.url,
    MAIL_FROM: E2E_MAIL_FROM,
    // Its own address, as production sets it: messages then carry the full link to the page.
    SITE_URL: `http://127.0.0.1:${port}`,
    OIDC_ISSUER: oidc.issuer,
    OIDC_CLIENT_ID: oidc.clientId,
    OIDC_CLIENT_SECRET: oidc.clientSecret,
    OIDC_EMAIL_DOMAINS: "kampus.test",
  },
});

function cleanup() {
  fs.rmSync(dir, { recursive: true, force: true });
}

for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, () => {
    if (child.exitCode === null) child.kill(signal);
    else process.exit(0);
  });
}
child.on("exit", (code, signal) => {
  cleanup();
  process.exit(code ?? (signal ? 0 : 1));
});
