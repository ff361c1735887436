/**
 * Blind review that holds: a reviewer assigned to proposals of a skema marked "review buta" walks
 * EVERY page and file they can reach over the BUILT server — the dashboard, both evaluation lists
 * in every filter, each assignment's administrative and substantive page (to do, done), every
 * link those pages show, each page's React Router `.data` answer, every document download (its
 * file name and every string, metadata and stream of the PDF), and the documents of the project
 * that are not theirs to read — looking for the team's names, NIDNs and the student's name and
 * NIM. The proposal PDFs name the team in their metadata (information dictionary and XMP) and in
 * their uploaded file names, and the timeline holds a note written to the team naming its ketua,
 * so every way the team could leak is there to be found; the same files as the office reads them
 * do name the team (the walk would see a leak).
 * Needs `npm run build` first (the test command builds before Vitest).
 */
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import * as schema from "../../db/schema";
import { storeDocument } from "../../app/lib/server/documents.server";
import { ROOT, startServer } from "../../bench/lib.mjs";
import { TEST_SESSION_SECRET } from "../setup/constants";
import { addScoredUsulan, pdfFile, penetapanWorld, person, type PenetapanWorld, type Person } from "../setup/lppm-penetapan";
import { pdfTexts } from "../setup/pdf-names";
import { createTestDb, type TestDb } from "../setup/test-db";

const BUILD = path.resolve("build/server/index.js");

/** The team, named so that no other text of the app can contain these words. */
const KETUA = { name: "Dr. Wiryawan Kusumadewa", nidn: "0987650001" };
const ANGGOTA = { name: "Ir. Lintang Pramesti", nidn: "0987650002" };
const MAHASISWA = { nama: "Bagas Adinegoro", nim: "A11.2022.14001" };
const TEAM_WORDS = ["Wiryawan", "Kusumadewa", "Lintang", "Pramesti", "Bagas", "Adinegoro", KETUA.nidn, ANGGOTA.nidn, MAHASISWA.nim];

/** Which of the team's words `text` holds (case-insensitive). */
const leaks = (text: string) => TEAM_WORDS.filter((word) => text.toLowerCase().includes(word.toLowerCase()));

let t: TestDb;
let server: { base: string; stop: () => Promise<void> } | undefined;
let w: PenetapanWorld;
let reviewer: Person;
let ketua: Person;
/** The reviewer's assignments: to check (administrasi), to score (substansi), done; and their proposals' documents. */
const penugasan: Record<"baru" | "administrasi" | "selesai", number> = { baru: 0, administrasi: 0, selesai: 0 };
const usulanIds: number[] = [];
/** Documents of each round of the finished assignment's proposal: only `usulan` is the reviewer's to read. */
const dokumen: Record<string, { usulan: number; id: number }> = {};

