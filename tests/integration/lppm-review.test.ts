/**
 * The review screens through their area's guard with real sessions: the faculty verifier's
 * approval (OperatorFakultasPersetujuanUsulanReguler), the operator's Penugasan Reviewer and the
 * reviewer's Evaluasi Administrasi / Evaluasi Substansi. Each loader and action is tried as
 * anonymous, as every other role, as the wrong faculty's verifier or an unassigned reviewer, with
 * bad input (4xx, Indonesian messages, nothing changed) and with the right person; two
 * verifiers approving at once cannot both win.
 */
import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import * as schema from "../../db/schema";
import * as persetujuan from "../../app/routes/lppm/operatorfakultas/persetujuan-usulan.usulan-reguler";
import * as penugasan from "~/routes/operator/lppm/penugasan-reviewer";
import * as administrasi from "../../app/routes/lppm/reviewer/evaluasi-administrasi";
import * as substansi from "../../app/routes/lppm/reviewer/evaluasi-substansi";
import * as dokumen from "~/routes/lppm/usulan-dokumen";
import { storeDocument } from "~/lib/server/documents.server";
import { withinLayouts } from "../setup/app-routes";
import { pdfFile } from "../setup/lppm";
import { kriteriaRubrik } from "~/domain/lppm/review/penilaian.server";
import { startSession, takeFlash } from "../../app/http/session.server";
import { seedReviewScenario, SUBSTANSI_PENELITIAN, type ReviewScenario } from "../setup/lppm-review";
import { runRoute, TEST_ORIGIN, type RouteResult } from "../setup/route";
import { createTestDb, type TestDb } from "../setup/test-db";
import { toWibDateTimeInput } from "~/lib/util/wib";

type Fn = (args: never) => unknown;
type Mod = { loader: Fn; action: Fn };
type Who = keyof ReviewScenario["users"] | "operator" | "anonim";

const VERIFIKASI = "/operatorfakultas/persetujuan-usulan/usulan-reguler";
const PENUGASAN = "/operator/lppm/penugasan-reviewer";
const ADMINISTRASI = "/reviewer/evaluasi-administrasi";
const SUBSTANSI = "/reviewer/evaluasi-substansi";
const DAY = 24 * 60 * 60 * 1000;

let t: TestDb;
let s: ReviewScenario;
const cookies = new Map<Who, string>();

async function cookieOf(who: Who): Promise<string | null> {
  if (who === "anonim") return null;
  const cached = cookies.get(who);
  if (cached) return cached;
  const id =
    who === "operator"
      ? (t.db.$client.prepare("select id from users where hak_akses like '%\"Operator\"%' order by id limit 1").get() as { id: number }).id
      : s.users[who].id;
  const cookie = (await startSession(new Request(`${TEST_ORIGIN}/login`), id)).split(";")[0]!;
  cookies.set(who, cookie);
  return cookie;
}

/** A request through the area's guard middleware, then the route's loader or action. */
async function call(mod: Mod, path: string, who: Who, form?: Record<string, string>, params: Record<string, string> = {}): Promise<RouteResult> {
  const cookie = await cookieOf(who);
  const headers: Record<string, string> = cookie ? { Cookie: cookie } : {};
  let request: Request;
  if (form) {
    const body = new FormData();
    for (const [k, v] of Object.entries(form)) body.append(k, v);
    request = new Request(`${TEST_ORIGIN}${path}`, { method: "POST", body, headers: { ...headers, Origin: TEST_ORIGIN } });
  } else {
    request = new Request(`${TEST_ORIGIN}${path}`, { headers });
  }
  const fn = form ? mod.action : mod.loader;
  const guarded = (args: never) => withinLayouts(request.url, args, () => fn(args));
  return runRoute(guarded as Fn, request, params);
}

const statusOf = () => t.db.select({ status: schema.usulan.status }).from(schema.usulan).where(eq(schema.usulan.id, s.usulan)).get()?.status;
const logCount = () => t.db.select().from(schema.statusLog).all().length;
const assignments = () => t.db.select().from(schema.penugasanReviewer).where(eq(schema.penugasanReviewer.id_usulan, s.usulan)).all();
const errorsOf = (r: RouteResult) => ((r.data as { result?: { error?: Record<string, string[]> } }).result?.error ?? {}) as Record<string, string[]>;
async function toastOf(r: RouteResult) {
  const cookie = r.headers.get("Set-Cookie");
  if (!cookie) return null;
  return (await takeFlash(new Request(TEST_ORIGIN, { headers: { Cookie: cookie.split(";")[0]! } }))).flash?.message ?? null;
}

