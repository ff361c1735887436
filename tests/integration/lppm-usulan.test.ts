/**
 * The proposal's domain on a throw-away database: the draft part by part, invitations, every
 * submission rule of LPPM.md (each refusal with its own message, all listed at once, nothing
 * changed), two submits racing, deletion, and who may see a proposal and its documents.
 */
import fs from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import * as schema from "../../db/schema";
import type { Actor } from "~/domain/lppm/workflow.server";
import { tanggalWaktu } from "~/lib/util/wib";
import {
  addRab,
  answerUndangan,
  createUsulan,
  deleteUsulan,
  HANYA_KETUA,
  inviteAnggota,
  PERIODE_TIDAK_TERBUKA,
  removeRab,
  saveIdentitas,
  UNDANGAN_SUDAH_DIJAWAB,
  uploadDokumen,
} from "~/domain/lppm/usulan/draft.server";
import { usulanTransition } from "~/domain/lppm/usulan/transition.server";
import { DOKUMEN_BELUM, TOTAL_RAB_MELEBIHI, UNDANGAN_BELUM_DISETUJUI } from "~/domain/lppm/usulan/rules";
import {
  listUndanganMenunggu,
  listUsulanSaya,
  nextDeadline,
  searchDosen,
  usulanCountsByStatus,
  usulanDetail,
  usulanDocumentResponse,
} from "~/domain/lppm/usulan/read.server";
import { documentsDir } from "~/lib/server/documents.server";
import {
  addDosen,
  addUsulanCast,
  addPeriode,
  addSkema,
  addVerifikator,
  completeUsulan,
  DAY,
  IDENTITAS,
  invitationOf,
  newUsulan,
  nidnOf as nidnOfUser,
  pdfFile,
  type LppmBase,
} from "../setup/lppm";
import { addUser } from "../setup/data";
import { createTestDb, type TestDb } from "../setup/test-db";

let t: TestDb;
let base: LppmBase;
let ketua: Actor;
let anggota: Actor;
let lain: Actor;

const TABLE = { q: "", page: 1, size: 10 };

beforeEach(async () => {
  t = createTestDb();
  ({ base, ketua, anggota, lain } = await addUsulanCast(t.db));
});
afterEach(() => t.cleanup());

const nidnOf = (actor: Actor) => nidnOfUser(t.db, actor);
const row = (id: number) => t.db.select().from(schema.usulan).where(eq(schema.usulan.id, id)).get();
const anggotaRow = (id: number, user: Actor) => invitationOf(t.db, id, user);

function create(actor = ketua, periodeId = base.periodeId, jenis: "penelitian" | "pengabdian" = "penelitian"): number {
  return newUsulan(t.db, actor, periodeId, jenis);
}

/** A proposal that meets every rule, with `member` invited and accepted. */
function complete(actor = ketua, member: Actor | null = anggota, periodeId = base.periodeId): Promise<number> {
  return completeUsulan(t.db, actor, periodeId, member);
}

function submit(id: number, actor = ketua, now?: Date) {
  return usulanTransition(t.db, actor, id, "DIAJUKAN", now ? { now } : {});
}

function problemsOf(id: number, actor = ketua, now?: Date): string[] {
  const result = submit(id, actor, now);
  expect(result.ok).toBe(false);
  if (result.ok) return [];
  expect(row(id)!.status).toBe("DRAF");
  return "problems" in result ? result.problems : [result.message];
}

