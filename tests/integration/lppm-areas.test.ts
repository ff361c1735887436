/**
 * The LPPM role areas with real sessions: each area's layout middleware lets in the
 * users holding its roles, sends visitors without a session to /login and answers 404 to a
 * session without the role; the Dashboards submenu lists exactly the user's areas; every
 * named research route exists with its route name as id.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { LPPM_AREAS, lppmMenu } from "../../app/navigation/lppm";
import { dashboardLinks } from "../../app/navigation/menus";
import type { Role } from "~/domain/users/roles";
import { createUser } from "~/domain/users/users.server";
import { startSession } from "../../app/http/session.server";
import { APP_ROUTES, modulesAt } from "../setup/app-routes";
import { visitArea, type AreaOutcome } from "../setup/area";
import { TEST_ORIGIN } from "../setup/route";
import { createTestDb, type TestDb } from "../setup/test-db";


type Page = { loader: (args: never) => unknown };

/** The route module of an area page: the file routes.ts names for its URL. */
async function pageModule(path: string): Promise<Page & { handle?: { title?: string } }> {
  return (await modulesAt(path)).page as Page & { handle?: { title?: string } };
}

/** Runs an area request the way React Router does: layout middleware, then the page's loader (its data unwrapped). */
async function visit(path: string, cookie: string | null, page?: Page): Promise<AreaOutcome> {
  const outcome = await visitArea(path, cookie, page ?? (await pageModule(path)));
  const wrapped = outcome.page as { type?: string; data?: unknown } | null | undefined;
  return wrapped && typeof wrapped === "object" && wrapped.type === "DataWithResponseInit" ? { ...outcome, page: wrapped.data } : outcome;
}

let t: TestDb;
beforeEach(() => {
  t = createTestDb();
});
afterEach(() => t.cleanup());

async function userWith(roles: Role[], jabatan: string | null = null): Promise<string> {
  const created = await createUser(t.db, {
    username: `u${Math.random().toString(36).slice(2, 8)}`,
    name: "Dr. Budi Santoso",
    email: "budi@example.test",
    no_hp: "081200000000",
    password: "Rahasia123",
    status_aktif: "Aktif",
    hak_akses: roles,
    nidn: null,
    jabatan_akademik: jabatan,
  });
  if (!created.ok) throw new Error(created.message);
  const setCookie = await startSession(new Request(`${TEST_ORIGIN}/login`), created.user.id);
  return setCookie.split(";")[0]!;
}