beforeEach(() => {
  t = createTestDb();
  cookies.clear();
  s = seedReviewScenario(t.db, { tag: "integrasi" });
});
afterEach(() => t.cleanup());

const OTHERS_OF_VERIFIER: Who[] = ["ketua", "reviewer1", "sekretaris", "operator"];

describe("OperatorFakultasPersetujuanUsulanReguler", () => {
  const mod = persetujuan as unknown as Mod;

  it("guards: anonymous to /login, other roles 404, the other faculty's verifier sees nothing of it", async () => {
    expect(await call(mod, VERIFIKASI, "anonim")).toMatchObject({ status: 302, location: expect.stringContaining("/login?redirectTo=") });
    for (const who of OTHERS_OF_VERIFIER) expect((await call(mod, VERIFIKASI, who)).status, who).toBe(404);
    const mine = await call(mod, VERIFIKASI, "verifikatorA");
    expect(mine.status).toBe(200);
    expect((mine.data as { list: { rows: { id: number }[] } }).list.rows.map((r) => r.id)).toEqual([s.usulan]);
    const other = await call(mod, VERIFIKASI, "verifikatorB");
    expect((other.data as { list: { rows: unknown[] } }).list.rows).toEqual([]);
    expect((await call(mod, `${VERIFIKASI}?lihat=${s.usulan}`, "verifikatorB")).status).toBe(404);
    expect((await call(mod, `${VERIFIKASI}?lihat=abc`, "verifikatorA")).status).toBe(404);
    const detail = await call(mod, `${VERIFIKASI}?lihat=${s.usulan}`, "verifikatorA");
    expect(detail.data).toMatchObject({ lihat: { detail: { usulan: { id: s.usulan, judul: s.judul }, tim: { ketua: { nama: s.users.ketua.name } } } } });
    // The status filter: nothing DITOLAK yet.
    expect((await call(mod, `${VERIFIKASI}?status=DITOLAK`, "verifikatorA")).data).toMatchObject({ status: "DITOLAK", list: { rows: [] } });
  });

  it("refuses bad posts with 4xx and changes nothing", async () => {
    const logs = logCount();
    const noNote = await call(mod, VERIFIKASI, "verifikatorA", { intent: "tolak", id: String(s.usulan), catatan: "  " });
    expect(noNote.status).toBe(400);
    expect(errorsOf(noNote).catatan).toEqual(["Catatan wajib diisi."]);
    expect((await call(mod, VERIFIKASI, "verifikatorB", { intent: "setujui", id: String(s.usulan) })).status).toBe(404);
    expect((await call(mod, VERIFIKASI, "verifikatorA", { intent: "hapus", id: String(s.usulan) })).status).toBe(400);
    expect((await call(mod, VERIFIKASI, "verifikatorA", { intent: "setujui", id: "999999" })).status).toBe(404);
    for (const who of OTHERS_OF_VERIFIER) expect((await call(mod, VERIFIKASI, who, { intent: "setujui", id: String(s.usulan) })).status, who).toBe(404);
    expect((await call(mod, VERIFIKASI, "anonim", { intent: "setujui", id: String(s.usulan) })).status).toBe(302);
    expect(statusOf()).toBe("DIAJUKAN");
    expect(logCount()).toBe(logs);
  });

  it("'Kembalikan' with a note returns the proposal to its ketua", async () => {
    const back = await call(mod, `${VERIFIKASI}?lihat=${s.usulan}&status=DIAJUKAN`, "verifikatorA", { intent: "kembalikan", id: String(s.usulan), catatan: "Lengkapi RAB" });
    expect(back).toMatchObject({ status: 302, location: `${VERIFIKASI}?status=DIAJUKAN` });
    expect(await toastOf(back)).toBe("Data berhasil disimpan");
    expect(statusOf()).toBe("DIKEMBALIKAN");
  });

  it("two verifiers approving at once: one wins, the other is refused", async () => {
    // A second verifier of the same faculty.
    t.db.$client.prepare("update users set id_fakultas_verifikasi = ? where id = ?").run(s.fakultas.a, s.users.verifikatorB.id);
    const [a, b] = await Promise.all([
      call(mod, VERIFIKASI, "verifikatorA", { intent: "setujui", id: String(s.usulan) }),
      call(mod, VERIFIKASI, "verifikatorB", { intent: "tolak", id: String(s.usulan), catatan: "Tidak sesuai" }),
    ]);
    expect([a.status, b.status].sort()).toEqual([302, 409]);
    const moves = t.db.select().from(schema.statusLog).where(eq(schema.statusLog.entity_id, s.usulan)).all().filter((l) => l.from_status === "DIAJUKAN");
    expect(moves).toHaveLength(1);
    expect(statusOf()).toBe(moves[0]!.to_status);
  });
});