describe("creating and filling a draft", () => {
  it("creates a DRAF in an open call of its kind and logs it; a closed or foreign call is refused", () => {
    const id = create();
    expect(row(id)).toMatchObject({ status: "DRAF", id_ketua: ketua.id, jenis: "penelitian" });
    expect(t.db.select().from(schema.statusLog).where(eq(schema.statusLog.entity_id, id)).all()).toHaveLength(1);

    const closed = addPeriode(t.db, base.skemaId, { pengajuan_buka: new Date(Date.now() - 20 * DAY), pengajuan_tutup: new Date(Date.now() - DAY) });
    const before = t.db.select().from(schema.usulan).all().length;
    expect(createUsulan(t.db, ketua, "penelitian", { id_periode: closed, judul: "X" })).toMatchObject({ ok: false, status: 422, message: PERIODE_TIDAK_TERBUKA });
    expect(createUsulan(t.db, ketua, "pengabdian", { id_periode: base.periodeId, judul: "X" })).toMatchObject({ ok: false, message: PERIODE_TIDAK_TERBUKA });
    expect(createUsulan(t.db, ketua, "penelitian", { id_periode: 999_999, judul: "X" })).toMatchObject({ ok: false, message: PERIODE_TIDAK_TERBUKA });
    expect(t.db.select().from(schema.usulan).all()).toHaveLength(before);
  });

  it("saves identity; RAB totals are the server's; documents are versioned", async () => {
    const id = create();
    expect(saveIdentitas(t.db, ketua, id, IDENTITAS).ok).toBe(true);
    expect(row(id)).toMatchObject({ ringkasan: IDENTITAS.ringkasan, kata_kunci: JSON.stringify(IDENTITAS.kata_kunci), tkt: 2 });
    addRab(t.db, ketua, id, { kelompok: "Bahan", item: "Semen", satuan: "sak", volume: 4, harga_satuan: 65_000 });
    addRab(t.db, ketua, id, { kelompok: "Perjalanan", item: "Survei", satuan: "kali", volume: 2, harga_satuan: 500_000 });
    expect(row(id)!.dana_diusulkan).toBe(4 * 65_000 + 2 * 500_000);
    const line = t.db.select().from(schema.usulanRab).where(eq(schema.usulanRab.id_usulan, id)).all()[0]!;
    expect(line.jumlah).toBe(260_000);
    expect(removeRab(t.db, ketua, id, line.id).ok).toBe(true);
    expect(row(id)!.dana_diusulkan).toBe(1_000_000);

    expect(await uploadDokumen(t.db, ketua, id, pdfFile("v1.pdf"))).toMatchObject({ ok: true, versi: 1 });
    expect(await uploadDokumen(t.db, ketua, id, pdfFile("v2.pdf"))).toMatchObject({ ok: true, versi: 2 });
    const detail = usulanDetail(t.db, ketua, id)!;
    expect(detail.dokumen.map((d) => [d.versi, d.nama_file])).toEqual([
      [2, "v2.pdf"],
      [1, "v1.pdf"],
    ]);
  });

  it("only the ketua changes the draft: a member is told so, anyone else does not learn it exists", async () => {
    const id = create();
    inviteAnggota(t.db, ketua, id, nidnOf(anggota));
    const before = row(id);
    expect(saveIdentitas(t.db, anggota, id, IDENTITAS)).toMatchObject({ ok: false, status: 403, message: HANYA_KETUA });
    expect(saveIdentitas(t.db, lain, id, IDENTITAS)).toMatchObject({ ok: false, status: 404 });
    expect(addRab(t.db, lain, id, { kelompok: "Bahan", item: "x", satuan: "x", volume: 1, harga_satuan: 1 })).toMatchObject({ status: 404 });
    expect(await uploadDokumen(t.db, lain, id, pdfFile())).toMatchObject({ status: 404 });
    expect(row(id)).toEqual(before);
    expect(fs.existsSync(documentsDir()) ? fs.readdirSync(documentsDir(), { recursive: true }).filter((f) => String(f).endsWith(".pdf")) : []).toEqual([]);
  });

  it("deletes a DRAF with its files; a submitted proposal cannot be deleted", async () => {
    const id = await complete();
    const file = t.db.select().from(schema.usulanDokumen).where(eq(schema.usulanDokumen.id_usulan, id)).get()!.file;
    expect(fs.existsSync(path.join(documentsDir(), file))).toBe(true);
    expect(await deleteUsulan(t.db, lain, id)).toMatchObject({ ok: false, status: 404 });
    expect(await deleteUsulan(t.db, ketua, id)).toMatchObject({ ok: true });
    expect(row(id)).toBeUndefined();
    expect(fs.existsSync(path.join(documentsDir(), file))).toBe(false);

    const submitted = await complete(ketua, null);
    expect(submit(submitted).ok).toBe(true);
    expect(await deleteUsulan(t.db, ketua, submitted)).toMatchObject({ ok: false, status: 409, message: "Usulan berstatus Diajukan tidak dapat dihapus." });
    expect(row(submitted)).toBeDefined();
  });
});

