/**
 * The research-institute (LPPM) role areas (spec "Research-area routes" and section 6):
 * prefix, roles, titles and sidebar of each area. Client-safe data only; app/routes.ts registers one
 * route per page listed here, with `id` as the route id, from the file its path names.
 *
 * Paths (the proposer's are the spec's; the others are chosen here, kebab-case):
 *   /pengusul/dashboard                                   PengusulDashboard
 *   /pengusul/penelitian/{usulan-baru,perbaikan-usulan,catatan-harian,laporan-kemajuan,laporan-akhir}
 *   /pengusul/pengabdian/{usulan-baru,perbaikan-usulan,catatan-harian,laporan-kemajuan,laporan-akhir}
 *   /pengusul/insentif, /pengusul/insentif/pengajuan, /pengusul/download
 *   /reviewer/dashboard                                   ReviewerDashboard
 *   /reviewer/evaluasi-administrasi                       ReviewerEvaluasiAdministrasi
 *   /reviewer/evaluasi-substansi                          ReviewerEvaluasiSubstansi
 *   /reviewer/evaluasi-insentif                           ReviewerEvaluasiInsentif
 *   /kepalalppm/dashboard                                 KepalaLppmDashboard
 *   /kepalalppm/monitoring/daftar-usulan                  KepalaDaftarUsulan (every proposal; not in the spec)
 *   /kepalalppm/monitoring/perbaikan-usulan               OperatorPerbaikanUsulan
 *   /kepalalppm/monitoring/catatan-harian                 OperatorCatatanHarian
 *   /kepalalppm/monitoring/laporan-kemajuan               OperatorLaporanKemajuan
 *   /kepalalppm/monitoring/laporan-akhir                  OperatorLaporanAkhir
 *   /kepalalppm/monitoring/monev-internal                 OperatorMonevInternal
 *   /kepalalppm/persetujuan-usulan/usulan-reguler         KepalaPersetujuanUsulanReguler
 *   /kepalalppm/persetujuan-usulan/insentif-publikasi     KepalaPersetujuanInsentifPublikasi
 *   /kepalalppm/penetapan-pemenang/usulan-reguler         PenetapanUsulanReguler
 *   /kepalalppm/penetapan-pemenang/usulan-insentif        PenetapanUsulanInsentif
 *   /sekretarislppm/dashboard                             SekretarisLppmDashboard
 *   /sekretarislppm/persetujuan-usulan/usulan-reguler     SekretarisPersetujuanUsulanReguler
 *   /sekretarislppm/persetujuan-usulan/insentif-publikasi SekretarisPersetujuanInsentifPublikasi
 *   /operatorfakultas/dashboard                           OperatorFakultasDashboard
 *   /operatorfakultas/persetujuan-usulan/usulan-reguler   OperatorFakultasPersetujuanUsulanReguler
 */
import type { Role } from "../domain/users/roles";
import type { MenuGroup } from "./menus";

/** One page of an area: `path` is relative to the area prefix. */
export type LppmPage = { id: string; path: string; label: string; title: string };
export type LppmGroup = { label: string; pages: LppmPage[] };

export type LppmArea = {
  key: "pengusul" | "reviewer" | "kepalalppm" | "sekretarislppm" | "operatorfakultas";
  /** "/pengusul" … */
  prefix: string;
  /** Sidebar heading (the area's name). */
  title: string;
  roles: readonly Role[];
  dashboard: { id: string; title: string };
  groups: LppmGroup[];
};

/** The five research-workflow pages every proposal type has (penelitian and pengabdian). */
const PROPOSAL_STEPS = [
  { slug: "usulan-baru", label: "Usulan Baru", id: "UsulanBaru" },
  { slug: "perbaikan-usulan", label: "Perbaikan Usulan", id: "PerbaikanUsulan" },
  { slug: "catatan-harian", label: "Catatan Harian", id: "CatatanHarian" },
  { slug: "laporan-kemajuan", label: "Laporan Kemajuan", id: "LaporanKemajuan" },
  { slug: "laporan-akhir", label: "Laporan Akhir", id: "LaporanAkhir" },
] as const;

function proposalGroup(slug: "penelitian" | "pengabdian", label: string): LppmGroup {
  const idPart = label.replace(/\s/g, "");
  return {
    label,
    pages: PROPOSAL_STEPS.map((step) => ({
      id: `Pengusul${idPart}${step.id}`,
      path: `${slug}/${step.slug}`,
      label: step.label,
      title: `${step.label} ${label}`,
    })),
  };
}