beforeAll(async () => {
  if (!fs.existsSync(BUILD)) throw new Error(`${path.relative(process.cwd(), BUILD)} tidak ada: jalankan npm run build dulu.`);
  t = createTestDb();
  // No timed job may write between a request's "nothing changed" snapshots (they start a minute in).
  server = await startServer(t.dir, { appDir: ROOT, extraEnv: { SESSION_SECRET: TEST_SESSION_SECRET, TIMED_JOBS: "off" } });

  w = await penetapanWorld(t.db);
  t.db.update(schema.skema).set({ review_buta: true, min_jabatan: "Lektor", wajib_mahasiswa: 1 }).where(eq(schema.skema.id, w.skemaId)).run();
  reviewer = w.people.reviewer1;
  ketua = await person(t.db, KETUA.name, ["Pengusul"], { nidn: KETUA.nidn, id_prodi: w.prodiId });
  const anggota = await person(t.db, ANGGOTA.name, ["Pengusul"], { nidn: ANGGOTA.nidn, id_prodi: w.prodiId });
  t.db.update(schema.users).set({ jabatan_akademik: "Lektor Kepala" }).where(eq(schema.users.id, ketua.id)).run();
  t.db.update(schema.users).set({ jabatan_akademik: "Asisten Ahli" }).where(eq(schema.users.id, anggota.id)).run();

  const names = [KETUA.name, ANGGOTA.name];
  const namedPdf = (file: string) =>
    pdfFile(file, "Proposal tanpa identitas tim", {
      info: { Title: `Usulan ${KETUA.name}`, Author: names.join("; "), Subject: `NIDN ${KETUA.nidn}, ${ANGGOTA.nidn}`, Keywords: `${MAHASISWA.nama} ${MAHASISWA.nim}`, Creator: `Word - ${KETUA.name}`, Producer: KETUA.name },
      xmp: { authors: names, title: "Usulan" },
    });

  for (const [stage, status] of [["baru", "REVIEW"], ["administrasi", "REVIEW"], ["selesai", "DINILAI"]] as const) {
    const id = addScoredUsulan(t.db, w, { judul: `Usulan buta ${stage}`, status, ketua });
    usulanIds.push(id);
    t.db.insert(schema.usulanAnggota).values({ id_usulan: id, id_user: anggota.id, status_undangan: "DITERIMA" }).run();
    t.db.insert(schema.usulanMahasiswa).values({ id_usulan: id, ...MAHASISWA, prodi: "Teknik Informatika" }).run();
    // The team's moves and a note written to them, naming the ketua.
    const log = (from: string | null, to: string, actor: Person, note: string | null = null) =>
      t.db.insert(schema.statusLog).values({ entity: "usulan", entity_id: id, from_status: from, to_status: to, actor_id: actor.id, actor_name: actor.name, note, created_at: new Date() }).run();
    log(null, "DRAF", ketua);
    log("DRAF", "DIAJUKAN", ketua);
    log("DIAJUKAN", "DIKEMBALIKAN", w.people.verifikator, `Bapak ${KETUA.name}, mohon lengkapi RAB bersama ${ANGGOTA.name}.`);
    log("DIKEMBALIKAN", "DIAJUKAN", ketua);
    log("DIAJUKAN", "DISETUJUI_FAKULTAS", w.people.verifikator, `Disetujui untuk ${KETUA.name}.`);
    log("DISETUJUI_FAKULTAS", "REVIEW", w.people.operator);
    const rondes = stage === "selesai" ? (["usulan", "perbaikan", "laporan_kemajuan", "laporan_akhir", "bukti_luaran"] as const) : (["usulan"] as const);
    for (const ronde of rondes) {
      const stored = await storeDocument(namedPdf(`${ronde} ${KETUA.name}.pdf`), ronde === "usulan" ? "usulan" : "laporan", ["pdf"]);
      const row = t.db
        .insert(schema.usulanDokumen)
        .values({ id_usulan: id, ronde, versi: 1, file: stored.file, nama_file: stored.nama_file, ukuran: stored.ukuran, id_pengunggah: ketua.id })
        .returning()
        .get();
      if (stage === "selesai") dokumen[ronde] = { usulan: id, id: row.id };
    }
    const mine = t.db
      .select()
      .from(schema.penugasanReviewer)
      .where(and(eq(schema.penugasanReviewer.id_usulan, id), eq(schema.penugasanReviewer.id_reviewer, reviewer.id)))
      .get()!;
    penugasan[stage] = mine.id;
    if (stage === "selesai") continue;
    // Not scored yet (and, for the first, not checked either): the forms are open.
    t.db.delete(schema.penilaianItem).where(eq(schema.penilaianItem.id_penugasan, mine.id)).run();
    t.db.update(schema.penugasanReviewer)
      .set({ total_nilai: null, rekomendasi: null, dana_rekomendasi: null, catatan: null, substansi_at: null, ...(stage === "baru" ? { administrasi_lolos: null, administrasi_at: null } : {}) })
      .where(eq(schema.penugasanReviewer.id, mine.id))
      .run();
  }
});

afterAll(async () => {
  await server?.stop();
  t?.cleanup();
});

const get = (url: string, who: Person) => fetch(`${server!.base}${url}`, { redirect: "manual", headers: { Cookie: who.cookie } });

/** The `.data` URL React Router's client fetches for a page (every matched route's loader data). */
function dataUrl(url: string): string {
  const parsed = new URL(url, "http://x");
  return `${parsed.pathname}.data${parsed.search}`;
}

/** A document link on a page: a proposal's file under the reviewer's area. */
const isFile = (pathname: string) => /\/(dokumen|catatan-bukti|bukti)\/\d+$|\/monev-berita-acara$/.test(pathname);