describe("invitations", () => {
  it("invites by NIDN across faculties; refuses the unknown, the ketua, a repeat and a full team", async () => {
    const id = create();
    expect(inviteAnggota(t.db, ketua, id, "0000000000")).toMatchObject({ ok: false, status: 422, field: "nidn" });
    expect(inviteAnggota(t.db, ketua, id, nidnOf(ketua))).toMatchObject({ ok: false, message: "Anda adalah ketua usulan ini." });
    expect(inviteAnggota(t.db, ketua, id, nidnOf(anggota)).ok).toBe(true);
    expect(inviteAnggota(t.db, ketua, id, nidnOf(anggota))).toMatchObject({ ok: false, message: "Dr. Anggota sudah ada di tim usulan ini." });
    expect(inviteAnggota(t.db, ketua, id, nidnOf(lain)).ok).toBe(true);
    const keempat = await addDosen(t.db, base.prodiId);
    expect(inviteAnggota(t.db, ketua, id, nidnOf(keempat))).toMatchObject({ ok: false, message: "Tim sudah mencapai batas 2 anggota dosen untuk skema ini." });
    // The invited lecturer hears of it (the outbox).
    const messages = t.db.select().from(schema.notificationOutbox).where(eq(schema.notificationOutbox.user_id, anggota.id)).all();
    expect(messages.some((m) => m.body.includes(IDENTITAS.judul))).toBe(true);
    // … and finds it among the invitations waiting, and may read the proposal.
    expect(listUndanganMenunggu(t.db, anggota.id, "penelitian").map((u) => u.id_usulan)).toEqual([id]);
    expect(listUndanganMenunggu(t.db, anggota.id, "pengabdian")).toEqual([]);
    expect(usulanDetail(t.db, anggota, id)?.access.relations).toEqual(["undangan"]);
  });

  it("only the invited lecturer answers, once; the ketua hears the answer", () => {
    const id = create();
    inviteAnggota(t.db, ketua, id, nidnOf(anggota));
    const invitation = anggotaRow(id, anggota)!;
    expect(answerUndangan(t.db, lain, invitation.id, "DITERIMA")).toMatchObject({ ok: false, status: 404 });
    expect(answerUndangan(t.db, ketua, invitation.id, "DITERIMA")).toMatchObject({ ok: false, status: 404 });
    expect(anggotaRow(id, anggota)!.status_undangan).toBe("MENUNGGU");
    expect(answerUndangan(t.db, anggota, invitation.id, "DITERIMA")).toMatchObject({ ok: true, usulanId: id });
    expect(anggotaRow(id, anggota)!.status_undangan).toBe("DITERIMA");
    expect(answerUndangan(t.db, anggota, invitation.id, "DITOLAK")).toMatchObject({ ok: false, status: 409, message: UNDANGAN_SUDAH_DIJAWAB });
    expect(anggotaRow(id, anggota)!.status_undangan).toBe("DITERIMA");
    const toKetua = t.db.select().from(schema.notificationOutbox).where(eq(schema.notificationOutbox.user_id, ketua.id)).all();
    expect(toKetua.some((m) => m.subject === "Undangan diterima")).toBe(true);
    // The accepted member now lists it as their own (Anggota).
    expect(listUsulanSaya(t.db, anggota.id, "penelitian", TABLE).rows.map((r) => [r.id, r.peran])).toEqual([[id, "Anggota"]]);
  });

  it("a refused invitation does not hold the submission back but does not count in the team", async () => {
    const id = await complete(ketua, null);
    inviteAnggota(t.db, ketua, id, nidnOf(lain));
    expect(problemsOf(id)).toEqual([UNDANGAN_BELUM_DISETUJUI]);
    answerUndangan(t.db, lain, anggotaRow(id, lain)!.id, "DITOLAK");
    expect(submit(id).ok).toBe(true);
  });
});

