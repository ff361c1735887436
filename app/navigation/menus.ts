/**
 * Sidebar menus per role area (spec sections 2 and 6), client-safe data only.
 */
import type { Role } from "../domain/users/roles";

export type MenuItem = { to: string; label: string };
export type MenuGroup = { label: string; items: MenuItem[] };

/** The Dashboards submenu: one link per role area the user holds. */
export const DASHBOARD_LINKS: { roles: Role[]; item: MenuItem }[] = [
  { roles: ["Pengusul"], item: { to: "/pengusul/dashboard", label: "Pengusul" } },
  { roles: ["Reviewer-Internal", "Reviewer-External"], item: { to: "/reviewer/dashboard", label: "Reviewer" } },
  { roles: ["Verifikator-Fakultas"], item: { to: "/operatorfakultas/dashboard", label: "Operator Fakultas" } },
  { roles: ["Kepala-LPPM"], item: { to: "/kepalalppm/dashboard", label: "Kepala LPPM" } },
  { roles: ["Sekretaris-LPPM"], item: { to: "/sekretarislppm/dashboard", label: "Sekretaris LPPM" } },
  { roles: ["Operator"], item: { to: "/operator/dashboard", label: "Operator" } },
];

/** The user's areas, as links to their dashboards; with the LPPM module off, the back office only. */
export function dashboardLinks(roles: readonly Role[], modulLppm = true): MenuItem[] {
  return DASHBOARD_LINKS.filter((d) => d.roles.some((r) => roles.includes(r)))
    .filter((d) => modulLppm || d.item.to.startsWith("/operator/"))
    .map((d) => d.item);
}

/**
 * The LPPM module's screens of the Operator (hidden with Modul LPPM off, like everything under
 * /operator/lppm): what waits for them and every proposal first, then the master data and the cycle.
 */
export const OPERATOR_LPPM_GROUP: MenuGroup = {
  label: "LPPM",
  items: [
    { to: "/operator/lppm/dashboard", label: "Dashboard LPPM" },
    { to: "/operator/lppm/daftar-usulan", label: "Daftar Usulan" },
    { to: "/operator/lppm/fakultas", label: "Fakultas" },
    { to: "/operator/lppm/prodi", label: "Program Studi" },
    { to: "/operator/lppm/impor-dosen", label: "Impor Dosen" },
    { to: "/operator/lppm/skema", label: "Skema" },
    { to: "/operator/lppm/periode", label: "Periode" },
    { to: "/operator/lppm/rubrik", label: "Rubrik" },
    { to: "/operator/lppm/template", label: "Template Unduhan" },
    { to: "/operator/lppm/penugasan-reviewer", label: "Penugasan Reviewer" },
    { to: "/operator/lppm/perbaikan-usulan", label: "Perbaikan Usulan" },
    { to: "/operator/lppm/catatan-harian", label: "Catatan Harian" },
    { to: "/operator/lppm/laporan-kemajuan", label: "Laporan Kemajuan" },
    { to: "/operator/lppm/laporan-akhir", label: "Laporan Akhir" },
    { to: "/operator/lppm/monev-internal", label: "Monev Internal PT" },
    { to: "/operator/lppm/pembayaran-dana", label: "Pembayaran Dana" },
    { to: "/operator/lppm/jenis-insentif", label: "Jenis Insentif" },
    { to: "/operator/lppm/periode-insentif", label: "Periode Insentif" },
    { to: "/operator/lppm/insentif", label: "Klaim Insentif" },
  ],
};

export const OPERATOR_MENU: MenuGroup[] = [
  {
    label: "Profil",
    items: [
      { to: "/operator/profil/tentang-kami", label: "Tentang Kami" },
      { to: "/operator/profil/galeri", label: "Galeri" },
      { to: "/operator/profil/kontakkami", label: "Kontak Kami" },
      { to: "/operator/profil/kerjasama", label: "Kerja Sama" },
    ],
  },
  {
    label: "Produk",
    items: [
      { to: "/operator/produk/kategoriproduk", label: "Kategori Produk" },
      { to: "/operator/produk/produk", label: "Produk" },
    ],
  },
  {
    label: "Master",
    items: [
      { to: "/operator/master/banner", label: "Banner" },
      { to: "/operator/master/kantorcabang", label: "Kantor Cabang" },
      { to: "/operator/master/ulasankonsumen", label: "Ulasan Konsumen" },
      { to: "/operator/master/user", label: "Manajemen Pengguna" },
      { to: "/operator/master/setting", label: "Setting" },
      { to: "/operator/notifikasi", label: "Notifikasi" },
      { to: "/operator/master/log-aktivitas", label: "Log Aktivitas" },
      { to: "/operator/master/statistik-whatsapp", label: "Statistik WhatsApp" },
      { to: "/operator/master/cadangan", label: "Cadangan" },
    ],
  },
  OPERATOR_LPPM_GROUP,
];
