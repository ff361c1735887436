/**
 * The proposer's screens with real sessions through the area's guard: the list per kind, the
 * detail/editor page and the document download of every area. Each is tried as the ketua, an
 * invited member, another lecturer, reviewer/verifier/operator on a DRAF, and anonymous; bad
 * input answers 4xx with its message and changes nothing.
 */
import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import * as schema from "../../db/schema";
import { routedModule, withinLayouts } from "../setup/app-routes";

/** The modules serving each URL asked (the list is one screen per kind; a dashboard per area). */
const listRoute = routedModule;
const dashboardRoute = routedModule;
import * as detailRoute from "~/routes/lppm/pengusul/usulan.$usulanId";
import * as dokumenRoute from "~/routes/lppm/usulan-dokumen";
import type { Actor } from "~/domain/lppm/workflow.server";
import { usulanTransition } from "~/domain/lppm/usulan/transition.server";
import { HANYA_KETUA, inviteAnggota } from "~/domain/lppm/usulan/draft.server";
import { startSession } from "../../app/http/session.server";
import { addUsulanCast, addVerifikator, completeUsulan, DAY, invitationOf, newUsulan, nidnOf, pdfFile, type LppmBase } from "../setup/lppm";
import { addUser } from "../setup/data";
import { flashOf, snapshot } from "../setup/operator-helpers";
import { runRoute, TEST_ORIGIN, type RouteFn, type RouteResult } from "../setup/route";
import { createTestDb, type TestDb } from "../setup/test-db";

type Mod = { loader?: RouteFn; action?: RouteFn };
type Body = Record<string, string | File>;

let t: TestDb;
let base: LppmBase;
let ketua: Actor;
let anggota: Actor;
let lain: Actor;

beforeEach(async () => {
  t = createTestDb();
  ({ base, ketua, anggota, lain } = await addUsulanCast(t.db));
});
afterEach(() => t.cleanup());

const cookies = new Map<number, string>();
async function cookieOf(userId: number): Promise<string> {
  const setCookie = await startSession(new Request(`${TEST_ORIGIN}/login`), userId);
  const cookie = setCookie.split(";")[0]!;
  cookies.set(userId, cookie);
  return cookie;
}

/** A request through the area's guard middleware, then the route's loader or action. */
async function call(mod: Mod, path: string, params: Record<string, string>, who: { id: number } | null, body?: Body): Promise<RouteResult> {
  const headers = new Headers();
  if (who) headers.set("Cookie", await cookieOf(who.id));
  let request: Request;
  if (body) {
    const form = new FormData();
    for (const [key, value] of Object.entries(body)) form.append(key, value);
    headers.set("Origin", TEST_ORIGIN);
    request = new Request(`${TEST_ORIGIN}${path}`, { method: "POST", body: form, headers });
  } else {
    request = new Request(`${TEST_ORIGIN}${path}`, { headers });
  }
  const handler = body ? mod.action! : mod.loader!;
  const guarded = ((args: never) => withinLayouts(request.url, args, () => (handler as (a: never) => unknown)(args))) as RouteFn;
  return runRoute(guarded, request, params);
}

const LIST = "/pengusul/penelitian/usulan-baru";
const detailPath = (id: number, search = "") => `/pengusul/usulan/${id}${search}`;
const row = (id: number) => t.db.select().from(schema.usulan).where(eq(schema.usulan.id, id)).get();
type ListData = { list: { rows: { id: number; peran: string }[]; total: number }; undangan: { id: number }[]; periode: { id: number }[] };
type DetailData = { detail: { usulan: { status: string }; tim: unknown }; bagian: string | null; syarat: string[]; undanganId: number | null };
type Reply = { intent?: string; message?: string; problems?: string[]; result?: { error?: Record<string, string[]> } };

async function refused(mod: Mod, path: string, params: Record<string, string>, who: { id: number } | null, body: Body): Promise<RouteResult<Reply>> {
  const before = snapshot(t.db, t.uploadsDir);
  const result = await call(mod, path, params, who, body);
  expect(snapshot(t.db, t.uploadsDir), `nothing changed after POST ${path}`).toEqual(before);
  return result as RouteResult<Reply>;
}

async function roleUser(roles: Parameters<typeof addUser>[1]): Promise<Actor> {
  const user = await addUser(t.db, roles);
  return { id: user.id, name: user.name, roles };
}