describe("submission rules (LPPM.md): every unmet rule, listed at once, nothing changed", () => {
  it("a complete proposal is submitted: DIAJUKAN, time stamped, logged, the verifier hears of it", async () => {
    const verifier = await addVerifikator(t.db, base.fakultasId);
    const id = await complete();
    const result = submit(id);
    expect(result.ok).toBe(true);
    expect(row(id)!.status).toBe("DIAJUKAN");
    expect(row(id)!.diajukan_at).toBeInstanceOf(Date);
    const detail = usulanDetail(t.db, ketua, id)!;
    expect(detail.timeline.map((e) => e.label)).toEqual(["Draf", "Diajukan"]);
    expect(t.db.select().from(schema.notificationOutbox).where(eq(schema.notificationOutbox.user_id, verifier.id)).all().length).toBeGreaterThan(0);
  });

  it("an empty draft lists every missing part at once", () => {
    const id = create();
    const problems = problemsOf(id);
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^Identitas usulan belum lengkap: ringkasan, kata kunci \(3–5\), bidang fokus, TKT\.$/),
        "Skema ini mewajibkan minimal 1 anggota mahasiswa (saat ini 0).",
        "RAB belum diisi.",
        "Luaran wajib belum ditargetkan: Jurnal nasional terakreditasi.",
        DOKUMEN_BELUM,
      ]),
    );
    expect(problems).toHaveLength(5);
  });

  it("the closed window: 'Pengajuan ditutup pada {tanggal}.' along with the other problems", async () => {
    const id = await complete();
    const closes = row(id) && t.db.select().from(schema.periode).where(eq(schema.periode.id, base.periodeId)).get()!.pengajuan_tutup!;
    const later = new Date(closes!.getTime() + 60_000);
    expect(problemsOf(id, ketua, later)).toEqual([`Pengajuan ditutup pada ${tanggalWaktu(closes!)}.`]);
    t.db.delete(schema.usulanLuaran).where(eq(schema.usulanLuaran.id_usulan, id)).run();
    const result = submit(id, ketua, later);
    expect(result).toMatchObject({ ok: false, status: 409 });
    expect(!result.ok && "problems" in result && result.problems).toEqual([
      `Pengajuan ditutup pada ${tanggalWaktu(closes!)}.`,
      "Luaran wajib belum ditargetkan: Jurnal nasional terakreditasi.",
    ]);
  });

  it("every invitation must be accepted", async () => {
    const id = await complete(ketua, null);
    inviteAnggota(t.db, ketua, id, nidnOf(anggota));
    expect(problemsOf(id)).toEqual([UNDANGAN_BELUM_DISETUJUI]);
  });

  it("maks_ketua: one proposal led per periode", async () => {
    const first = await complete(ketua, null);
    expect(submit(first).ok).toBe(true);
    const second = await complete(ketua, null);
    expect(problemsOf(second)).toEqual(["Anda sudah menjadi ketua pada 1 usulan lain di periode ini (maksimal 1 usulan sebagai ketua)."]);
    // A rejected one no longer counts.
    t.db.update(schema.usulan).set({ status: "DITOLAK" }).where(eq(schema.usulan.id, first)).run();
    expect(submit(second).ok).toBe(true);
  });

  it("maks_anggota: a member joins at most 2 proposals per periode", async () => {
    for (let i = 0; i < 2; i++) {
      const other = await addDosen(t.db, base.prodiId);
      const id = await complete(other, anggota);
      expect(submit(id, other).ok).toBe(true);
    }
    const id = await complete(ketua, anggota);
    expect(problemsOf(id)).toEqual(["Dr. Anggota sudah menjadi anggota pada 2 usulan lain di periode ini (maksimal 2 usulan sebagai anggota)."]);
  });

  it("min_jabatan and a complete dosen profile", async () => {
    t.db.update(schema.skema).set({ min_jabatan: "Lektor Kepala" }).where(eq(schema.skema.id, base.skemaId)).run();
    const id = await complete(ketua, null);
    t.db.update(schema.users).set({ id_prodi: null }).where(eq(schema.users.id, ketua.id)).run();
    expect(problemsOf(id)).toEqual([
      "Profil dosen Anda belum lengkap: program studi belum diisi. Data ini diisi oleh operator LPPM; periksa di Profil Saya lalu hubungi operator.",
      "Jabatan akademik ketua minimal Lektor Kepala untuk skema ini.",
    ]);
  });

  it("max_anggota_dosen (the skema's limit lowered after the invitations)", async () => {
    const id = await complete();
    t.db.update(schema.skema).set({ max_anggota_dosen: 0 }).where(eq(schema.skema.id, base.skemaId)).run();
    expect(problemsOf(id)).toEqual(["Jumlah anggota dosen (1) melebihi batas skema (maksimal 0)."]);
  });

  it("wajib_mahasiswa", async () => {
    t.db.update(schema.skema).set({ wajib_mahasiswa: 2 }).where(eq(schema.skema.id, base.skemaId)).run();
    const id = await complete(ketua, null);
    expect(problemsOf(id)).toEqual(["Skema ini mewajibkan minimal 2 anggota mahasiswa (saat ini 1)."]);
  });

  it("a mitra for community service that requires one; no TKT asked there", async () => {
    const skemaId = addSkema(t.db, { jenis: "pengabdian", wajib_mitra: true, tkt_min: null, tkt_max: null, luaran_wajib: "[]", wajib_mahasiswa: 0 });
    const periodeId = addPeriode(t.db, skemaId);
    const id = create(ketua, periodeId, "pengabdian");
    saveIdentitas(t.db, ketua, id, { ...IDENTITAS, tkt: null });
    addRab(t.db, ketua, id, { kelompok: "Bahan", item: "Bibit", satuan: "paket", volume: 1, harga_satuan: 5_000_000 });
    await uploadDokumen(t.db, ketua, id, pdfFile());
    expect(problemsOf(id)).toEqual(["Data mitra (nama, alamat, kontak) wajib diisi untuk skema ini."]);
    saveIdentitas(t.db, ketua, id, { ...IDENTITAS, tkt: null, mitra_nama: "Kelompok Tani Makmur", mitra_alamat: "Desa Bangsri", mitra_kontak: "081234567890" });
    expect(submit(id).ok).toBe(true);
  });

  it("TKT within the skema's range", async () => {
    const id = await complete(ketua, null);
    t.db.update(schema.usulan).set({ tkt: 5 }).where(eq(schema.usulan.id, id)).run();
    expect(problemsOf(id)).toEqual(["TKT harus antara 1 dan 3 untuk skema ini."]);
  });

  it("ringkasan at most 500 words, kata kunci 3–5", async () => {
    const id = await complete(ketua, null);
    t.db.update(schema.usulan).set({ ringkasan: Array.from({ length: 501 }, () => "kata").join(" "), kata_kunci: JSON.stringify(["a", "b"]) }).where(eq(schema.usulan.id, id)).run();
    expect(problemsOf(id)).toEqual(["Identitas usulan belum lengkap: kata kunci (3–5).", "Ringkasan berisi 501 kata; maksimal 500 kata."]);
  });

  it("RAB total within dana_maksimal; Honor within honor_maks_persen", async () => {
    const id = await complete(ketua, null);
    addRab(t.db, ketua, id, { kelompok: "Perjalanan", item: "Perjalanan dinas", satuan: "kali", volume: 11, harga_satuan: 1_000_000 });
    expect(problemsOf(id)).toEqual([TOTAL_RAB_MELEBIHI]);
    const extra = t.db.select().from(schema.usulanRab).all().find((r) => r.item === "Perjalanan dinas")!;
    removeRab(t.db, ketua, id, extra.id);
    addRab(t.db, ketua, id, { kelompok: "Honor", item: "Honor pembantu", satuan: "OB", volume: 1, harga_satuan: 1 });
    expect(problemsOf(id)).toEqual(["Honor melebihi 10% dari total RAB."]);
  });

  it("every required luaran targeted, and the PDF uploaded", async () => {
    const id = await complete(ketua, null);
    t.db.delete(schema.usulanLuaran).where(eq(schema.usulanLuaran.id_usulan, id)).run();
    t.db.delete(schema.usulanDokumen).where(eq(schema.usulanDokumen.id_usulan, id)).run();
    expect(problemsOf(id)).toEqual(["Luaran wajib belum ditargetkan: Jurnal nasional terakreditasi.", DOKUMEN_BELUM]);
  });

  it("only the ketua submits; a member or stranger changes nothing", async () => {
    const id = await complete();
    expect(submit(id, anggota)).toMatchObject({ ok: false, status: 403 });
    expect(submit(id, lain)).toMatchObject({ ok: false, status: 403 });
    expect(row(id)!.status).toBe("DRAF");
  });

  it("two submits at once: one wins, the other is told the status changed", async () => {
    const id = await complete();
    const [a, b] = await Promise.all([Promise.resolve().then(() => submit(id)), Promise.resolve().then(() => submit(id))]);
    expect([a.ok, b.ok].sort()).toEqual([false, true]);
    const loser = a.ok ? b : a;
    expect(loser).toMatchObject({ ok: false, status: 409 });
    expect(t.db.select().from(schema.statusLog).where(eq(schema.statusLog.entity_id, id)).all().filter((l) => l.to_status === "DIAJUKAN")).toHaveLength(1);
  });
});

