/**
 * The user form's rules beyond the spec are written where an owner and a legacy client look —
 * the README's "Users" table and /api/openapi.json — and those texts are the messages the API
 * answers, on the built server: a username with spaces, no Hak Akses, a weak password on create
 * and on an edit that sets one (an empty one keeps the password).
 */
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROOT } from "../../bench/lib.mjs";
import { TEST_OPERATOR_PASSWORD, TEST_OPERATOR_USERNAME } from "../setup/constants";
import { startBuiltServer, type BuiltServer } from "../setup/built-server";
import type { TestDb } from "../setup/test-db";

let t: TestDb;
let server: BuiltServer;
let token: string;

beforeAll(async () => {
  ({ t, server } = await startBuiltServer());
  const login = await fetch(`${server.base}/api/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ username: TEST_OPERATOR_USERNAME, password: TEST_OPERATOR_PASSWORD }),
  });
  token = ((await login.json()) as { token: string }).token;
}, 240_000);
afterAll(async () => {
  await server?.stop();
  t?.cleanup();
});

type Answer = { status: number; body: { message?: string; errors?: Record<string, string[]>; data?: { id: number } } };

async function post(url: string, fields: Record<string, string>): Promise<Answer> {
  const body = new FormData();
  for (const [key, value] of Object.entries(fields)) body.set(key, value);
  const res = await fetch(`${server.base}${url}`, { method: "POST", body, headers: { Authorization: `Bearer ${token}` } });
  return { status: res.status, body: (await res.json()) as Answer["body"] };
}

const user = (extra: Record<string, string> = {}) => ({
  username: "kasir.baru",
  name: "Kasir Baru",
  email: "kasir@contoh.id",
  no_hp: "0852-1111-2222",
  password: "SandiBaru123",
  hak_akses: JSON.stringify(["Operator"]),
  status_aktif: "Aktif",
  ...extra,
});

/** The message a documentation text quotes (between "…"). */
const quoted = (text: string) => /"([^"]+)"/.exec(text)?.[1];

describe("the user form's rules, as written and as answered", () => {
  it("each rule's message in /api/openapi.json and in the README is the one the API answers", async () => {
    const doc = (await (await fetch(`${server.base}/api/openapi.json`)).json()) as {
      paths: Record<string, Record<string, { requestBody?: { content: Record<string, { schema: { properties: Record<string, { description?: string }> } }> } }>>;
    };
    const fieldsOf = (pathName: string) => Object.values(doc.paths[pathName]!.post!.requestBody!.content)[0]!.schema.properties;
    const create = fieldsOf("/api/userform");
    const update = fieldsOf("/api/userform/{id}");
    const readme = fs.readFileSync(path.join(ROOT, "README.md"), "utf8");

    const documented = {
      username: quoted(create.username!.description!)!,
      hak_akses: quoted(create.hak_akses!.description!)!,
      password: quoted(create.password!.description!)!,
    };
    expect(quoted(update.hak_akses!.description!)).toBe(documented.hak_akses);
    expect(quoted(update.password!.description!)).toBe(documented.password);
    for (const message of Object.values(documented)) expect(readme).toContain(`| \`${message}\` |`);

    // Adding: each rule refuses with its documented message, on its field, and stores nothing.
    const before = (t.db.$client.prepare("select count(*) as n from users").get() as { n: number }).n;
    const spaces = await post("/api/userform", user({ username: "kasir baru" }));
    expect(spaces.status).toBe(422);
    expect(spaces.body.errors?.username).toEqual([documented.username]);
    const noRole = await post("/api/userform", user({ hak_akses: "[]" }));
    expect(noRole.status).toBe(422);
    expect(noRole.body.errors?.hak_akses).toEqual([documented.hak_akses]);
    const weak = await post("/api/userform", user({ password: "lemah" }));
    expect(weak.status).toBe(422);
    expect(weak.body.errors?.password).toEqual([documented.password]);
    expect((t.db.$client.prepare("select count(*) as n from users").get() as { n: number }).n).toBe(before);

    // Editing: a weak new password is refused with the same message; an empty one keeps it.
    const created = await post("/api/userform", user());
    expect(created.status).toBe(201);
    const id = String(created.body.data!.id);
    const edit = (extra: Record<string, string>) =>
      post(`/api/userform/${id}`, { name: "Kasir Baru", email: "kasir@contoh.id", hak_akses: JSON.stringify(["Operator"]), status_aktif: "Aktif", _method: "PATCH", ...extra });
    const weakEdit = await edit({ password: "lemah" });
    expect(weakEdit.status).toBe(422);
    expect(weakEdit.body.errors?.password).toEqual([documented.password]);
    const noRoleEdit = await edit({ hak_akses: "[]" });
    expect(noRoleEdit.body.errors?.hak_akses).toEqual([documented.hak_akses]);
    expect((await edit({ password: "" })).status).toBe(200);
    const relogin = await fetch(`${server.base}/api/login`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ username: "kasir.baru", password: "SandiBaru123" }),
    });
    expect(relogin.status).toBe(200);
  });
});
