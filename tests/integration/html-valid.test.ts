/**
 * Every page is valid HTML by the W3C Nu HTML Checker (the checker behind validator.w3.org),
 * which finds what axe does not: attributes an element may not carry (`aria-label` on a plain
 * `span` or on a `label`), a block inside an inline element, a duplicate id.
 *
 * The pages are the ones each kind of user can open, found by walking the links their pages
 * show (tests/setup/site-walk.ts), on the BUILT server with the shop demo and the LPPM demo:
 * a visitor (the public site) and every role: the operator (the back office) and each LPPM
 * role as the demo's first account holding it. Every page is written to a folder and the checker runs once
 * over all of them.
 *
 * Needs `npm run build` first and Java (the test command provides both).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findUserRowByUsername } from "~/domain/users/users.server";
import { ROLES, type Role } from "~/domain/users/roles";
import { areaOf, landingPath } from "~/navigation/areas";
import { getEnv } from "~/lib/server/env.server";
import { seedLppmDemo } from "../../scripts/seed/lppm-demo/seed";
import { LPPM_DEMO_PEOPLE } from "../../scripts/seed/lppm-demo/tables/people";
import { matchedRouteIds } from "../setup/app-routes";
import { startBuiltServer, userSession, type BuiltServer } from "../setup/built-server";
import { TEST_OPERATOR_USERNAME } from "../setup/constants";
import { checkHtmlFiles } from "../setup/html-checker";
import { walkSite, type WalkedPage } from "../setup/site-walk";
import type { TestDb } from "../setup/test-db";

let t: TestDb;
let server: BuiltServer;
let folder: string;

beforeAll(async () => {
  ({ t, server } = await startBuiltServer({}, async (copy) => {
    await seedLppmDemo(copy.db, { ...getEnv(), SEED_DEMO_LPPM: true }, () => {});
  }));
  folder = fs.mkdtempSync(path.join(os.tmpdir(), "etalase-html-"));
}, 120_000);

afterAll(async () => {
  await server?.stop();
  t?.cleanup();
  if (folder) fs.rmSync(folder, { recursive: true, force: true });
});

/** The page's own route (the last one its URL matches). */
const pageRoute = (url: URL) => matchedRouteIds(url.pathname).at(-1)!;

type Walk = { who: string; pages: WalkedPage[] };

describe("valid HTML", () => {
  it("on every page a visitor, the operator and each LPPM role can open", async () => {
    const started = performance.now();
    const walks: Walk[] = [];

    // The visitor: the public site and the sign-in pages, never into an area.
    const visitor = await walkSite(server.base, ["/", "/tidak-ada"], { follows: (url) => areaOf(url.pathname) === null });
    walks.push({ who: "pengunjung", pages: visitor });
    const publicRoutes = new Set(visitor.map((p) => pageRoute(new URL(p.url, server.base))));

    /**
     * A signed-in walk stays in the areas of `role` and the pages only a signed-in user opens
     * (the password change, the product preview); the public site was walked as a visitor.
     */
    const signedIn = (role: Role) => (url: URL) => {
      const area = areaOf(url.pathname);
      return area ? area.roles.includes(role) : !publicRoutes.has(pageRoute(url));
    };
    const landing = (role: Role) => landingPath([role], true)!;

    // Each role as one account: the seeded operator, the LPPM demo's first account holding it.
    const signedInWalks = await Promise.all(
      ROLES.map(async (role) => {
        const username = role === "Operator" ? TEST_OPERATOR_USERNAME : LPPM_DEMO_PEOPLE.find((p) => p.roles.includes(role))!.username;
        return { who: `${role} (${username})`, role, cookie: await userSession(server.base, findUserRowByUsername(t.db, username)!.id) };
      }),
    );
    // Side by side: each walk goes its own way, the server answers them together.
    for (const walk of await Promise.all(
      signedInWalks.map(async ({ who, role, cookie }) => ({ who, pages: await walkSite(server.base, [landing(role)], { cookie, follows: signedIn(role) }) })),
    ))
      walks.push(walk);
    const walked = performance.now();

    const files = new Map<string, { who: string; url: string }>();
    walks.forEach((walk, w) =>
      walk.pages.forEach((page, p) => {
        const file = path.join(folder, `${w}-${p}.html`);
        fs.writeFileSync(file, page.html);
        files.set(path.basename(file), { who: walk.who, url: page.url });
      }),
    );
    const errors = checkHtmlFiles([...files.keys()].map((name) => path.join(folder, name)));
    const checked = performance.now();

    console.log(
      `valid HTML: ${files.size} pages (${walks.map((w) => `${w.who} ${w.pages.length}`).join(", ")}); walked in ${((walked - started) / 1000).toFixed(1)} s, checked in ${((checked - walked) / 1000).toFixed(1)} s`,
    );
    // Every role reaches its screens (a walk that stopped at its first page would check nothing).
    for (const walk of walks) expect(walk.pages.length, walk.who).toBeGreaterThan(2);

    const report = errors.map((e) => {
      const page = files.get(e.file);
      return `${page?.who ?? "?"} ${page?.url ?? e.file} baris ${e.line} kolom ${e.column}: ${e.message}  «${e.extract}»`;
    });
    expect(report, `${report.length} kesalahan HTML`).toEqual([]);
  }, 180_000);
});