describe("who sees a proposal and its documents", () => {
  it("a DRAF is the team's only; once submitted the faculty's verifier and the LPPM office see it; blind reviewers see no team", async () => {
    const verifier = await addVerifikator(t.db, base.fakultasId);
    const otherVerifier = await addVerifikator(t.db, base.fakultasLainId);
    const reviewerUser = await addUser(t.db, ["Reviewer-Internal"]);
    const reviewer: Actor = { id: reviewerUser.id, name: reviewerUser.name, roles: ["Reviewer-Internal"] };
    const operatorUser = await addUser(t.db, ["Operator"]);
    const operator: Actor = { id: operatorUser.id, name: operatorUser.name, roles: ["Operator"] };
    const sekretarisUser = await addUser(t.db, ["Sekretaris-LPPM"]);
    const sekretaris: Actor = { id: sekretarisUser.id, name: sekretarisUser.name, roles: ["Sekretaris-LPPM"] };
    const id = await complete();
    const dokumenId = t.db.select().from(schema.usulanDokumen).where(eq(schema.usulanDokumen.id_usulan, id)).get()!.id;
    t.db.insert(schema.penugasanReviewer).values({ id_usulan: id, id_reviewer: reviewer.id, putaran: 1, tenggat: new Date(Date.now() + DAY) }).run();

    for (const viewer of [lain, verifier, otherVerifier, reviewer, operator, sekretaris]) {
      expect(usulanDetail(t.db, viewer, id), viewer.name).toBeNull();
      expect((await usulanDocumentResponse(t.db, viewer, id, dokumenId)).status).toBe(404);
    }
    expect(usulanDetail(t.db, ketua, id)?.tim?.ketua.nama).toBe("Dr. Ketua");
    expect(usulanDetail(t.db, anggota, id)?.access).toMatchObject({ relations: ["anggota"], canEdit: false });
    const response = await usulanDocumentResponse(t.db, ketua, id, dokumenId);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("application/pdf");
    expect(response.headers.get("Content-Disposition")).toContain("proposal.pdf");
    expect(new TextDecoder().decode((await response.arrayBuffer()).slice(0, 5))).toBe("%PDF-");

    expect(submit(id).ok).toBe(true);
    for (const viewer of [verifier, operator, sekretaris, reviewer]) expect(usulanDetail(t.db, viewer, id), viewer.name).not.toBeNull();
    expect(usulanDetail(t.db, otherVerifier, id)).toBeNull();
    expect(usulanDetail(t.db, lain, id)).toBeNull();
    // Someone else's document id through this proposal: 404.
    const otherId = await complete(lain, null);
    const otherDoc = t.db.select().from(schema.usulanDokumen).where(eq(schema.usulanDokumen.id_usulan, otherId)).get()!.id;
    expect((await usulanDocumentResponse(t.db, ketua, id, otherDoc)).status).toBe(404);

    t.db.update(schema.skema).set({ review_buta: true }).where(eq(schema.skema.id, base.skemaId)).run();
    const blind = usulanDetail(t.db, reviewer, id)!;
    expect(blind.blind).toBe(true);
    expect(blind.tim).toBeNull();
    expect(JSON.stringify(blind)).not.toContain("Dr. Ketua");
    expect(JSON.stringify(blind)).not.toContain("Dr. Anggota");
    expect(blind.dokumen[0]!.nama_file).toBe(`usulan-${id}-usulan-v1.pdf`);
    expect((await usulanDocumentResponse(t.db, reviewer, id, dokumenId)).headers.get("Content-Disposition")).toContain(`usulan-${id}-usulan-v1.pdf`);
    expect(usulanDetail(t.db, operator, id)!.blind).toBe(false);
  });

  it("a blind reviewer's document list holds only the proposal under review: the later rounds name the team", async () => {
    const reviewerUser = await addUser(t.db, ["Reviewer-Internal"]);
    const reviewer: Actor = { id: reviewerUser.id, name: reviewerUser.name, roles: ["Reviewer-Internal"] };
    const id = await complete();
    expect(submit(id).ok).toBe(true);
    t.db.insert(schema.penugasanReviewer).values({ id_usulan: id, id_reviewer: reviewer.id, putaran: 1, tenggat: new Date(Date.now() + DAY) }).run();
    const usulanDoc = t.db.select().from(schema.usulanDokumen).where(eq(schema.usulanDokumen.id_usulan, id)).get()!;
    for (const ronde of ["perbaikan", "laporan_kemajuan"] as const) {
      t.db.insert(schema.usulanDokumen).values({ ...usulanDoc, id: undefined, ronde, nama_file: `${ronde} Dr. Ketua.pdf` }).run();
    }
    const rondes = (viewer: Actor) => usulanDetail(t.db, viewer, id)!.dokumen.map((d) => d.ronde).sort();
    expect(rondes(reviewer)).toEqual(["laporan_kemajuan", "perbaikan", "usulan"]);
    t.db.update(schema.skema).set({ review_buta: true }).where(eq(schema.skema.id, base.skemaId)).run();
    expect(rondes(reviewer)).toEqual(["usulan"]);
    expect(rondes(ketua)).toEqual(["laporan_kemajuan", "perbaikan", "usulan"]);
  });
});