describe("Penugasan Reviewer", () => {
  const mod = penugasan as unknown as Mod;
  const form = (over: Record<string, string> = {}) => ({
    intent: "tugaskan",
    id: String(s.usulan),
    reviewer_1: String(s.users.reviewer1.id),
    reviewer_2: String(s.users.reviewer2.id),
    tenggat: toWibDateTimeInput(new Date(Date.now() + 7 * DAY)),
    ...over,
  });

  beforeEach(() => {
    t.db.$client.prepare("update usulan set status = 'DISETUJUI_FAKULTAS' where id = ?").run(s.usulan);
  });

  it("guards: anonymous to /login, every LPPM role 404, the operator sees the list and the form", async () => {
    expect((await call(mod, PENUGASAN, "anonim")).status).toBe(302);
    for (const who of ["ketua", "verifikatorA", "reviewer1", "sekretaris"] as Who[]) {
      expect((await call(mod, PENUGASAN, who)).status, who).toBe(404);
      expect((await call(mod, PENUGASAN, who, form())).status, who).toBe(404);
    }
    const list = await call(mod, PENUGASAN, "operator");
    expect((list.data as { list: { rows: { id: number }[] } }).list.rows.map((r) => r.id)).toContain(s.usulan);
    const detail = await call(mod, `${PENUGASAN}?lihat=${s.usulan}`, "operator");
    expect(detail.data).toMatchObject({ lihat: { bisaDitugaskan: true } });
    expect((detail.data as { reviewer: { id: number }[] }).reviewer.map((r) => r.id)).toEqual(expect.arrayContaining([s.users.reviewer1.id, s.users.reviewer2.id]));
    expect((await call(mod, `${PENUGASAN}?lihat=999999`, "operator")).status).toBe(404);
  });

  it("refuses bad input with its message on the field, writing nothing", async () => {
    const cases: [Record<string, string>, number, string, string][] = [
      [{ reviewer_2: String(s.users.reviewer1.id) }, 400, "reviewer_2", "Reviewer 1 dan Reviewer 2 harus berbeda."],
      [{ tenggat: "" }, 400, "tenggat", "Tenggat wajib diisi."],
      [{ tenggat: "besok" }, 400, "tenggat", "Tenggat tidak valid. Pilih tanggal dan jam."],
      [{ tenggat: toWibDateTimeInput(new Date(Date.now() - DAY)) }, 422, "tenggat", "Tenggat harus setelah waktu sekarang."],
      [{ reviewer_1: String(s.users.anggota.id) }, 422, "reviewer_1", `${s.users.anggota.name} termasuk tim usulan ini dan tidak dapat menjadi reviewernya.`],
      [{ reviewer_2: String(s.users.reviewerSeprodi.id) }, 422, "reviewer_2", expect.stringContaining("program studi ketua") as unknown as string],
      [{ reviewer_1: String(s.users.ketua.id) }, 422, "reviewer_1", "Reviewer tidak ditemukan, tidak aktif, atau tidak memegang peran reviewer."],
    ];
    for (const [over, status, field, message] of cases) {
      const result = await call(mod, PENUGASAN, "operator", form(over));
      expect(result.status, JSON.stringify(over)).toBe(status);
      expect(errorsOf(result)[field], JSON.stringify(over)).toEqual([message]);
    }
    expect(assignments()).toEqual([]);
    expect(statusOf()).toBe("DISETUJUI_FAKULTAS");
  });

  it("assigns two reviewers and opens the review", async () => {
    const done = await call(mod, `${PENUGASAN}?lihat=${s.usulan}`, "operator", form());
    expect(done).toMatchObject({ status: 302, location: PENUGASAN });
    expect(statusOf()).toBe("REVIEW");
    expect(assignments().map((a) => a.id_reviewer)).toEqual([s.users.reviewer1.id, s.users.reviewer2.id]);
    const again = await call(mod, PENUGASAN, "operator", form());
    expect(again.status).toBe(409);
    expect(assignments()).toHaveLength(2);
  });
});