describe("the proposer's list (Usulan Baru)", () => {
  it("anonymous goes to /login; a user without Pengusul gets 404; the lecturer sees their own, filtered", async () => {
    const draft = newUsulan(t.db, ketua, base.periodeId);
    const anon = await call(listRoute, LIST, {}, null);
    expect(anon.status).toBe(302);
    expect(anon.location).toContain("/login");
    const reviewer = await roleUser(["Reviewer-Internal"]);
    expect((await call(listRoute, LIST, {}, reviewer)).status).toBe(404);

    const own = await call(listRoute, LIST, {}, ketua);
    expect(own.status).toBe(200);
    expect((own.data as ListData).list.rows.map((r) => r.id)).toEqual([draft]);
    expect(((await call(listRoute, `${LIST}?status=DIAJUKAN`, {}, ketua)).data as ListData).list.total).toBe(0);
    expect(((await call(listRoute, "/pengusul/pengabdian/usulan-baru", {}, ketua)).data as ListData).list.total).toBe(0);
    expect(((await call(listRoute, LIST, {}, lain)).data as ListData).list.total).toBe(0);
    // ?tambah=1 offers the open calls of that kind.
    expect(((await call(listRoute, `${LIST}?tambah=1`, {}, ketua)).data as ListData).periode.map((p) => p.id)).toEqual([base.periodeId]);
    // ?hapus= of someone else's or a missing proposal: 404.
    expect((await call(listRoute, `${LIST}?hapus=${draft}`, {}, lain)).status).toBe(404);
    expect((await call(listRoute, `${LIST}?hapus=999999`, {}, ketua)).status).toBe(404);
    expect((await call(listRoute, `${LIST}?hapus=${draft}`, {}, ketua)).status).toBe(200);
  });

  it("creates a DRAF and opens its editor; bad input answers 400/422 with messages and creates nothing", async () => {
    const empty = await refused(listRoute, LIST, {}, ketua, { intent: "tambah" });
    expect(empty.status).toBe(400);
    expect(empty.data.result?.error).toMatchObject({ id_periode: ["Periode wajib dipilih."], judul: ["Judul wajib diisi."] });
    const foreign = await refused(listRoute, "/pengusul/pengabdian/usulan-baru", {}, ketua, { intent: "tambah", id_periode: String(base.periodeId), judul: "X" });
    expect(foreign.status).toBe(422);
    expect(foreign.data.message).toBe("Periode ini tidak sedang menerima usulan.");
    expect((await refused(listRoute, LIST, {}, ketua, { intent: "bogus" })).status).toBe(400);
    expect((await refused(listRoute, LIST, {}, null, { intent: "tambah", id_periode: String(base.periodeId), judul: "X" })).status).toBe(302);

    const created = await call(listRoute, LIST, {}, ketua, { intent: "tambah", id_periode: String(base.periodeId), judul: "Briket Arang" });
    expect(created.status).toBe(302);
    const id = t.db.select().from(schema.usulan).all().at(-1)!.id;
    expect(created.location).toBe(`/pengusul/usulan/${id}?bagian=identitas`);
    expect(row(id)).toMatchObject({ status: "DRAF", judul: "Briket Arang", id_ketua: ketua.id });
  });

  it("invitations: the invited lecturer sees them and answers; nobody else can", async () => {
    const id = newUsulan(t.db, ketua, base.periodeId);
    inviteAnggota(t.db, ketua, id, nidnOf(t.db, anggota));
    const invitation = invitationOf(t.db, id, anggota)!;
    expect(((await call(listRoute, LIST, {}, anggota)).data as ListData).undangan.map((u) => u.id)).toEqual([invitation.id]);
    const stranger = await call(listRoute, LIST, {}, lain, { intent: "terima", id: String(invitation.id) });
    expect(stranger.status).toBe(302);
    expect((await flashOf(stranger))?.kind).toBe("error");
    expect(invitationOf(t.db, id, anggota)!.status_undangan).toBe("MENUNGGU");
    const accepted = await call(listRoute, LIST, {}, anggota, { intent: "terima", id: String(invitation.id) });
    expect(await flashOf(accepted)).toMatchObject({ kind: "success", message: "Undangan diterima." });
    expect(invitationOf(t.db, id, anggota)!.status_undangan).toBe("DITERIMA");
  });

  it("deletes only one's own DRAF", async () => {
    const id = newUsulan(t.db, ketua, base.periodeId);
    const stranger = await call(listRoute, LIST, {}, lain, { intent: "hapus", id: String(id) });
    expect((await flashOf(stranger))?.kind).toBe("error");
    expect(row(id)).toBeDefined();
    const own = await call(listRoute, LIST, {}, ketua, { intent: "hapus", id: String(id) });
    expect(await flashOf(own)).toMatchObject({ kind: "success", message: "Data berhasil dihapus" });
    expect(row(id)).toBeUndefined();
  });
});

