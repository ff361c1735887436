import { describe, expect, it } from "vitest";
import { ROLES } from "~/domain/users/roles";
import {
  INSENTIF_WORKFLOW,
  LAPORAN_AKHIR_WORKFLOW,
  transitionsFrom,
  USULAN_WORKFLOW,
  WORKFLOWS,
  type Workflow,
} from "~/domain/lppm/workflow";

function reachable(workflow: Workflow<string>): Set<string> {
  const seen = new Set([workflow.initial]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const t of workflow.transitions) {
      if (seen.has(t.from) && !seen.has(t.to)) {
        seen.add(t.to);
        grew = true;
      }
    }
  }
  return seen;
}

describe.each(WORKFLOWS.map((w) => [w.kind, w] as const))("the %s workflow", (_kind, workflow) => {
  const w = workflow as Workflow<string>;

  it("names only its own statuses, each with a label, and no move twice", () => {
    const statuses = new Set(w.statuses);
    expect(statuses.has(w.initial)).toBe(true);
    for (const t of w.transitions) {
      expect(statuses.has(t.from), `${t.from}`).toBe(true);
      expect(statuses.has(t.to), `${t.to}`).toBe(true);
      expect(t.from).not.toBe(t.to);
    }
    for (const status of w.statuses) expect(w.labels[status], status).toMatch(/^[A-Z][a-z]/);
    const moves = w.transitions.map((t) => `${t.from}>${t.to}`);
    expect(new Set(moves).size).toBe(moves.length);
  });

  it("reaches every status from the first one", () => {
    expect([...reachable(w)].sort()).toEqual([...w.statuses].sort());
  });

  it("lets only real roles act, and asks a note for every return and refusal", () => {
    for (const t of w.transitions) {
      if (t.by !== "system") for (const role of t.by) expect(ROLES).toContain(role);
      if (/DIKEMBALIKAN|DITOLAK|TIDAK_VALID/.test(t.to) && t.by !== "system") expect(t.note, `${t.from}>${t.to}`).toBe("required");
      expect(t.notify.length, `${t.from}>${t.to} tells someone`).toBeGreaterThan(0);
    }
  });

  it("tells the proposer of every change of their record they did not make themselves (LPPM.md)", () => {
    for (const t of w.transitions) {
      const byProposer = t.by !== "system" && t.relation === "ketua";
      if (!byProposer) expect(t.notify, `${t.from}>${t.to}`).toContain("ketua");
    }
  });
});

describe("the usulan workflow (LPPM.md, Statuses and transitions)", () => {
  const by = (from: string, to: string) => USULAN_WORKFLOW.transitions.find((t) => t.from === from && t.to === to);

  it("holds every row of the design's table, with its actor", () => {
    const rows: [string, string, string, string?][] = [
      ["DRAF", "DIAJUKAN", "Pengusul", "pengajuan"],
      ["DIAJUKAN", "DISETUJUI_FAKULTAS", "Verifikator-Fakultas"],
      ["DIAJUKAN", "DIKEMBALIKAN", "Verifikator-Fakultas"],
      ["DIAJUKAN", "DITOLAK", "Verifikator-Fakultas"],
      ["DISETUJUI_FAKULTAS", "REVIEW", "Operator", "review"],
      ["REVIEW", "DINILAI", "system"],
      ["REVIEW", "TIDAK_LOLOS", "system"],
      ["DINILAI", "DIVERIFIKASI", "Sekretaris-LPPM"],
      ["DINILAI", "DIKEMBALIKAN_KE_REVIEW", "Sekretaris-LPPM"],
      ["DIVERIFIKASI", "DIREKOMENDASIKAN", "Kepala-LPPM"],
      ["DIVERIFIKASI", "DITOLAK", "Kepala-LPPM"],
      ["DIREKOMENDASIKAN", "DIDANAI", "Kepala-LPPM", "penetapan"],
      ["DIREKOMENDASIKAN", "TIDAK_DIDANAI", "Kepala-LPPM", "penetapan"],
      ["DIDANAI", "PERBAIKAN_DIAJUKAN", "Pengusul", "perbaikan"],
      ["PERBAIKAN_DIAJUKAN", "BERJALAN", "Operator"],
      ["PERBAIKAN_DIAJUKAN", "DIDANAI", "Operator"],
      ["BERJALAN", "SELESAI", "system"],
    ];
    for (const [from, to, who, stage] of rows) {
      const t = by(from, to);
      expect(t, `${from} → ${to}`).toBeDefined();
      expect(t!.by === "system" ? "system" : t!.by).toEqual(who === "system" ? "system" : [who]);
      expect(t!.stage).toBe(stage);
    }
    expect(by("DIAJUKAN", "DISETUJUI_FAKULTAS")!.relation).toBe("fakultas");
    expect(by("DRAF", "DIAJUKAN")!.relation).toBe("ketua");
  });

  it("ends in Ditolak, Tidak Lolos, Tidak Didanai or Selesai: nothing moves on from them", () => {
    for (const end of ["DITOLAK", "TIDAK_LOLOS", "TIDAK_DIDANAI", "SELESAI"]) {
      expect(USULAN_WORKFLOW.transitions.filter((t) => t.from === end), end).toEqual([]);
    }
  });

  it("uses the design's words on screen", () => {
    expect(Object.values(USULAN_WORKFLOW.labels)).toEqual(
      expect.arrayContaining(["Draf", "Diajukan", "Disetujui Fakultas", "Dikembalikan", "Ditolak", "Review", "Dinilai", "Tidak Lolos", "Diverifikasi", "Direkomendasikan", "Didanai", "Tidak Didanai", "Perbaikan Diajukan", "Berjalan", "Selesai"]),
    );
    expect(Object.values(INSENTIF_WORKFLOW.labels)).toEqual(
      expect.arrayContaining(["Dievaluasi", "Tidak Valid", "Disetujui Sekretaris", "Disetujui Kepala", "Ditetapkan", "Dicairkan"]),
    );
  });
});

describe("transitionsFrom", () => {
  it("offers a person only the buttons of their roles, never the system's", () => {
    expect(transitionsFrom(USULAN_WORKFLOW, "DIAJUKAN", ["Verifikator-Fakultas"]).map((t) => t.action)).toEqual(["Setujui", "Kembalikan", "Tolak"]);
    expect(transitionsFrom(USULAN_WORKFLOW, "DIAJUKAN", ["Pengusul"])).toEqual([]);
    expect(transitionsFrom(USULAN_WORKFLOW, "REVIEW", [...ROLES])).toEqual([]);
    expect(transitionsFrom(LAPORAN_AKHIR_WORKFLOW, "DIAJUKAN", ["Operator"]).map((t) => t.to)).toEqual(["DITERIMA", "DIKEMBALIKAN"]);
  });
});