describe("ReviewerEvaluasiAdministrasi and ReviewerEvaluasiSubstansi", () => {
  const adm = administrasi as unknown as Mod;
  const sub = substansi as unknown as Mod;
  let a1: number;
  let a2: number;

  beforeEach(async () => {
    t.db.$client.prepare("update usulan set status = 'DISETUJUI_FAKULTAS' where id = ?").run(s.usulan);
    const r = await call(penugasan as unknown as Mod, PENUGASAN, "operator", {
      intent: "tugaskan",
      id: String(s.usulan),
      reviewer_1: String(s.users.reviewer1.id),
      reviewer_2: String(s.users.reviewer2.id),
      tenggat: toWibDateTimeInput(new Date(Date.now() + 7 * DAY)),
    });
    expect(r.status).toBe(302);
    [a1, a2] = assignments().map((a) => a.id) as [number, number];
  });

  const adminForm = (id: number, overall = "lolos") => {
    const n = kriteriaRubrik(t.db, "penelitian", "administrasi").length;
    const fields: Record<string, string> = { intent: "simpan", id: String(id), hasil: overall, catatan: overall === "lolos" ? "" : "Tidak lengkap" };
    for (let i = 0; i < n; i++) fields[`items[${i}].lolos`] = overall;
    return fields;
  };
  const subForm = (id: number, skor: number) => {
    const fields: Record<string, string> = { intent: "simpan", id: String(id), rekomendasi: "Layak didanai", dana_rekomendasi: "30.000.000" };
    SUBSTANSI_PENELITIAN.forEach((_, i) => {
      fields[`items[${i}].skor`] = String(skor);
      fields[`items[${i}].justifikasi`] = "Sesuai panduan";
    });
    return fields;
  };

  it("guards: anonymous to /login, non-reviewers 404, an unassigned or other reviewer 404", async () => {
    for (const [mod, path] of [[adm, ADMINISTRASI], [sub, SUBSTANSI]] as const) {
      expect((await call(mod, path, "anonim")).status).toBe(302);
      for (const who of ["ketua", "verifikatorA", "sekretaris", "operator"] as Who[]) {
        expect((await call(mod, path, who)).status, `${path} ${who}`).toBe(404);
        expect((await call(mod, path, who, adminForm(a1))).status, `${path} ${who} post`).toBe(404);
      }
    }
    const list = await call(adm, ADMINISTRASI, "reviewer1");
    expect((list.data as { list: { rows: { id: number }[] } }).list.rows.map((r) => r.id)).toEqual([a1]);
    expect((await call(adm, `${ADMINISTRASI}?nilai=${a1}`, "reviewer1")).data).toMatchObject({ nilai: { penugasan: { id: a1 }, tertutup: null } });
    expect((await call(adm, `${ADMINISTRASI}?nilai=${a1}`, "reviewer2")).status).toBe(404);
    expect((await call(adm, `${ADMINISTRASI}?nilai=${a1}`, "reviewerSeprodi")).status).toBe(404);
    expect((await call(adm, ADMINISTRASI, "reviewer2", adminForm(a1))).status).toBe(404);
    expect((await call(adm, ADMINISTRASI, "reviewerSeprodi", adminForm(a1))).status).toBe(404);
    // Substansi before the administrasi passed: nothing to open.
    expect((await call(sub, `${SUBSTANSI}?nilai=${a1}`, "reviewer1")).status).toBe(404);
    expect(t.db.select().from(schema.penilaianItem).all()).toEqual([]);
  });

  it("refuses an incomplete checklist and a substantive form without scores, with Indonesian messages", async () => {
    const missing = await call(adm, ADMINISTRASI, "reviewer1", { intent: "simpan", id: String(a1), hasil: "lolos" });
    expect(missing.status).toBe(400);
    expect(Object.values(errorsOf(missing)).flat().join(" ")).toMatch(/Pilih Lolos atau Tidak lolos|Isi setiap butir/);
    const noNote = await call(adm, ADMINISTRASI, "reviewer1", { ...adminForm(a1, "tidak"), catatan: "" });
    expect(errorsOf(noNote).catatan).toEqual(["Catatan wajib diisi bila hasilnya Tidak lolos."]);
    const inconsistent = await call(adm, ADMINISTRASI, "reviewer1", { ...adminForm(a1), "items[0].lolos": "tidak" });
    expect(errorsOf(inconsistent).hasil).toEqual(["Hasil tidak dapat Lolos bila ada butir yang Tidak lolos."]);
    expect(assignments().every((a) => a.administrasi_at === null)).toBe(true);

    expect((await call(adm, ADMINISTRASI, "reviewer1", adminForm(a1))).status).toBe(302);
    const noScore = await call(sub, SUBSTANSI, "reviewer1", { ...subForm(a1, 5), "items[2].skor": "4", "items[3].justifikasi": "" });
    expect(noScore.status).toBe(400);
    expect(errorsOf(noScore)["items[2].skor"]).toEqual(["Pilih skor untuk setiap kriteria."]);
    expect(errorsOf(noScore)["items[3].justifikasi"]).toEqual(["Justifikasi wajib diisi untuk setiap kriteria."]);
    const tooMuch = await call(sub, SUBSTANSI, "reviewer1", { ...subForm(a1, 5), dana_rekomendasi: "90.000.000" });
    expect(tooMuch.status).toBe(422);
    expect(errorsOf(tooMuch).dana_rekomendasi).toEqual(["Dana rekomendasi tidak boleh melebihi dana yang diusulkan."]);
    expect(t.db.select().from(schema.penilaianItem).all().filter((i) => i.tahap === "substansi")).toEqual([]);
  });

  it("past the deadline the form is closed and a post is refused", async () => {
    t.db.$client.prepare("update penugasan_reviewer set tenggat = ? where id = ?").run(Date.now() - 1000, a1);
    const view = await call(adm, `${ADMINISTRASI}?nilai=${a1}`, "reviewer1");
    expect((view.data as { nilai: { tertutup: string } }).nilai.tertutup).toContain("Batas waktu penilaian telah lewat");
    const late = await call(adm, ADMINISTRASI, "reviewer1", adminForm(a1));
    expect(late.status).toBe(409);
    expect((late.data as { message: string }).message).toContain("Batas waktu penilaian telah lewat");
    expect(assignments().find((a) => a.id === a1)?.administrasi_at).toBeNull();
  });

  it("both reviewers score and the proposal is DINILAI with the average", async () => {
    for (const [who, id] of [["reviewer1", a1], ["reviewer2", a2]] as const) {
      const saved = await call(adm, `${ADMINISTRASI}?nilai=${id}`, who, adminForm(id));
      expect(saved).toMatchObject({ status: 302, location: ADMINISTRASI });
    }
    expect((await call(sub, SUBSTANSI, "reviewer1")).data).toMatchObject({ list: { rows: [{ id: a1 }] } });
    expect((await call(sub, SUBSTANSI, "reviewer1", subForm(a1, 6))).status).toBe(302);
    expect(statusOf()).toBe("REVIEW");
    expect((await call(sub, SUBSTANSI, "reviewer2", subForm(a2, 5))).status).toBe(302);
    expect(statusOf()).toBe("DINILAI");
    expect(t.db.select().from(schema.usulan).where(eq(schema.usulan.id, s.usulan)).get()?.nilai_rata).toBe((600 + 500) / 2);
    // Saved: the view is read-only and a second post is refused.
    const view = await call(sub, `${SUBSTANSI}?nilai=${a1}&status=sudah`, "reviewer1");
    expect(view.data).toMatchObject({ nilai: { penugasan: { total_nilai: 600, rekomendasi: "Layak didanai" } } });
    expect((await call(sub, SUBSTANSI, "reviewer1", subForm(a1, 7))).status).toBe(409);
  });
});