describe("the detail and editor page", () => {
  it("ketua edits; an invited member reads (and may answer); everyone else gets 404", async () => {
    const id = newUsulan(t.db, ketua, base.periodeId);
    inviteAnggota(t.db, ketua, id, nidnOf(t.db, anggota));
    const own = await call(detailRoute, detailPath(id, "?bagian=rab"), { usulanId: String(id) }, ketua);
    expect(own.status).toBe(200);
    expect((own.data as DetailData).bagian).toBe("rab");
    expect((own.data as DetailData).syarat.length).toBeGreaterThan(0);
    const member = (await call(detailRoute, detailPath(id), { usulanId: String(id) }, anggota)).data as DetailData;
    expect(member.bagian).toBeNull();
    expect(member.undanganId).toBe(invitationOf(t.db, id, anggota)!.id);
    expect((await call(detailRoute, detailPath(id), { usulanId: String(id) }, lain)).status).toBe(404);
    expect((await call(detailRoute, detailPath(999999), { usulanId: "999999" }, ketua)).status).toBe(404);
    expect((await call(detailRoute, detailPath(id), { usulanId: "abc" }, ketua)).status).toBe(404);
    expect((await call(detailRoute, detailPath(id), { usulanId: String(id) }, null)).status).toBe(302);
    // A reviewer, verifier or operator who is also a lecturer sees no one else's DRAF.
    for (const roles of [["Pengusul", "Reviewer-Internal"], ["Pengusul", "Verifikator-Fakultas"], ["Pengusul", "Operator"]] as const) {
      const other = await roleUser([...roles]);
      expect((await call(detailRoute, detailPath(id), { usulanId: String(id) }, other)).status, roles.join("+")).toBe(404);
    }
  });

  it("saves identity; bad input answers 400 with messages; a member is refused 403, a stranger 404; nothing changes", async () => {
    const id = newUsulan(t.db, ketua, base.periodeId);
    inviteAnggota(t.db, ketua, id, nidnOf(t.db, anggota));
    const params = { usulanId: String(id) };
    const path = detailPath(id, "?bagian=identitas");
    const good = { intent: "simpan-identitas", judul: "Briket", ringkasan: "Singkat.", kata_kunci: "a, b, c", bidang_fokus: "Energi", tkt: "2", lama_bulan: "10" };
    const bad = await refused(detailRoute, path, params, ketua, { ...good, lama_bulan: "abc", kata_kunci: "a" });
    expect(bad.status).toBe(400);
    expect(bad.data.result?.error).toMatchObject({ lama_bulan: ["Lama kegiatan harus berupa bilangan bulat."] });
    expect(bad.data.result?.error?.kata_kunci?.[0]).toContain("Kata kunci 3–5");
    const tkt = await refused(detailRoute, path, params, ketua, { ...good, tkt: "7" });
    expect(tkt.data.result?.error).toMatchObject({ tkt: ["TKT harus antara 1 dan 3."] });
    const member = await refused(detailRoute, path, params, anggota, good);
    expect(member.status).toBe(403);
    expect(member.data.message).toBe(HANYA_KETUA);
    expect((await refused(detailRoute, path, params, lain, good)).status).toBe(404);
    expect((await refused(detailRoute, path, params, null, good)).status).toBe(302);
    expect((await refused(detailRoute, path, params, ketua, { intent: "nope" })).status).toBe(400);

    const saved = await call(detailRoute, path, params, ketua, good);
    expect(saved.status).toBe(302);
    expect(saved.location).toBe(path);
    expect(row(id)).toMatchObject({ judul: "Briket", lama_bulan: 10, tkt: 2 });
  });

  it("RAB lines, team, luaran and a refused upload through the page", async () => {
    const id = newUsulan(t.db, ketua, base.periodeId);
    const params = { usulanId: String(id) };
    const rab = await call(detailRoute, detailPath(id, "?bagian=rab"), params, ketua, { intent: "tambah-rab", kelompok: "Bahan", item: "Semen", satuan: "sak", volume: "4", harga_satuan: "Rp 65.000" });
    expect(rab.status).toBe(302);
    expect(row(id)!.dana_diusulkan).toBe(260_000);
    const badRab = await refused(detailRoute, detailPath(id, "?bagian=rab"), params, ketua, { intent: "tambah-rab", kelompok: "Sewa", item: "", satuan: "x", volume: "0", harga_satuan: "abc" });
    expect(badRab.status).toBe(400);
    expect(Object.keys(badRab.data.result?.error ?? {}).sort()).toEqual(["harga_satuan", "item", "kelompok", "volume"]);
    const line = t.db.select().from(schema.usulanRab).where(eq(schema.usulanRab.id_usulan, id)).get()!;
    expect((await refused(detailRoute, detailPath(id), params, lain, { intent: "hapus-rab", id: String(line.id) })).status).toBe(404);
    expect((await refused(detailRoute, detailPath(id), params, ketua, { intent: "hapus-rab", id: "999999" })).status).toBe(404);

    const unknown = await refused(detailRoute, detailPath(id, "?bagian=tim"), params, ketua, { intent: "undang-anggota", nidn: "0000000000" });
    expect(unknown.status).toBe(422);
    expect(unknown.data.result?.error?.nidn?.[0]).toBe("Dosen dengan NIDN ini tidak ditemukan atau bukan pengusul aktif.");
    expect((await call(detailRoute, detailPath(id, "?bagian=tim"), params, ketua, { intent: "undang-anggota", nidn: nidnOf(t.db, anggota) })).status).toBe(302);
    const search = (await call(detailRoute, detailPath(id, "?bagian=tim&cari=Anggota"), params, ketua)).data as { hasil: { nama: string }[] };
    expect(search.hasil.map((h) => h.nama)).toEqual(["Dr. Anggota"]);

    expect((await call(detailRoute, detailPath(id, "?bagian=luaran"), params, ketua, { intent: "tambah-luaran", jenis: "Jurnal nasional terakreditasi", target: "Submitted" })).status).toBe(302);
    const badLuaran = await refused(detailRoute, detailPath(id, "?bagian=luaran"), params, ketua, { intent: "tambah-luaran", jenis: "Lainnya", target: "Published" });
    expect(badLuaran.data.result?.error).toMatchObject({ jenis_lain: ["Sebutkan jenis luaran lainnya."] });

    const notPdf = await refused(detailRoute, detailPath(id, "?bagian=dokumen"), params, ketua, {
      intent: "unggah-dokumen",
      berkas: new File([new TextEncoder().encode("bukan pdf sama sekali")], "usulan.pdf", { type: "application/pdf" }),
    });
    expect(notPdf.status).toBe(422);
    expect(notPdf.data.result?.error?.berkas?.[0]).toBe("Format file harus PDF.");
    const noFile = await refused(detailRoute, detailPath(id, "?bagian=dokumen"), params, ketua, { intent: "unggah-dokumen" });
    expect(noFile.status).toBe(400);
    expect((await call(detailRoute, detailPath(id, "?bagian=dokumen"), params, ketua, { intent: "unggah-dokumen", berkas: pdfFile() })).status).toBe(302);
    expect(t.db.select().from(schema.usulanDokumen).where(eq(schema.usulanDokumen.id_usulan, id)).all()).toHaveLength(1);
  });

  it("'Ajukan' lists every unmet rule (422, nothing changed), then submits; the timeline shows Diajukan", async () => {
    const id = newUsulan(t.db, ketua, base.periodeId);
    const params = { usulanId: String(id) };
    const refusedSubmit = await refused(detailRoute, detailPath(id), params, ketua, { intent: "ajukan" });
    expect(refusedSubmit.status).toBe(422);
    expect(refusedSubmit.data.problems).toEqual(
      expect.arrayContaining(["RAB belum diisi.", "Dokumen usulan (PDF) belum diunggah.", "Luaran wajib belum ditargetkan: Jurnal nasional terakreditasi."]),
    );
    const member = await refused(detailRoute, detailPath(id), params, lain, { intent: "ajukan" });
    expect(member.status).toBe(404);

    const complete = await completeUsulan(t.db, lain, base.periodeId, anggota);
    const ok = await call(detailRoute, detailPath(complete), { usulanId: String(complete) }, lain, { intent: "ajukan" });
    expect(ok.status).toBe(302);
    expect(ok.location).toBe(`/pengusul/usulan/${complete}`);
    expect(await flashOf(ok)).toMatchObject({ kind: "success", message: "Usulan berhasil diajukan." });
    const after = (await call(detailRoute, detailPath(complete, "?bagian=rab"), { usulanId: String(complete) }, lain)).data as DetailData & {
      detail: { timeline: { label: string }[] };
    };
    expect(after.bagian).toBeNull();
    expect(after.detail.timeline.map((e) => e.label)).toEqual(["Draf", "Diajukan"]);
    // Submitted: no more edits, no delete.
    const late = await refused(detailRoute, detailPath(complete), { usulanId: String(complete) }, lain, { intent: "tambah-rab", kelompok: "Bahan", item: "x", satuan: "x", volume: "1", harga_satuan: "1" });
    expect(late.status).toBe(409);
    expect((await call(detailRoute, detailPath(complete, "?hapus=1"), { usulanId: String(complete) }, lain)).status).toBe(404);
  });

  it("deletes the DRAF from its page and goes back to the list", async () => {
    const id = newUsulan(t.db, ketua, base.periodeId);
    const gone = await call(detailRoute, detailPath(id), { usulanId: String(id) }, ketua, { intent: "hapus", id: String(id) });
    expect(gone.location).toBe(LIST);
    expect(row(id)).toBeUndefined();
  });
});