export const LPPM_AREAS: readonly LppmArea[] = [
  {
    key: "pengusul",
    prefix: "/pengusul",
    title: "Pengusul",
    roles: ["Pengusul"],
    dashboard: { id: "PengusulDashboard", title: "Dashboard Pengusul" },
    groups: [
      proposalGroup("penelitian", "Penelitian"),
      proposalGroup("pengabdian", "Pengabdian"),
      {
        label: "Insentif",
        pages: [
          { id: "PengusulInsentif", path: "insentif", label: "Jenis Insentif", title: "Jenis Insentif" },
          { id: "PengusulInsentifPengajuan", path: "insentif/pengajuan", label: "Pengajuan Insentif", title: "Pengajuan Insentif" },
        ],
      },
      {
        label: "Lainnya",
        pages: [{ id: "PengusulDownload", path: "download", label: "Download", title: "Download" }],
      },
    ],
  },
  {
    key: "reviewer",
    prefix: "/reviewer",
    title: "Reviewer",
    roles: ["Reviewer-Internal", "Reviewer-External"],
    dashboard: { id: "ReviewerDashboard", title: "Dashboard Reviewer" },
    groups: [
      {
        label: "Evaluasi",
        pages: [
          { id: "ReviewerEvaluasiAdministrasi", path: "evaluasi-administrasi", label: "Evaluasi Administrasi", title: "Evaluasi Administrasi" },
          { id: "ReviewerEvaluasiSubstansi", path: "evaluasi-substansi", label: "Evaluasi Substansi", title: "Evaluasi Substansi" },
          { id: "ReviewerEvaluasiInsentif", path: "evaluasi-insentif", label: "Evaluasi Insentif", title: "Evaluasi Insentif" },
        ],
      },
    ],
  },
  {
    key: "kepalalppm",
    prefix: "/kepalalppm",
    title: "Kepala LPPM",
    roles: ["Kepala-LPPM"],
    dashboard: { id: "KepalaLppmDashboard", title: "Dashboard Kepala LPPM" },
    groups: [
      {
        label: "Monitoring",
        pages: [
          { id: "KepalaDaftarUsulan", path: "monitoring/daftar-usulan", label: "Daftar Usulan", title: "Daftar Usulan" },
          { id: "OperatorPerbaikanUsulan", path: "monitoring/perbaikan-usulan", label: "Perbaikan Usulan", title: "Monitoring Perbaikan Usulan" },
          { id: "OperatorCatatanHarian", path: "monitoring/catatan-harian", label: "Catatan Harian", title: "Monitoring Catatan Harian" },
          { id: "OperatorLaporanKemajuan", path: "monitoring/laporan-kemajuan", label: "Laporan Kemajuan", title: "Monitoring Laporan Kemajuan" },
          { id: "OperatorLaporanAkhir", path: "monitoring/laporan-akhir", label: "Laporan Akhir", title: "Monitoring Laporan Akhir" },
          { id: "OperatorMonevInternal", path: "monitoring/monev-internal", label: "Monev Internal PT", title: "Monev Internal PT" },
        ],
      },
      {
        label: "Persetujuan Usulan",
        pages: [
          { id: "KepalaPersetujuanUsulanReguler", path: "persetujuan-usulan/usulan-reguler", label: "Usulan Reguler", title: "Persetujuan Usulan Reguler" },
          { id: "KepalaPersetujuanInsentifPublikasi", path: "persetujuan-usulan/insentif-publikasi", label: "Insentif Publikasi", title: "Persetujuan Insentif Publikasi" },
        ],
      },
      {
        label: "Penetapan Pemenang",
        pages: [
          { id: "PenetapanUsulanReguler", path: "penetapan-pemenang/usulan-reguler", label: "Usulan Reguler", title: "Penetapan Pemenang Usulan Reguler" },
          { id: "PenetapanUsulanInsentif", path: "penetapan-pemenang/usulan-insentif", label: "Usulan Insentif", title: "Penetapan Pemenang Usulan Insentif" },
        ],
      },
    ],
  },
  {
    key: "sekretarislppm",
    prefix: "/sekretarislppm",
    title: "Sekretaris LPPM",
    roles: ["Sekretaris-LPPM"],
    dashboard: { id: "SekretarisLppmDashboard", title: "Dashboard Sekretaris LPPM" },
    groups: [
      {
        label: "Persetujuan Usulan",
        pages: [
          { id: "SekretarisPersetujuanUsulanReguler", path: "persetujuan-usulan/usulan-reguler", label: "Usulan Reguler", title: "Persetujuan Usulan Reguler" },
          { id: "SekretarisPersetujuanInsentifPublikasi", path: "persetujuan-usulan/insentif-publikasi", label: "Insentif Publikasi", title: "Persetujuan Insentif Publikasi" },
        ],
      },
    ],
  },
  {
    key: "operatorfakultas",
    prefix: "/operatorfakultas",
    title: "Operator Fakultas",
    roles: ["Verifikator-Fakultas"],
    dashboard: { id: "OperatorFakultasDashboard", title: "Dashboard Operator Fakultas" },
    groups: [
      {
        label: "Persetujuan Usulan",
        pages: [
          { id: "OperatorFakultasPersetujuanUsulanReguler", path: "persetujuan-usulan/usulan-reguler", label: "Usulan Reguler", title: "Persetujuan Usulan Reguler" },
        ],
      },
    ],
  },
];

export function lppmArea(key: LppmArea["key"]): LppmArea {
  const area = LPPM_AREAS.find((a) => a.key === key);
  if (!area) throw new Error(`Unknown LPPM area ${key}`);
  return area;
}

/** The sidebar groups of an area in the shell's format. */
export function lppmMenu(area: LppmArea): MenuGroup[] {
  return area.groups.map((group) => ({
    label: group.label,
    items: group.pages.map((page) => ({ to: `${area.prefix}/${page.path}`, label: page.label })),
  }));
}
