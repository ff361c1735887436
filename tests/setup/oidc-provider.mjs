/**
 * A real OpenID provider for the tests of the campus sign-in (oidc-provider, the certified
 * implementation), on a free port of 127.0.0.1: discovery, authorization code with PKCE, ID
 * tokens signed with a key of its own. Its sign-in page is the test's own: a form asking for
 * the e-mail to sign in as ('Masuk'), or 'Tolak' to refuse the app (the provider then answers
 * access_denied). Every e-mail is an account whose ID token carries `email` and
 * `email_verified` (false for the ones in `unverified`). Plain JavaScript: the e2e servers'
 * starter (../e2e/start-server.mjs) runs under plain Node.
 */
import http from "node:http";
import { exportJWK, generateKeyPair } from "jose";
import Provider from "oidc-provider";

export const TEST_OIDC_CLIENT_ID = "etalase-test";
export const TEST_OIDC_CLIENT_SECRET = "rahasia-klien-uji-etalase";

function page(body) {
  return `<!doctype html><html lang="id"><head><meta charset="utf-8"><title>Akun Kampus Uji</title></head><body>${body}</body></html>`;
}

async function readForm(req) {
  let text = "";
  for await (const chunk of req) text += chunk;
  return new URLSearchParams(text);
}

/**
 * Starts the provider for an app whose callback is one of `redirectUris`.
 * @param {{ redirectUris: string[]; unverified?: string[] }} options
 * @returns {Promise<{ issuer: string; clientId: string; clientSecret: string; close: () => Promise<void> }>}
 */
export async function startOidcProvider({ redirectUris, unverified = [] }) {
  /** @type {((req: http.IncomingMessage, res: http.ServerResponse) => void) | undefined} */
  let handle;
  const server = http.createServer((req, res) => handle?.(req, res));
  await new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve(undefined));
  });
  const address = server.address();
  const issuer = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
  const { privateKey } = await generateKeyPair("RS256", { extractable: true });
  const unverifiedSet = new Set(unverified.map((e) => e.toLowerCase()));

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: TEST_OIDC_CLIENT_ID,
        client_secret: TEST_OIDC_CLIENT_SECRET,
        redirect_uris: redirectUris,
        grant_types: ["authorization_code"],
        response_types: ["code"],
      },
    ],
    jwks: { keys: [{ ...(await exportJWK(privateKey)), alg: "RS256", use: "sig", kid: "uji" }] },
    cookies: { keys: ["kunci-cookie-penyedia-uji"] },
    claims: { openid: ["sub"], email: ["email", "email_verified"] },
    // As Google's: the scope's claims are in the ID token itself.
    conformIdTokenClaims: false,
    ttl: { AccessToken: 600, AuthorizationCode: 60, Grant: 600, IdToken: 600, Interaction: 600, Session: 600 },
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx, interaction) => `/masuk/${interaction.uid}` },
    async findAccount(_ctx, id) {
      return { accountId: id, claims: async () => ({ sub: id, email: id, email_verified: !unverifiedSet.has(id.toLowerCase()) }) };
    },
  });
  const providerCallback = provider.callback();

  handle = (req, res) => {
    const match = /^\/masuk\/([^/?]+)$/.exec(req.url ?? "");
    if (!match) {
      providerCallback(req, res);
      return;
    }
    (async () => {
      const details = await provider.interactionDetails(req, res);
      if (req.method === "GET") {
        res.writeHead(200, { "Content-Type": "text/html; charset=utf-8" });
        res.end(
          page(
            `<h1>Akun Kampus Uji</h1><form method="post" action="/masuk/${details.uid}">` +
              `<label>E-mail <input name="email" type="email" autocomplete="off"></label>` +
              `<button type="submit" name="aksi" value="masuk">Masuk</button>` +
              `<button type="submit" name="aksi" value="tolak">Tolak</button></form>`,
          ),
        );
        return;
      }
      const form = await readForm(req);
      if (form.get("aksi") === "tolak") {
        await provider.interactionFinished(req, res, { error: "access_denied", error_description: "Pengguna menolak." }, { mergeWithLastSubmission: false });
        return;
      }
      const email = String(form.get("email") ?? "").trim();
      const grant = new provider.Grant({ accountId: email, clientId: TEST_OIDC_CLIENT_ID });
      grant.addOIDCScope("openid email");
      const grantId = await grant.save();
      await provider.interactionFinished(req, res, { login: { accountId: email }, consent: { grantId } }, { mergeWithLastSubmission: false });
    })().catch((error) => {
      res.writeHead(500, { "Content-Type": "text/plain; charset=utf-8" });
      res.end(String(error));
    });
  };

  return {
    issuer,
    clientId: TEST_OIDC_CLIENT_ID,
    clientSecret: TEST_OIDC_CLIENT_SECRET,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
