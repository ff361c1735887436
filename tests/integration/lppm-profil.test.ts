/**
 * Profil Saya (<area>/profil in every LPPM area) through the real routes: a lecturer edits their
 * phone, e-mail, bidang keahlian and research identifiers — an identifier in the wrong format
 * (an ORCID whose check digit is wrong) is refused on its field and nothing is stored — and the
 * identifiers show as links on the proposal's team; a blind skema's reviewer still sees no one.
 * 'Ajukan' names what the ketua's profile misses and links to the profile page.
 */
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import * as schema from "../../db/schema";
import { TimSection } from "~/components/lppm/usulan-detail";
import { usulanDetail } from "~/domain/lppm/usulan/read.server";
import { submitProblems } from "~/domain/lppm/usulan/submit.server";
import { ORCID_CHECKSUM, SCOPUS_FORMAT } from "~/domain/users/identitas";
import { PROFIL_TERSIMPAN } from "~/domain/users/profil.schema";
import * as profil from "~/routes/akun/profil";
import { sessionCookie } from "../setup/area";
import { addPenugasan } from "../setup/lppm-data";
import { areaRequest, type Person } from "../setup/lppm-penetapan";
import { seedReviewScenario, type ReviewScenario } from "../setup/lppm-review";
import { flashOf, snapshot } from "../setup/operator-helpers";
import type { RouteResult } from "../setup/route";
import { eachTestDb } from "../setup/test-db";

const each = eachTestDb();
const db = () => each.t.db;

let s: ReviewScenario;
let ketua: Person;
beforeEach(async () => {
  s = seedReviewScenario(db(), { tag: "profil", reviewButa: true });
  ketua = { id: s.users.ketua.id, name: s.users.ketua.name, roles: ["Pengusul"], cookie: await sessionCookie(s.users.ketua.id) };
});

const GOOD = { no_hp: "0852 1111 2222", email: "ketua.baru@kampus.example", bidang_keahlian: "Teknologi kayu", sinta_id: "https://sinta.kemdikbud.go.id/authors/profile/6012345", orcid: "0000-0002-1825-0097", scopus_id: "57190000001", scholar_id: "AbCdEfGh12_-" };
const save = (who: Person, fields: Record<string, string>, path = "/pengusul/profil") => areaRequest(profil, path, who, { form: { intent: "simpan", ...fields } });
const errors = (r: RouteResult) => (r.data as { result: { error?: Record<string, string[]> } }).result.error ?? {};
const row = () => db().select().from(schema.users).where(eq(schema.users.id, ketua.id)).get()!;

describe("Profil Saya", () => {
  it("refuses an identifier in the wrong format on its field and stores nothing; then saves the profile, normalised", async () => {
    const before = snapshot(db(), each.t.uploadsDir);
    const refused = await save(ketua, { ...GOOD, orcid: "0000-0002-1825-0098", scopus_id: "123" });
    expect(refused.status).toBe(400);
    expect(errors(refused)).toMatchObject({ orcid: [ORCID_CHECKSUM], scopus_id: [SCOPUS_FORMAT] });
    expect(snapshot(db(), each.t.uploadsDir)).toEqual(before);

    const saved = await save(ketua, GOOD);
    expect(saved.status).toBe(302);
    expect((await flashOf(saved))?.message).toBe(PROFIL_TERSIMPAN);
    expect(row()).toMatchObject({ no_hp: "085211112222", email: "ketua.baru@kampus.example", bidang_keahlian: "Teknologi kayu", sinta_id: "6012345", orcid: "0000-0002-1825-0097", scopus_id: "57190000001", scholar_id: "AbCdEfGh12_-" });

    const page = await areaRequest(profil, "/pengusul/profil", ketua);
    expect(page.status).toBe(200);
    expect((page.data as { tautan: { label: string; href: string }[] }).tautan.map((t) => t.href)).toEqual([
      "https://sinta.kemdikbud.go.id/authors/profile/6012345",
      "https://orcid.org/0000-0002-1825-0097",
      "https://www.scopus.com/authid/detail.uri?authorId=57190000001",
      "https://scholar.google.com/citations?user=AbCdEfGh12_-",
    ]);
  });

  it("a lecturer cannot change their NIDN or prodi here (the operator's record), and never anyone else's profile", async () => {
    const nidn = row().nidn;
    const prodi = row().id_prodi;
    const saved = await save(ketua, { ...GOOD, nidn: "9999999999", id_prodi: String(s.prodi.b1), name: "Nama Palsu", hak_akses: "Operator" });
    expect(saved.status).toBe(302);
    expect(row()).toMatchObject({ nidn, id_prodi: prodi, name: s.users.ketua.name, hak_akses: '["Pengusul"]' });
    // Every area has the page, each for the signed-in user only; another area's is 404.
    const reviewer: Person = { id: s.users.reviewer1.id, name: s.users.reviewer1.name, roles: ["Reviewer-Internal"], cookie: await sessionCookie(s.users.reviewer1.id) };
    expect((await save(reviewer, { orcid: "0000-0002-1694-233X" }, "/reviewer/profil")).status).toBe(302);
    expect(db().select().from(schema.users).where(eq(schema.users.id, reviewer.id)).get()!.orcid).toBe("0000-0002-1694-233X");
    expect(row().orcid).toBe("0000-0002-1825-0097");
    expect((await areaRequest(profil, "/reviewer/profil", ketua)).status).toBe(404);
    expect((await areaRequest(profil, "/pengusul/profil", null)).status).toBe(302);
  });

  it("the identifiers show as links on the proposal's team; a blind skema's reviewer still sees no identity", async () => {
    await save(ketua, GOOD);
    const forKetua = usulanDetail(db(), { id: ketua.id, roles: ["Pengusul"] }, s.usulan)!;
    const html = renderToString(createElement(TimSection, { detail: forKetua }));
    expect(html).toContain('href="https://orcid.org/0000-0002-1825-0097"');
    expect(html).toContain('href="https://sinta.kemdikbud.go.id/authors/profile/6012345"');

    addPenugasan(db(), s.usulan, s.users.reviewer1.id);
    const forReviewer = usulanDetail(db(), { id: s.users.reviewer1.id, roles: ["Reviewer-Internal"] }, s.usulan)!;
    expect(forReviewer.tim).toBeNull();
    const blind = renderToString(createElement(TimSection, { detail: forReviewer }));
    expect(blind).not.toContain("orcid.org");
    expect(blind).not.toContain("sinta.kemdikbud");
    expect(JSON.stringify(forReviewer)).not.toContain("0000-0002-1825-0097");
  });

  it("'Ajukan' names what the ketua's profile misses", () => {
    db().update(schema.users).set({ nidn: null, id_prodi: null }).where(eq(schema.users.id, ketua.id)).run();
    db().update(schema.usulan).set({ status: "DRAF" }).where(eq(schema.usulan.id, s.usulan)).run();
    expect(submitProblems(db(), s.usulan)).toContain(
      "Profil dosen Anda belum lengkap: NIDN/NUPTK dan program studi belum diisi. Data ini diisi oleh operator LPPM; periksa di Profil Saya lalu hubungi operator.",
    );
  });
});
