import { describe, expect, it } from "vitest";
import { blindFor, decideAccess, type AccessFacts } from "~/domain/lppm/usulan/access.server";

const FACTS: AccessFacts = { status: "DRAF", ketuaId: 1, fakultasId: 10, undangan: null, assigned: false, monev: false, fakultasVerifikasi: null };

describe("decideAccess", () => {
  it("the ketua edits while DRAF or DIKEMBALIKAN and deletes only a DRAF", () => {
    expect(decideAccess({ id: 1, roles: ["Pengusul"] }, FACTS)).toEqual({ relations: ["ketua"], canView: true, canEdit: true, canDelete: true });
    expect(decideAccess({ id: 1, roles: ["Pengusul"] }, { ...FACTS, status: "DIKEMBALIKAN" })).toMatchObject({ canEdit: true, canDelete: false });
    expect(decideAccess({ id: 1, roles: ["Pengusul"] }, { ...FACTS, status: "DIAJUKAN" })).toMatchObject({ canView: true, canEdit: false, canDelete: false });
  });

  it("invited and accepted members read; a refused one does not", () => {
    expect(decideAccess({ id: 2, roles: ["Pengusul"] }, { ...FACTS, undangan: "MENUNGGU" })).toMatchObject({ relations: ["undangan"], canView: true, canEdit: false });
    expect(decideAccess({ id: 2, roles: ["Pengusul"] }, { ...FACTS, undangan: "DITERIMA" })).toMatchObject({ relations: ["anggota"], canView: true });
    expect(decideAccess({ id: 2, roles: ["Pengusul"] }, { ...FACTS, undangan: "DITOLAK" }).canView).toBe(false);
  });

  it("a DRAF is nobody else's: reviewer, verifier and LPPM office see it only once submitted", () => {
    const reviewer = { id: 3, roles: ["Reviewer-Internal" as const] };
    const verifier = { id: 4, roles: ["Verifikator-Fakultas" as const] };
    const operator = { id: 5, roles: ["Operator" as const] };
    expect(decideAccess(reviewer, { ...FACTS, assigned: true }).canView).toBe(false);
    expect(decideAccess(verifier, { ...FACTS, fakultasVerifikasi: 10 }).canView).toBe(false);
    expect(decideAccess(operator, FACTS).canView).toBe(false);
    const submitted = { ...FACTS, status: "DIAJUKAN" };
    expect(decideAccess(reviewer, { ...submitted, assigned: true }).relations).toEqual(["reviewer"]);
    expect(decideAccess(reviewer, submitted).canView).toBe(false);
    expect(decideAccess(verifier, { ...submitted, fakultasVerifikasi: 10 }).relations).toEqual(["verifikator"]);
    expect(decideAccess(verifier, { ...submitted, fakultasVerifikasi: 11 }).canView).toBe(false);
    expect(decideAccess(operator, submitted)).toMatchObject({ relations: ["lppm"], canEdit: false });
    expect(decideAccess({ id: 6, roles: ["Pengusul"] }, submitted).canView).toBe(false);
  });

  it("the project's monev reviewer is a relation of its own, apart from the review's reviewers", () => {
    const reviewer = { id: 3, roles: ["Reviewer-Internal" as const] };
    const running = { ...FACTS, status: "BERJALAN" };
    expect(decideAccess(reviewer, { ...running, monev: true })).toMatchObject({ relations: ["monev"], canView: true, canEdit: false });
    expect(decideAccess(reviewer, { ...running, assigned: true, monev: true }).relations).toEqual(["reviewer", "monev"]);
    expect(decideAccess({ id: 3, roles: ["Pengusul"] }, { ...running, monev: true }).canView).toBe(false);
  });
});

describe("blindFor", () => {
  it("hides the team from a reviewer who is nothing else to it, in every stage of a blind skema", () => {
    expect(blindFor({ relations: ["reviewer"] }, { review_buta: true })).toBe(true);
    expect(blindFor({ relations: ["reviewer"] }, { review_buta: false })).toBe(false);
    expect(blindFor({ relations: ["reviewer", "lppm"] }, { review_buta: true })).toBe(false);
    expect(blindFor({ relations: [] }, { review_buta: true })).toBe(false);
    // The monev meets the team: its reviewer is never blind, even one who also reviewed the proposal.
    expect(blindFor({ relations: ["monev"] }, { review_buta: true })).toBe(false);
    expect(blindFor({ relations: ["reviewer", "monev"] }, { review_buta: true })).toBe(false);
  });
});
