/**
 * The LPPM demo (LPPM.md, "Demo data") on a fresh database: master data, accounts sharing one
 * generated password handed over in an owner-only file, proposals in every status of the
 * proposal cycle with a timeline the workflow allows, scores, the SK, and their PDFs; publication-
 * incentive claims in every status of theirs, within their calls' budgets.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { and, count, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrateDb, openDb, type RootDb } from "../../../app/lib/server/db.server";
import { parseEnv, resetEnvCache, type Env } from "../../../app/lib/server/env.server";
import { verifyPassword } from "../../../app/lib/server/password.server";
import { INSENTIF_WORKFLOW, LAPORAN_AKHIR_WORKFLOW, LAPORAN_KEMAJUAN_WORKFLOW, MONEV_WORKFLOW, USULAN_WORKFLOW } from "../../../app/domain/lppm/workflow";
import { monevTotal } from "../../../app/domain/lppm/monev/monev";
import { doiKunci, judulKunci } from "../../../app/domain/lppm/insentif/insentif.schema";
import { nominalKlaim } from "../../../app/domain/lppm/insentif/tarif";
import { DEFAULT_CHECKLIST_INSENTIF } from "../lppm-rubrik";
import * as schema from "../../../db/schema";
import { seedDatabase } from "../seed";
import { LPPM_DEMO_PEOPLE } from "./tables/people";
import { lppmDemoPasswordFile, seedLppmDemo } from "./seed";
import type { Role } from "../../../app/domain/users/roles";
import { blindFor, REVIEWER_ROLES, usulanAccess } from "../../../app/domain/lppm/usulan/access.server";
import { usulanDocumentResponse } from "../../../app/domain/lppm/usulan/read.server";
import { documentsDir } from "../../../app/lib/server/documents.server";
import { pdfTexts } from "../../../tests/setup/pdf-names";

function fresh(tmp: string, extra: Record<string, string> = {}): { env: Env; db: RootDb } {
  const env = parseEnv({
    DATABASE_URL: path.join(tmp, "demo.db"),
    UPLOADS_DIR: path.join(tmp, "uploads"),
    DOCUMENTS_DIR: path.join(tmp, "dokumen"),
    OPERATOR_PASSWORD: "Rahasia123",
    SEED_DEMO: "1",
    ...extra,
  });
  const db = openDb(env.DATABASE_URL);
  migrateDb(db);
  return { env, db };
}

describe("the LPPM demo", () => {
  let tmp: string;
  let db: RootDb;
  let env: Env;
  const logs: string[] = [];
  const saved = process.env.DOCUMENTS_DIR;

  beforeAll(async () => {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), "etalase-lppm-demo-"));
    // The documents module reads its folder from the process's environment.
    process.env.DOCUMENTS_DIR = path.join(tmp, "dokumen");
    resetEnvCache();
    ({ env, db } = fresh(tmp));
    // The first operator (seedDatabase without the shop demo, whose pictures take long here),
    // then the LPPM demo as seedDatabase runs it after a new demo shop.
    await seedDatabase(db, { ...env, SEED_DEMO: false }, () => {});
    await seedLppmDemo(db, env, (m) => logs.push(m));
  }, 60_000);

  afterAll(() => {
    db?.$client.close();
    if (saved === undefined) delete process.env.DOCUMENTS_DIR;
    else process.env.DOCUMENTS_DIR = saved;
    resetEnvCache();
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  it("has 2 fakultas, 4 prodi, this year's periode per jenis open for submissions, last year's with its reports due, and the LPPM roles", () => {
    expect(db.select({ n: count() }).from(schema.fakultas).get()?.n).toBe(2);
    expect(db.select({ n: count() }).from(schema.prodi).get()?.n).toBe(4);
    const periode = db.select({ periode: schema.periode, jenis: schema.skema.jenis }).from(schema.periode).innerJoin(schema.skema, eq(schema.skema.id, schema.periode.id_skema)).all();
    const tahun = new Date().getUTCFullYear();
    const now = Date.now();
    const open = (buka: Date | null, tutup: Date | null) => buka!.getTime() < now && tutup!.getTime() > now;
    const current = periode.filter((p) => p.periode.tahun === tahun);
    expect(current.map((p) => p.jenis).sort()).toEqual(["penelitian", "pengabdian"]);
    for (const { periode: p } of current) expect(open(p.pengajuan_buka, p.pengajuan_tutup)).toBe(true);
    const lalu = periode.filter((p) => p.periode.tahun === tahun - 1);
    expect(lalu.map((p) => p.jenis).sort()).toEqual(["penelitian", "pengabdian"]);
    for (const { periode: p } of lalu) {
      expect(open(p.pengajuan_buka, p.pengajuan_tutup)).toBe(false);
      expect(open(p.laporan_kemajuan_buka, p.laporan_kemajuan_tutup) && open(p.monev_buka, p.monev_tutup) && open(p.laporan_akhir_buka, p.laporan_akhir_tutup)).toBe(true);
    }
    const roles = new Set(db.select({ hak: schema.users.hak_akses }).from(schema.users).all().flatMap((u) => JSON.parse(u.hak) as string[]));
    for (const role of ["Pengusul", "Reviewer-Internal", "Reviewer-External", "Verifikator-Fakultas", "Sekretaris-LPPM", "Kepala-LPPM", "Operator"]) {
      expect(roles.has(role), role).toBe(true);
    }
    const verifiers = db.select().from(schema.users).all().filter((u) => u.hak_akses.includes("Verifikator-Fakultas"));
    expect(verifiers.every((v) => v.id_fakultas_verifikasi !== null)).toBe(true);
  });

  it("hands the shared generated password over in an owner-only file, never in the log", async () => {
    const file = lppmDemoPasswordFile(env)!;
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    const password = /password: (\S+)/.exec(fs.readFileSync(file, "utf8"))![1]!;
    expect(logs.join("\n")).not.toContain(password);
    expect(logs.join("\n")).toContain("lppm-demo-password.txt");
    for (const username of ["dosen.ahmad", "kepala.lppm", "reviewer.external"]) {
      const row = db.select().from(schema.users).where(eq(schema.users.username, username)).get()!;
      expect(await verifyPassword(row.password_hash, password), username).toBe(true);
    }
    expect(LPPM_DEMO_PEOPLE).toHaveLength(15);
  });

  it("marks its rows as the demo's (demo_data): the 15 accounts, their proposals and claims, the master data; not the operator nor the rubrics", () => {
    const marked = (tabel: string) => db.select({ n: count() }).from(schema.demoData).where(eq(schema.demoData.tabel, tabel)).get()?.n;
    const operator = db.select().from(schema.users).where(eq(schema.users.username, "operator")).get()!;
    expect(marked("users")).toBe(LPPM_DEMO_PEOPLE.length);
    expect(db.select().from(schema.demoData).where(and(eq(schema.demoData.tabel, "users"), eq(schema.demoData.id_baris, operator.id))).all()).toEqual([]);
    for (const [tabel, table] of [
      ["usulan", schema.usulan],
      ["insentif", schema.insentif],
      ["fakultas", schema.fakultas],
      ["prodi", schema.prodi],
      ["skema", schema.skema],
      ["periode", schema.periode],
      ["penetapan", schema.penetapan],
      ["jenis_insentif", schema.jenisInsentif],
      ["periode_insentif", schema.periodeInsentif],
      ["penetapan_insentif", schema.penetapanInsentif],
    ] as const) {
      expect(marked(tabel), tabel).toBe(db.select({ n: count() }).from(table).get()?.n);
    }
    expect(marked("rubrik")).toBe(0);
  });

  it("has a proposal in every status from Draf to Selesai, each reached by the workflow's transitions", () => {
    const usulan = db.select().from(schema.usulan).all();
    const statuses = new Set(usulan.map((u) => u.status));
    for (const status of USULAN_WORKFLOW.statuses) expect(statuses.has(status), status).toBe(true);
    const allowed = new Set(USULAN_WORKFLOW.transitions.map((t) => `${t.from}>${t.to}`));
    for (const u of usulan) {
      const log = db.select().from(schema.statusLog).where(eq(schema.statusLog.entity_id, u.id)).orderBy(schema.statusLog.id).all().filter((l) => l.entity === "usulan");
      expect(log[0]).toMatchObject({ from_status: null, to_status: "DRAF" });
      for (const step of log.slice(1)) expect(allowed.has(`${step.from_status}>${step.to_status}`), `${u.judul}: ${step.from_status}>${step.to_status}`).toBe(true);
      expect(log.at(-1)!.to_status).toBe(u.status);
      expect(log.map((l) => l.created_at.getTime())).toEqual([...log.map((l) => l.created_at.getTime())].sort((a, b) => a - b));
    }
  });

  it("scores, rounds, and the SK are consistent; every document is a stored PDF", () => {
    const usulan = db.select().from(schema.usulan).all();
    for (const u of usulan.filter((x) => ["DINILAI", "DIVERIFIKASI", "DIREKOMENDASIKAN", "DIDANAI", "TIDAK_DIDANAI", "PERBAIKAN_DIAJUKAN", "BERJALAN", "SELESAI"].includes(x.status))) {
      const round = db.select().from(schema.penugasanReviewer).where(eq(schema.penugasanReviewer.id_usulan, u.id)).all().filter((p) => p.putaran === u.putaran_review);
      expect(round, u.judul).toHaveLength(2);
      expect(u.nilai_rata).toBe((round[0]!.total_nilai! + round[1]!.total_nilai!) / 2);
    }
    const again = usulan.find((u) => u.status === "DIKEMBALIKAN_KE_REVIEW")!;
    const rounds = db.select().from(schema.penugasanReviewer).where(eq(schema.penugasanReviewer.id_usulan, again.id)).all();
    expect(again.putaran_review).toBe(2);
    expect(rounds.filter((r) => r.putaran === 1).every((r) => r.total_nilai !== null)).toBe(true);
    expect(rounds.filter((r) => r.putaran === 2).every((r) => r.substansi_at === null)).toBe(true);
    const funded = usulan.filter((u) => ["DIDANAI", "PERBAIKAN_DIAJUKAN", "BERJALAN", "SELESAI"].includes(u.status));
    expect(funded.every((u) => u.id_penetapan !== null && u.dana_disetujui! > 0)).toBe(true);
    const docs = db.select().from(schema.usulanDokumen).all();
    expect(docs.length).toBeGreaterThanOrEqual(usulan.length);
    for (const d of docs) {
      const bytes = fs.readFileSync(path.join(tmp, "dokumen", d.file));
      expect(bytes.subarray(0, 5).toString()).toBe("%PDF-");
      expect(bytes.length).toBe(d.ukuran);
    }
  });

  it("a running or finished project has daily notes by its ketua and member, with a stored receipt", () => {
    const berjalan = db.select().from(schema.usulan).where(inArray(schema.usulan.status, ["BERJALAN", "SELESAI"])).all();
    expect(berjalan.length).toBeGreaterThan(0);
    for (const u of berjalan) {
      const notes = db.select().from(schema.catatanHarian).where(eq(schema.catatanHarian.id_usulan, u.id)).all();
      expect(notes.map((n) => n.capaian), u.judul).toEqual([10, 20]);
      expect(new Set(notes.map((n) => n.id_penulis)).size).toBe(2);
    }
    const bukti = db.select().from(schema.catatanHarianBukti).all();
    expect(bukti).toHaveLength(berjalan.length);
    for (const b of bukti) expect(fs.readFileSync(path.join(tmp, "dokumen", b.file)).subarray(0, 5).toString()).toBe("%PDF-");
  });

  it("last year's projects have reports and monev in every status, each reached by its workflow, with their files", () => {
    const laporan = db.select().from(schema.laporan).all();
    for (const jenis of ["kemajuan", "akhir"] as const) {
      const statuses = new Set(laporan.filter((l) => l.jenis === jenis).map((l) => l.status));
      const expected = (jenis === "kemajuan" ? LAPORAN_KEMAJUAN_WORKFLOW : LAPORAN_AKHIR_WORKFLOW).statuses;
      for (const status of expected) expect(statuses.has(status), `${jenis} ${status}`).toBe(true);
    }
    const monev = db.select().from(schema.monev).all();
    expect(new Set(monev.map((m) => m.status))).toEqual(new Set(MONEV_WORKFLOW.statuses));
    for (const workflow of [LAPORAN_KEMAJUAN_WORKFLOW, LAPORAN_AKHIR_WORKFLOW, MONEV_WORKFLOW]) {
      const allowed = new Set(workflow.transitions.map((t) => `${t.from}>${t.to}`));
      const rows: { id: number; status: string }[] = workflow === MONEV_WORKFLOW ? monev : laporan.filter((l) => `laporan_${l.jenis}` === workflow.kind);
      for (const row of rows) {
        const log = db.select().from(schema.statusLog).where(and(eq(schema.statusLog.entity, workflow.kind), eq(schema.statusLog.entity_id, row.id))).orderBy(schema.statusLog.id).all();
        expect(log[0]).toMatchObject({ from_status: null, to_status: workflow.initial });
        for (const step of log.slice(1)) expect(allowed.has(`${step.from_status}>${step.to_status}`), `${workflow.kind} ${step.from_status}>${step.to_status}`).toBe(true);
        expect(log.at(-1)!.to_status).toBe(row.status);
      }
    }
    // A scored monev has its items, total and berita acara; the finished project's final report was accepted.
    for (const m of monev.filter((x) => x.status === "DINILAI")) {
      const items = db.select().from(schema.monevItem).where(eq(schema.monevItem.id_monev, m.id)).all();
      expect(items).toHaveLength(5);
      expect(m.total_nilai).toBe(monevTotal(items));
      expect(fs.readFileSync(path.join(tmp, "dokumen", m.berita_acara_file!)).subarray(0, 5).toString()).toBe("%PDF-");
    }
    const selesai = db.select().from(schema.usulan).where(eq(schema.usulan.status, "SELESAI")).all();
    for (const u of selesai) expect(laporan.find((l) => l.id_usulan === u.id && l.jenis === "akhir")?.status).toBe("DITERIMA");
  });

  it("has publication-incentive claims in every status, each reached by the workflow, with its evidence, within its call's budget", () => {
    const tahun = new Date().getUTCFullYear();
    const now = Date.now();
    // The tariff table: the ranks of the issue, a kind co-authors may claim, an inactive one.
    const tarif = db.select().from(schema.jenisInsentif).all();
    const has = (jenis: string, peringkat: string) => tarif.some((t) => t.jenis === jenis && t.peringkat === peringkat);
    for (const q of ["Q1", "Q2", "Q3", "Q4"]) expect(has("Jurnal internasional bereputasi", q), q).toBe(true);
    for (const s of ["Sinta 1", "Sinta 2", "Sinta 3", "Sinta 4"]) expect(has("Jurnal nasional terakreditasi", s), s).toBe(true);
    for (const jenis of ["Prosiding internasional", "HKI", "Buku ber-ISBN"]) expect(has(jenis, "-"), jenis).toBe(true);
    expect(tarif.some((t) => t.anggota_boleh && t.tarif_anggota > 0)).toBe(true);
    // Both tariff rules: fixed amounts per role, and one amount shared by the authors.
    expect(new Set(tarif.map((t) => t.pembagian))).toEqual(new Set(["per_peran", "proporsional"]));
    expect(tarif.some((t) => !t.aktif)).toBe(true);
    expect(tarif.every((t) => t.aturan.length > 0 && t.tarif_utama > 0)).toBe(true);
    // This year's call open now, last year's closed.
    const periode = db.select().from(schema.periodeInsentif).all();
    const ini = periode.find((p) => p.tahun === tahun)!;
    const lalu = periode.find((p) => p.tahun === tahun - 1)!;
    expect(ini.pengajuan_buka!.getTime() < now && ini.pengajuan_tutup!.getTime() > now).toBe(true);
    expect(lalu.pengajuan_tutup!.getTime()).toBeLessThan(now);

    const klaim = db.select().from(schema.insentif).all();
    const statuses = new Set(klaim.map((k) => k.status));
    for (const status of INSENTIF_WORKFLOW.statuses) expect(statuses.has(status), status).toBe(true);
    const diajukan = klaim.filter((k) => k.status === "DIAJUKAN");
    expect(diajukan.some((k) => k.id_reviewer === null) && diajukan.some((k) => k.id_reviewer !== null)).toBe(true);
    // The Kepala's penetapan board of the open call has work.
    expect(klaim.filter((k) => k.status === "DISETUJUI_KEPALA" && k.id_periode === ini.id).length).toBeGreaterThanOrEqual(2);

    const users = new Map(db.select().from(schema.users).all().map((u) => [u.id, u]));
    const tarifOfKlaim = (k: (typeof klaim)[number]) => nominalKlaim(tarif.find((t) => t.id === k.id_jenis)!, k)?.nominal;
    const allowed = new Map(INSENTIF_WORKFLOW.transitions.map((t) => [`${t.from}>${t.to}`, t]));
    for (const k of klaim) {
      const log = db.select().from(schema.statusLog).where(and(eq(schema.statusLog.entity, INSENTIF_WORKFLOW.kind), eq(schema.statusLog.entity_id, k.id))).orderBy(schema.statusLog.id).all();
      expect(log[0]).toMatchObject({ from_status: null, to_status: "DRAF", actor_id: k.id_pengusul });
      for (const step of log.slice(1)) {
        const t = allowed.get(`${step.from_status}>${step.to_status}`);
        expect(t, `${k.judul}: ${step.from_status}>${step.to_status}`).toBeDefined();
        if (t!.note === "required") expect(step.note, `${k.judul}: ${step.to_status}`).toBeTruthy();
        // The actor holds a role of the transition; the reviewer's steps are the assigned reviewer's.
        const roles = JSON.parse(users.get(step.actor_id!)!.hak_akses) as string[];
        expect(t!.by !== "system" && t!.by.some((r) => roles.includes(r)), `${k.judul}: ${step.to_status} by ${step.actor_name}`).toBe(true);
        if (t!.relation === "assigned") expect(step.actor_id).toBe(k.id_reviewer);
        if (t!.relation === "ketua") expect(step.actor_id).toBe(k.id_pengusul);
      }
      expect(log.at(-1)!.to_status).toBe(k.status);
      expect(log.map((l) => l.created_at.getTime())).toEqual([...log.map((l) => l.created_at.getTime())].sort((a, b) => a - b));
      expect(k.doi_kunci).toBe(doiKunci(k.doi_url));
      expect(k.judul_kunci).toBe(judulKunci(k.issn_isbn, k.judul));
      expect(k.tahun).toBe(periode.find((p) => p.id === k.id_periode)!.tahun);
      if (k.id_reviewer !== null) {
        expect(k.id_reviewer).not.toBe(k.id_pengusul);
        expect(users.get(k.id_reviewer)!.username).toMatch(/^reviewer\./);
      }
      if (log.some((l) => l.to_status === "DIEVALUASI")) {
        expect(JSON.parse(k.evaluasi!)).toEqual(DEFAULT_CHECKLIST_INSENTIF.map((butir) => ({ butir, sesuai: true })));
        expect(k.nominal_rekomendasi).toBeGreaterThan(0);
        expect(k.nominal_rekomendasi!).toBeLessThanOrEqual(tarifOfKlaim(k)!);
      }
      if (k.status === "DITETAPKAN" || k.status === "DICAIRKAN") expect(k.id_penetapan !== null && k.nominal_disetujui! <= k.nominal_rekomendasi!).toBe(true);
    }

    // One publication, one claim: no two claims hold the same DOI or ISSN/ISBN and title.
    for (const key of ["doi_kunci", "judul_kunci"] as const) {
      const keys = klaim.map((k) => k[key]).filter(Boolean);
      expect(new Set(keys).size, key).toBe(keys.length);
    }
    expect(klaim.filter((k) => k.doi_kunci).length).toBeGreaterThanOrEqual(klaim.length - 3);

    // Every SK stays within its call's budget, with what it decided; one SK holds a decided and a paid claim.
    const sks = db.select().from(schema.penetapanInsentif).all();
    expect(sks.length).toBeGreaterThan(0);
    for (const sk of sks) {
      const decided = klaim.filter((k) => k.id_penetapan === sk.id);
      expect(decided.every((k) => k.id_periode === sk.id_periode)).toBe(true);
      expect(decided.reduce((sum, k) => sum + k.nominal_disetujui!, 0)).toBeLessThanOrEqual(periode.find((p) => p.id === sk.id_periode)!.anggaran_total);
    }
    expect(sks.some((sk) => ["DITETAPKAN", "DICAIRKAN"].every((s) => klaim.some((k) => k.id_penetapan === sk.id && k.status === s)))).toBe(true);

    // Each claim has one stored PDF as its evidence.
    const bukti = db.select().from(schema.insentifBukti).all();
    expect(bukti.map((b) => b.id_insentif).sort((a, b) => a - b)).toEqual(klaim.map((k) => k.id).sort((a, b) => a - b));
    for (const b of bukti) {
      expect(b.file.startsWith("insentif/"), b.file).toBe(true);
      const bytes = fs.readFileSync(path.join(tmp, "dokumen", b.file));
      expect(bytes.subarray(0, 5).toString()).toBe("%PDF-");
      expect(bytes.length).toBe(b.ukuran);
    }

    // The finished project's article, claimed by its ketua from the output recorded on it.
    const selesai = db.select().from(schema.usulan).where(eq(schema.usulan.judul, "Klasterisasi Pengrajin Mebel Jepara Berdasarkan Kapasitas Produksi")).get()!;
    const output = db
      .select()
      .from(schema.luaranCapaian)
      .innerJoin(schema.usulanLuaran, eq(schema.usulanLuaran.id, schema.luaranCapaian.id_luaran))
      .where(eq(schema.usulanLuaran.id_usulan, selesai.id))
      .get()!;
    const prefilled = klaim.find((k) => k.id_luaran === output.usulan_luaran.id)!;
    expect(prefilled).toMatchObject({ id_pengusul: selesai.id_ketua, judul: output.luaran_capaian.judul_publikasi, doi_url: output.luaran_capaian.doi_url, tahun: output.luaran_capaian.tahun });
    expect(users.get(prefilled.id_pengusul)!.username).toBe("dosen.hana");
  });

  it("a reviewer of the blind skema downloads the proposal it reviews (its metadata naming the team stripped), and no document of the project that names the team", async () => {
    const reviewers = db
      .select({ id: schema.users.id, hak: schema.users.hak_akses })
      .from(schema.users)
      .all()
      .map((u) => ({ id: u.id, roles: JSON.parse(u.hak) as Role[] }))
      .filter((u) => u.roles.some((role) => REVIEWER_ROLES.includes(role)));
    const dokumen = db.select().from(schema.usulanDokumen).all();
    const read: string[] = [];
    const leaks: string[] = [];
    for (const reviewer of reviewers) {
      for (const doc of dokumen) {
        const access = usulanAccess(db, reviewer, doc.id_usulan)!;
        if (!blindFor(access, { review_buta: access.usulan.review_buta })) continue;
        const response = await usulanDocumentResponse(db, reviewer, doc.id_usulan, doc.id);
        const pair = `reviewer ${reviewer.id} × dokumen ${doc.id} (${doc.ronde})`;
        if (response.status !== 200) {
          expect(response.status, pair).toBe(404);
          continue;
        }
        (doc.ronde === "usulan" ? read : leaks).push(pair);
        // The demo's PDFs name their team in their metadata, as a word processor's do; the copy does not.
        const team = db
          .select({ name: schema.users.name, nidn: schema.users.nidn })
          .from(schema.users)
          .where(inArray(schema.users.id, [access.usulan.id_ketua, ...db.select({ id: schema.usulanAnggota.id_user }).from(schema.usulanAnggota).where(eq(schema.usulanAnggota.id_usulan, doc.id_usulan)).all().map((a) => a.id)]))
          .all()
          .flatMap((u) => [u.name, u.nidn ?? u.name]);
        const stored = await pdfTexts(fs.readFileSync(path.join(documentsDir(), doc.file)));
        expect(team.filter((word) => stored.includes(word)), `${pair}: the stored file`).toEqual(team);
        const copy = await pdfTexts(new Uint8Array(await response.arrayBuffer()));
        expect(team.filter((word) => copy.includes(word)), `${pair}: the reviewer's copy`).toEqual([]);
      }
    }
    expect(read.length).toBeGreaterThan(0);
    expect(leaks).toEqual([]);
  });

  it("runs once: a second start adds nothing", async () => {
    const before = db.select({ n: count() }).from(schema.usulan).get()?.n;
    await seedLppmDemo(db, env, () => {});
    await seedDatabase(db, env, () => {});
    expect(db.select({ n: count() }).from(schema.usulan).get()?.n).toBe(before);
    expect(db.select({ n: count() }).from(schema.fakultas).get()?.n).toBe(2);
  });

  it("SEED_DEMO_LPPM=0 leaves it out, and an existing shop never gets it", async () => {
    for (const [name, extra] of [
      ["off", { SEED_DEMO_LPPM: "0" }],
      ["existing", {}],
    ] as const) {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), `etalase-lppm-${name}-`));
      try {
        const other = fresh(dir, extra);
        if (name === "off") {
          await seedLppmDemo(other.db, other.env, () => {});
        } else {
          // Catalogue rows of its own: the shop demo is not made, so neither is the LPPM one.
          other.db.insert(schema.kategori).values({ kategori: "Kursi", seo: "kursi" }).run();
          await seedDatabase(other.db, other.env, () => {});
        }
        expect(other.db.select({ n: count() }).from(schema.usulan).get()?.n, name).toBe(0);
        expect(other.db.select({ n: count() }).from(schema.fakultas).get()?.n, name).toBe(0);
        other.db.$client.close();
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    }
  });
});