describe("the proposal's documents on the review screens", () => {
  it("the verifier of its faculty and an assigned reviewer download it; others get 404", async () => {
    const stored = await storeDocument(pdfFile("usulan.pdf"), "usulan");
    const dokumenId = Number(
      t.db.$client
        .prepare("insert into usulan_dokumen (id_usulan, ronde, versi, file, nama_file, ukuran) values (?, 'usulan', 1, ?, 'usulan.pdf', ?)")
        .run(s.usulan, stored.file, stored.ukuran).lastInsertRowid,
    );
    const params = { usulanId: String(s.usulan), dokumenId: String(dokumenId) };
    const get = (prefix: string, who: Who) => call(dokumen as unknown as Mod, `${prefix}/usulan/${s.usulan}/dokumen/${dokumenId}`, who, undefined, params);
    expect((await get("/operatorfakultas", "verifikatorA")).status).toBe(200);
    expect((await get("/operatorfakultas", "verifikatorB")).status).toBe(404);
    expect((await get("/reviewer", "anonim")).status).toBe(302);
    expect((await get("/reviewer", "reviewer1")).status).toBe(404);
    t.db.$client.prepare("update usulan set status = 'DISETUJUI_FAKULTAS' where id = ?").run(s.usulan);
    await call(penugasan as unknown as Mod, PENUGASAN, "operator", {
      intent: "tugaskan",
      id: String(s.usulan),
      reviewer_1: String(s.users.reviewer1.id),
      reviewer_2: String(s.users.reviewer2.id),
      tenggat: toWibDateTimeInput(new Date(Date.now() + 7 * DAY)),
    });
    const own = await get("/reviewer", "reviewer1");
    expect(own.status).toBe(200);
    expect(own.headers.get("Content-Type")).toContain("application/pdf");
    expect((await get("/reviewer", "reviewerSeprodi")).status).toBe(404);
  });
});