describe("lists and dashboard figures", () => {
  it("the proposer's list is paged, searched and filtered by status; counts and the next deadline", async () => {
    const draft = create();
    const submitted = await complete(ketua, null);
    t.db.update(schema.usulan).set({ judul: "Briket Arang Tempurung" }).where(eq(schema.usulan.id, submitted)).run();
    expect(submit(submitted).ok).toBe(true);
    expect(listUsulanSaya(t.db, ketua.id, "penelitian", TABLE).total).toBe(2);
    expect(listUsulanSaya(t.db, ketua.id, "penelitian", TABLE, "DIAJUKAN").rows.map((r) => r.id)).toEqual([submitted]);
    expect(listUsulanSaya(t.db, ketua.id, "penelitian", { ...TABLE, q: "briket" }).rows.map((r) => r.id)).toEqual([submitted]);
    expect(listUsulanSaya(t.db, ketua.id, "penelitian", { ...TABLE, size: 1, page: 2 }).rows).toHaveLength(1);
    expect(listUsulanSaya(t.db, ketua.id, "pengabdian", TABLE).total).toBe(0);
    expect(listUsulanSaya(t.db, lain.id, "penelitian", TABLE).total).toBe(0);

    const counts = usulanCountsByStatus(t.db, ketua.id);
    expect(counts.find((c) => c.status === "DRAF")?.jumlah).toBe(1);
    expect(counts.find((c) => c.status === "DIAJUKAN")?.jumlah).toBe(1);
    expect(counts.find((c) => c.status === "SELESAI")?.jumlah).toBe(0);
    const deadline = nextDeadline(t.db, ketua.id)!;
    expect(deadline).toMatchObject({ usulanId: draft, stage: "pengajuan" });
    expect(nextDeadline(t.db, lain.id)).toBeNull();
  });

  it("finds lecturers to invite by NIDN or name, never oneself", () => {
    expect(searchDosen(t.db, "Anggota", ketua.id).map((d) => d.nama)).toEqual(["Dr. Anggota"]);
    expect(searchDosen(t.db, nidnOf(lain).slice(0, 9), lain.id).map((d) => d.nama)).not.toContain("Dr. Lain");
    expect(searchDosen(t.db, "Dr", ketua.id)).toEqual([]);
  });
});
