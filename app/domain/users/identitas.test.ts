import { describe, expect, it } from "vitest";
import { cekOrcid, cekScholar, cekScopus, cekSinta, ORCID_CHECKSUM, ORCID_FORMAT, orcidCheck, SCHOLAR_FORMAT, SCOPUS_FORMAT, SINTA_FORMAT, tautanPeneliti } from "~/domain/users/identitas";

describe("research identifiers", () => {
  it("ORCID: the format and its MOD 11-2 check character (ORCID's own examples)", () => {
    expect(orcidCheck("000000021825009")).toBe("7");
    expect(orcidCheck("000000021694233")).toBe("X");
    expect(cekOrcid("0000-0002-1825-0097")).toEqual({ ok: true, value: "0000-0002-1825-0097" });
    expect(cekOrcid("https://orcid.org/0000-0002-1694-233x")).toEqual({ ok: true, value: "0000-0002-1694-233X" });
    expect(cekOrcid("0000-0002-1825-0098")).toEqual({ ok: false, message: ORCID_CHECKSUM });
    expect(cekOrcid("0000000218250097")).toEqual({ ok: false, message: ORCID_FORMAT });
    expect(cekOrcid("  ")).toEqual({ ok: true, value: null });
  });

  it("SINTA, Scopus and Scholar: ids or their profile addresses", () => {
    expect(cekSinta("https://sinta.kemdikbud.go.id/authors/profile/6012345")).toEqual({ ok: true, value: "6012345" });
    expect(cekSinta("60a")).toEqual({ ok: false, message: SINTA_FORMAT });
    expect(cekScopus("https://www.scopus.com/authid/detail.uri?authorId=57190000001")).toEqual({ ok: true, value: "57190000001" });
    expect(cekScopus("5719")).toEqual({ ok: false, message: SCOPUS_FORMAT });
    expect(cekScholar("https://scholar.google.com/citations?user=AbCdEfGh12_-&hl=id")).toEqual({ ok: true, value: "AbCdEfGh12_-" });
    expect(cekScholar("pendek")).toEqual({ ok: false, message: SCHOLAR_FORMAT });
  });

  it("links each identifier to its public profile page", () => {
    expect(tautanPeneliti({ sinta_id: "6012345", orcid: "0000-0002-1825-0097", scopus_id: "57190000001", scholar_id: "AbCdEfGh12_-" })).toEqual([
      { label: "SINTA", href: "https://sinta.kemdikbud.go.id/authors/profile/6012345" },
      { label: "ORCID", href: "https://orcid.org/0000-0002-1825-0097" },
      { label: "Scopus", href: "https://www.scopus.com/authid/detail.uri?authorId=57190000001" },
      { label: "Google Scholar", href: "https://scholar.google.com/citations?user=AbCdEfGh12_-" },
    ]);
    expect(tautanPeneliti({ sinta_id: null, orcid: null, scopus_id: null, scholar_id: null })).toEqual([]);
  });
});