describe("a blind reviewer's every page and file", () => {
  it("names nobody of the team: pages, their .data, file names and the PDFs' metadata", async () => {
    const start = [
      "/reviewer/dashboard",
      ...["administrasi", "substansi"].flatMap((tahap) => [
        `/reviewer/evaluasi-${tahap}`,
        ...["belum", "sudah", "semua"].map((status) => `/reviewer/evaluasi-${tahap}?status=${status}`),
        ...Object.values(penugasan).map((id) => `/reviewer/evaluasi-${tahap}?status=semua&nilai=${id}`),
      ]),
    ];
    const queue = [...start];
    const seen = new Set<string>();
    const pages: string[] = [];
    const files: string[] = [];
    const found: string[] = [];
    while (queue.length && seen.size < 400) {
      const url = queue.shift()!;
      if (seen.has(url)) continue;
      seen.add(url);
      const res = await get(url, reviewer);
      const where = `${url} (${res.status})`;
      const type = res.headers.get("content-type") ?? "";
      if (type.startsWith("application/pdf")) {
        files.push(url);
        const bytes = new Uint8Array(await res.arrayBuffer());
        for (const word of leaks(res.headers.get("content-disposition") ?? "")) found.push(`${where} file name: ${word}`);
        for (const word of leaks(await pdfTexts(bytes))) found.push(`${where} PDF: ${word}`);
        continue;
      }
      const body = await res.text();
      for (const word of leaks(body)) found.push(`${where}: ${word}`);
      if (!type.startsWith("text/html")) continue;
      pages.push(url);
      const data = await get(dataUrl(url), reviewer);
      for (const word of leaks(await data.text())) found.push(`${dataUrl(url)} (${data.status}): ${word}`);
      for (const match of body.matchAll(/<a\b[^>]*?\shref="([^"]*)"/g)) {
        const link = new URL(match[1]!.replaceAll("&amp;", "&"), server!.base);
        if (link.origin !== server!.base || !link.pathname.startsWith("/reviewer/")) continue;
        queue.push(link.pathname + link.search);
      }
    }
    // The project's other documents are not the reviewer's: asked anyway, they name nobody either.
    for (const [ronde, doc] of Object.entries(dokumen)) {
      const url = `/reviewer/usulan/${doc.usulan}/dokumen/${doc.id}`;
      const res = await get(url, reviewer);
      expect(res.status, url).toBe(ronde === "usulan" ? 200 : 404);
      for (const word of leaks(res.headers.get("content-disposition") ?? "")) found.push(`${url} file name: ${word}`);
      for (const word of leaks(ronde === "usulan" ? await pdfTexts(new Uint8Array(await res.arrayBuffer())) : await res.text())) found.push(`${url}: ${word}`);
    }

    expect(found).toEqual([]);
    // The walk reached what it had to: every assignment at both stages, and each proposal's PDF.
    for (const id of Object.values(penugasan)) expect(pages.some((p) => p.includes(`nilai=${id}`)), `nilai=${id}`).toBe(true);
    expect(files.filter((f) => /\/dokumen\/\d+$/.test(f)).length).toBeGreaterThanOrEqual(usulanIds.length);
    expect(files.every(isFile)).toBe(true);
  });

  it("the administrative check shows the team's composition without names", async () => {
    // React marks where text pieces meet (<!-- -->): read the text as a person does.
    const html = (await (await get(`/reviewer/evaluasi-administrasi?nilai=${penugasan.baru}`, reviewer)).text()).replaceAll("<!-- -->", "");
    expect(html).toContain("Identitas tim disembunyikan untuk penilaian (review buta).");
    expect(html).toContain("Jabatan akademik: Lektor Kepala (syarat skema minimal Lektor)");
    expect(html).toContain("Anggota 1: Asisten Ahli — Menerima");
    expect(leaks(html)).toEqual([]);
  });

  it("the same files and pages do name the team for the office and the ketua (the walk would see a leak)", async () => {
    const doc = dokumen.usulan!;
    const asOperator = await get(`/operator/lppm/usulan/${doc.usulan}/dokumen/${doc.id}`, w.people.operator);
    expect(asOperator.headers.get("content-disposition")).toContain("Kusumadewa");
    expect(leaks(await pdfTexts(new Uint8Array(await asOperator.arrayBuffer())))).toEqual(TEAM_WORDS);
    const asKetua = await (await get(`/pengusul/usulan/${doc.usulan}`, ketua)).text();
    expect(leaks(asKetua)).toEqual(expect.arrayContaining(["Wiryawan", "Lintang", "Bagas", KETUA.nidn, MAHASISWA.nim]));
  });
});