describe("document download in every area", () => {
  it("the team downloads; reviewer, verifier, head and operator (its back-office route) get 404 until it is submitted", async () => {
    const id = await completeUsulan(t.db, ketua, base.periodeId, anggota);
    const dokumenId = t.db.select().from(schema.usulanDokumen).where(eq(schema.usulanDokumen.id_usulan, id)).get()!.id;
    const params = { usulanId: String(id), dokumenId: String(dokumenId) };
    const reviewer = await roleUser(["Reviewer-Internal"]);
    const verifier = await addVerifikator(t.db, base.fakultasId);
    const kepala = await roleUser(["Kepala-LPPM"]);
    const operator = await roleUser(["Operator"]);
    t.db.insert(schema.penugasanReviewer).values({ id_usulan: id, id_reviewer: reviewer.id, putaran: 1, tenggat: new Date(Date.now() + DAY) }).run();

    const own = await call(dokumenRoute, `/pengusul/usulan/${id}/dokumen/${dokumenId}`, params, ketua);
    expect(own.status).toBe(200);
    expect(own.headers.get("Content-Type")).toBe("application/pdf");
    expect((await call(dokumenRoute, `/pengusul/usulan/${id}/dokumen/${dokumenId}`, params, anggota)).status).toBe(200);
    expect((await call(dokumenRoute, `/pengusul/usulan/${id}/dokumen/${dokumenId}`, params, lain)).status).toBe(404);
    expect((await call(dokumenRoute, `/pengusul/usulan/${id}/dokumen/${dokumenId}`, params, null)).status).toBe(302);
    expect((await call(dokumenRoute, `/pengusul/usulan/${id}/dokumen/x`, { usulanId: String(id), dokumenId: "x" }, ketua)).status).toBe(404);
    const draftChecks = [
      [reviewer, `/reviewer/usulan/${id}/dokumen/${dokumenId}`],
      [verifier, `/operatorfakultas/usulan/${id}/dokumen/${dokumenId}`],
      [kepala, `/kepalalppm/usulan/${id}/dokumen/${dokumenId}`],
      [operator, `/operator/lppm/usulan/${id}/dokumen/${dokumenId}`],
    ] as const;
    for (const [who, path] of draftChecks) expect((await call(dokumenRoute, path, params, who)).status, path).toBe(404);

    expect(usulanTransition(t.db, ketua, id, "DIAJUKAN").ok).toBe(true);
    for (const [who, path] of draftChecks) expect((await call(dokumenRoute, path, params, who)).status, path).toBe(200);
    expect((await call(dokumenRoute, `/pengusul/usulan/${id}/dokumen/${dokumenId}`, params, lain)).status).toBe(404);
  });
});

describe("the proposer's dashboard", () => {
  it("shows their proposals by status and the next deadline; other areas' dashboards do not", async () => {
    const draft = newUsulan(t.db, ketua, base.periodeId);
    type Figures = { figures: { kind: string; perStatus: { status: string; jumlah: number }[]; berikutnya: { usulanId: number; stage: string } | null } };
    const own = ((await call(dashboardRoute, "/pengusul/dashboard", {}, ketua)).data as Figures).figures;
    expect(own.perStatus.find((c) => c.status === "DRAF")?.jumlah).toBe(1);
    expect(own.berikutnya).toMatchObject({ usulanId: draft, stage: "pengajuan" });
    const empty = ((await call(dashboardRoute, "/pengusul/dashboard", {}, lain)).data as Figures).figures;
    expect(empty.berikutnya).toBeNull();
    const reviewer = await roleUser(["Reviewer-Internal"]);
    expect(((await call(dashboardRoute, "/reviewer/dashboard", {}, reviewer)).data as Figures).figures.kind).toBe("reviewer");
  });
});