describe("guards", () => {
  it("no session: every area sends the visitor to /login and back afterwards", async () => {
    for (const area of LPPM_AREAS) {
      const result = await visit(`${area.prefix}/dashboard`, null);
      expect(result.status).toBe(302);
      expect(result.location).toBe(`/login?redirectTo=${encodeURIComponent(`${area.prefix}/dashboard`)}`);
    }
  });

  it("Operator + Pengusul + Reviewer-External: the proposer and reviewer areas open, the others are 404", async () => {
    const cookie = await userWith(["Operator", "Pengusul", "Reviewer-External"], "Lektor, Asisten Ahli");
    const pengusul = await visit("/pengusul/dashboard", cookie);
    expect(pengusul.status).toBe(200);
    expect(pengusul.layout).toMatchObject({ user: { name: "Dr. Budi Santoso", roles: ["Operator", "Pengusul", "Reviewer-External"] } });
    expect(pengusul.page).toMatchObject({
      title: "Dashboard Pengusul",
      name: "Dr. Budi Santoso",
      roles: ["Operator", "Pengusul", "Reviewer-External"],
      jabatan: ["Lektor", "Asisten Ahli"],
    });
    expect((await visit("/reviewer/dashboard", cookie)).page).toMatchObject({ title: "Dashboard Reviewer" });
    expect((await visit("/pengusul/penelitian/usulan-baru", cookie)).page).toMatchObject({ title: "Usulan Baru Penelitian" });
    expect((await visit("/pengusul/insentif/pengajuan", cookie)).status).toBe(200);
    expect((await visit("/reviewer/evaluasi-substansi", cookie)).status).toBe(200);
    for (const path of ["/kepalalppm/dashboard", "/sekretarislppm/dashboard", "/operatorfakultas/dashboard", "/kepalalppm/monitoring/monev-internal"]) {
      expect((await visit(path, cookie)).status, path).toBe(404);
    }
  });

  it("each area accepts exactly its roles (both reviewer roles give the reviewer area)", async () => {
    const cases: [Role, string][] = [
      ["Pengusul", "/pengusul"],
      ["Reviewer-Internal", "/reviewer"],
      ["Reviewer-External", "/reviewer"],
      ["Kepala-LPPM", "/kepalalppm"],
      ["Sekretaris-LPPM", "/sekretarislppm"],
      ["Verifikator-Fakultas", "/operatorfakultas"],
    ];
    for (const [role, prefix] of cases) {
      const cookie = await userWith(["Operator", role]);
      for (const area of LPPM_AREAS) {
        const result = await visit(`${area.prefix}/dashboard`, cookie);
        expect(result.status, `${role} at ${area.prefix}`).toBe(area.prefix === prefix ? 200 : 404);
      }
    }
  });

  it("academic position as a JSON list is shown as badges too; none gives an empty list", async () => {
    const json = await userWith(["Operator", "Kepala-LPPM"], '["Guru Besar","Lektor Kepala"]');
    expect((await visit("/kepalalppm/dashboard", json)).page).toMatchObject({ jabatan: ["Guru Besar", "Lektor Kepala"] });
    const none = await userWith(["Operator", "Kepala-LPPM"]);
    expect((await visit("/kepalalppm/dashboard", none)).page).toMatchObject({ jabatan: [] });
  });

  it("an unknown page under an area has no route (the router's 404)", () => {
    expect(APP_ROUTES.some((r) => r.path === "/pengusul/tidak-ada")).toBe(false);
  });
});

describe("menus", () => {
  it("the Dashboards submenu lists exactly the areas of the user's roles", () => {
    expect(dashboardLinks(["Operator", "Pengusul", "Reviewer-External"])).toEqual([
      { to: "/pengusul/dashboard", label: "Pengusul" },
      { to: "/reviewer/dashboard", label: "Reviewer" },
      { to: "/operator/dashboard", label: "Operator" },
    ]);
    expect(dashboardLinks(["Reviewer-Internal", "Reviewer-External"])).toEqual([{ to: "/reviewer/dashboard", label: "Reviewer" }]);
  });

  it("each area's sidebar is the spec's", () => {
    const menu = (key: string) =>
      lppmMenu(LPPM_AREAS.find((a) => a.key === key)!).map((g) => [g.label, g.items.map((i) => i.to)] as const);
    const steps = ["usulan-baru", "perbaikan-usulan", "catatan-harian", "laporan-kemajuan", "laporan-akhir"];
    expect(menu("pengusul")).toEqual([
      ["Penelitian", steps.map((s) => `/pengusul/penelitian/${s}`)],
      ["Pengabdian", steps.map((s) => `/pengusul/pengabdian/${s}`)],
      ["Insentif", ["/pengusul/insentif", "/pengusul/insentif/pengajuan"]],
      ["Lainnya", ["/pengusul/download"]],
    ]);
    expect(menu("kepalalppm").map(([label]) => label)).toEqual(["Monitoring", "Persetujuan Usulan", "Penetapan Pemenang"]);
    const kepala = lppmMenu(LPPM_AREAS.find((a) => a.key === "kepalalppm")!);
    expect(kepala[0]!.items.map((i) => i.label)).toContain("Monev Internal PT");
    expect(menu("sekretarislppm").map(([label]) => label)).toEqual(["Persetujuan Usulan"]);
    expect(menu("operatorfakultas").map(([label]) => label)).toEqual(["Persetujuan Usulan"]);
    expect(menu("reviewer")[0]![1]).toEqual(["/reviewer/evaluasi-administrasi", "/reviewer/evaluasi-substansi", "/reviewer/evaluasi-insentif"]);
  });
});

