import { describe, expect, it } from "vitest";
import { ROLES } from "~/domain/users/roles";
import {
  INSENTIF_WORKFLOW,
  LAPORAN_AKHIR_WORKFLOW,
  MONEV_WORKFLOW,
  overrideOffered,
  reopenTarget,
  transitionsFrom,
  USULAN_STATUSES,
  USULAN_WORKFLOW,
  WITHDRAWABLE,
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

  it("names only its own statuses, each with a label, and no move twice for the same people", () => {
    const statuses = new Set(w.statuses);
    expect(statuses.has(w.initial)).toBe(true);
    for (const t of w.transitions) {
      expect(statuses.has(t.from), `${t.from}`).toBe(true);
      expect(statuses.has(t.to), `${t.to}`).toBe(true);
      // Only an override keeps the status (replacing a reviewer, extending a deadline).
      if (!t.override) expect(t.from).not.toBe(t.to);
    }
    for (const status of w.statuses) expect(w.labels[status], status).toMatch(/^[A-Z][a-z]/);
    const moves = w.transitions.map((t) => `${t.from}>${t.to}>${t.override ?? ""}>${t.by === "system" ? "system" : t.by.join(",")}`);
    expect(new Set(moves).size).toBe(moves.length);
  });

  it("reaches every status from the first one", () => {
    expect([...reachable(w)].sort()).toEqual([...w.statuses].sort());
  });

  it("lets only real roles act, and asks a note for every return and refusal", () => {
    for (const t of w.transitions) {
      if (t.by !== "system") for (const role of t.by) expect(ROLES).toContain(role);
      if (/DIKEMBALIKAN|DITOLAK|TIDAK_VALID/.test(t.to) && t.by !== "system") expect(t.note, `${t.from}>${t.to}`).toBe("required");
      // A step that keeps the status tells the people it concerns by name, from its own module.
      if (!(t.override && t.from === t.to)) expect(t.notify.length, `${t.from}>${t.to} tells someone`).toBeGreaterThan(0);
      if (t.override && t.by !== "system" && !t.by.includes("Pengusul")) expect(t.note, `${t.from}>${t.to} ${t.override}`).toBe("required");
    }
  });

  it("tells the proposer of every change of their record they did not make themselves (LPPM.md)", () => {
    for (const t of w.transitions) {
      const byProposer = t.by !== "system" && t.relation === "ketua";
      // A step that keeps the status (a reviewer replaced, a deadline extended) is the office's
      // own business about reviewers: it tells the reviewers it concerns, not the team.
      const officeStep = Boolean(t.override) && t.from === t.to;
      if (!byProposer && !officeStep) expect(t.notify, `${t.from}>${t.to}`).toContain("ketua");
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

  it("ends in Ditolak, Tidak Lolos, Tidak Didanai, Selesai or Ditarik: only the office reopens a decision, with a note", () => {
    for (const end of ["DITOLAK", "TIDAK_LOLOS", "TIDAK_DIDANAI", "SELESAI", "DITARIK"]) {
      for (const t of USULAN_WORKFLOW.transitions.filter((t) => t.from === end)) {
        expect(t.override, `${t.from} → ${t.to}`).toBe("buka-kembali");
        expect(t.by).toEqual(["Operator", "Kepala-LPPM"]);
        expect(t.note).toBe("required");
      }
    }
    expect(USULAN_WORKFLOW.transitions.filter((t) => t.from === "SELESAI" || t.from === "DITARIK")).toEqual([]);
  });

  it("reopens a decision to the status it was decided from; a failed review as a new round", () => {
    expect(reopenTarget("DITOLAK", "DIAJUKAN")).toBe("DIAJUKAN");
    expect(reopenTarget("DITOLAK", "DIVERIFIKASI")).toBe("DIVERIFIKASI");
    expect(reopenTarget("DITOLAK", null)).toBeNull();
    expect(reopenTarget("TIDAK_LOLOS", "REVIEW")).toBe("DIKEMBALIKAN_KE_REVIEW");
    expect(reopenTarget("TIDAK_LOLOS", "DIKEMBALIKAN_KE_REVIEW")).toBe("DIKEMBALIKAN_KE_REVIEW");
    expect(reopenTarget("TIDAK_DIDANAI", "DIREKOMENDASIKAN")).toBe("DIREKOMENDASIKAN");
    for (const status of ["DRAF", "DIKEMBALIKAN", "REVIEW", "DIDANAI", "SELESAI", "DITARIK"] as const) expect(reopenTarget(status, "DIAJUKAN"), status).toBeNull();
  });

  it("lets the ketua (note optional) or the operator (note required) withdraw from submission until funding", () => {
    const tarik = USULAN_WORKFLOW.transitions.filter((t) => t.to === "DITARIK");
    expect(tarik.every((t) => t.override === "tarik")).toBe(true);
    for (const status of USULAN_STATUSES) {
      const from = tarik.filter((t) => t.from === status);
      if (!WITHDRAWABLE.includes(status)) {
        expect(from, status).toEqual([]);
        continue;
      }
      expect(from.map((t) => [t.by, t.relation, t.note]), status).toEqual([
        [["Pengusul"], "ketua", "optional"],
        [["Operator"], "any", "required"],
      ]);
    }
    expect(WITHDRAWABLE).not.toContain("DRAF");
    for (const funded of ["DIDANAI", "PERBAIKAN_DIAJUKAN", "BERJALAN", "SELESAI"] as const) expect(WITHDRAWABLE).not.toContain(funded);
  });

  it("lets only the operator replace a reviewer or extend a deadline, during a review round", () => {
    for (const override of ["ganti-reviewer", "perpanjang-tenggat"] as const) {
      const rows = USULAN_WORKFLOW.transitions.filter((t) => t.override === override);
      expect(rows.map((t) => [t.from, t.to])).toEqual([
        ["REVIEW", "REVIEW"],
        ["DIKEMBALIKAN_KE_REVIEW", "DIKEMBALIKAN_KE_REVIEW"],
      ]);
      expect(overrideOffered(USULAN_WORKFLOW, override, "REVIEW", ["Operator"])).toBe(true);
      expect(overrideOffered(USULAN_WORKFLOW, override, "REVIEW", ["Kepala-LPPM", "Sekretaris-LPPM", "Reviewer-Internal"])).toBe(false);
      expect(overrideOffered(USULAN_WORKFLOW, override, "DINILAI", ["Operator"])).toBe(false);
    }
    expect(overrideOffered(MONEV_WORKFLOW, "perpanjang-tenggat", "DITUGASKAN", ["Operator"])).toBe(true);
    expect(overrideOffered(MONEV_WORKFLOW, "perpanjang-tenggat", "DINILAI", ["Operator"])).toBe(false);
    expect(overrideOffered(INSENTIF_WORKFLOW, "perpanjang-tenggat", "DIAJUKAN", ["Operator"])).toBe(true);
  });

  it("asks the operators, not the old reviewers, to assign a review returned by the Sekretaris (the proposer is told)", () => {
    expect(by("DINILAI", "DIKEMBALIKAN_KE_REVIEW")!.notify).toEqual(["operator", "ketua"]);
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
    // Overrides are never the normal flow's buttons.
    expect(transitionsFrom(USULAN_WORKFLOW, "DIAJUKAN", ["Operator"])).toEqual([]);
    expect(transitionsFrom(USULAN_WORKFLOW, "DITOLAK", ["Kepala-LPPM"])).toEqual([]);
  });
});