describe("routes", () => {
  const routes = APP_ROUTES.filter((r) => LPPM_AREAS.some((area) => r.path.startsWith(`${area.prefix}/`)));
  const byId = new Map(routes.filter((r) => r.id).map((r) => [r.id!, r]));

  it("every route name of the spec exists under its area", () => {
    const expected: Record<string, string> = {
      PengusulDashboard: "/pengusul/dashboard",
      ReviewerDashboard: "/reviewer/dashboard",
      KepalaLppmDashboard: "/kepalalppm/dashboard",
      SekretarisLppmDashboard: "/sekretarislppm/dashboard",
      OperatorFakultasDashboard: "/operatorfakultas/dashboard",
      OperatorFakultasPersetujuanUsulanReguler: "/operatorfakultas/",
      OperatorPerbaikanUsulan: "/kepalalppm/",
      OperatorCatatanHarian: "/kepalalppm/",
      OperatorLaporanKemajuan: "/kepalalppm/",
      OperatorLaporanAkhir: "/kepalalppm/",
      OperatorMonevInternal: "/kepalalppm/",
      KepalaPersetujuanUsulanReguler: "/kepalalppm/",
      KepalaPersetujuanInsentifPublikasi: "/kepalalppm/",
      PenetapanUsulanReguler: "/kepalalppm/",
      PenetapanUsulanInsentif: "/kepalalppm/",
      SekretarisPersetujuanUsulanReguler: "/sekretarislppm/",
      SekretarisPersetujuanInsentifPublikasi: "/sekretarislppm/",
      ReviewerEvaluasiAdministrasi: "/reviewer/",
      ReviewerEvaluasiSubstansi: "/reviewer/",
      ReviewerEvaluasiInsentif: "/reviewer/",
    };
    for (const [id, path] of Object.entries(expected)) {
      expect(byId.get(id)?.path, id).toMatch(new RegExp(`^${path}`));
    }
    const proposer = routes.filter((r) => r.path.startsWith("/pengusul/")).map((r) => r.path);
    for (const kind of ["penelitian", "pengabdian"]) {
      for (const step of ["usulan-baru", "perbaikan-usulan", "catatan-harian", "laporan-kemajuan", "laporan-akhir"]) {
        expect(proposer).toContain(`/pengusul/${kind}/${step}`);
      }
    }
    expect(proposer).toEqual(expect.arrayContaining(["/pengusul/insentif", "/pengusul/insentif/pengajuan", "/pengusul/download"]));
  });

  it("route ids are unique and every page has its own module, which answers with its title", async () => {
    const ids = routes.map((r) => r.id).filter(Boolean);
    expect(new Set(ids).size).toBe(ids.length);
    const cookie = await userWith(["Operator", "Pengusul", "Reviewer-Internal", "Kepala-LPPM", "Sekretaris-LPPM", "Verifikator-Fakultas"]);
    for (const area of LPPM_AREAS) {
      for (const page of area.groups.flatMap((g) => g.pages)) {
        // Its module is the file its URL names (routes.ts), which the build requires to exist.
        expect(APP_ROUTES.find((r) => r.id === page.id)?.file, page.id).toBe(`routes/lppm/${area.key}/${page.path.replaceAll("/", ".")}.tsx`);
        const mod = await pageModule(`${area.prefix}/${page.path}`);
        const result = await visit(`${area.prefix}/${page.path}`, cookie, mod);
        expect(result.status, page.id).toBe(200);
        // The area layout's title: the page's handle, or what its loader computed.
        expect(mod.handle?.title ?? (result.page as { title?: string }).title, page.id).toBe(page.title);
      }
    }
  });
});
