/**
 * A proposal, read-only, as every area shows it (LPPM.md: "a detail page per proposal shows the
 * whole record, the documents and the status timeline"): identity and mitra, the team (for a
 * blind reviewer its composition without names), the RAB with its totals per group and the
 * skema's limits, the luaran targets, the documents with their versions and 'Unduh' links (and
 * the papers to sign as PDF: 'Lembar Pengesahan (PDF)', once funded 'Kontrak (PDF)'), the
 * reviewers' results as the viewer may read them, and the status timeline. The screens put their
 * own action panel around it (`children` come after the header).
 *
 *   const detail = usulanDetail(db, user, id) ?? throw 404   // domain/lppm/usulan/read.server
 *   <UsulanDetailView detail={detail} documentHref={(d) => `/reviewer/usulan/${id}/dokumen/${d}`} />
 */
import { tautanPeneliti, type IdentitasPeneliti } from "~/domain/users/identitas";
import type { ReactNode } from "react";
import type { UsulanDetail } from "~/domain/lppm/usulan/read.server";
import { fileSize } from "~/lib/util/document-rules";
import { formatRupiah } from "~/lib/util/rupiah";
import { formatWib } from "~/lib/util/wib";
import { StatusBadge } from "~/components/lppm/kit/status";
import { PenilaianSection } from "~/components/lppm/kit/penilaian";
import { OVERRIDES } from "~/domain/lppm/workflow";
import { adaKontrak, NASKAH_LABELS, naskahHref, type NaskahUsulan } from "~/domain/lppm/naskah/naskah";

const JENIS_LABEL = { penelitian: "Penelitian", pengabdian: "Pengabdian kepada Masyarakat" } as const;
const UNDANGAN_LABEL = { MENUNGGU: "Menunggu jawaban", DITERIMA: "Menerima", DITOLAK: "Menolak" } as const;

export const sectionClass = "rounded-xl border border-stone-200 bg-white p-5 shadow-sm";
export const sectionTitleClass = "text-base font-bold text-stone-900";
const thClass = "px-3 py-2 text-left text-xs font-semibold tracking-wide text-stone-500 uppercase";
const tdClass = "px-3 py-2 align-top text-sm text-stone-800";

/** The detail's sections, in order; a screen may show a subset (the editor shows the rest as forms). */
export type DetailSection = "identitas" | "tim" | "rab" | "luaran" | "dokumen" | "penilaian" | "riwayat";
const ALL: readonly DetailSection[] = ["identitas", "tim", "rab", "luaran", "dokumen", "penilaian", "riwayat"];

export function UsulanDetailView({
  detail,
  documentHref,
  sections = ALL,
  children,
}: {
  detail: UsulanDetail;
  /** The area's download route for a document id. */
  documentHref: (dokumenId: number) => string;
  sections?: readonly DetailSection[];
  /** The screen's own panel (actions), shown under the heading. */
  children?: ReactNode;
}) {
  const show = (s: DetailSection) => sections.includes(s);
  return (
    <div className="space-y-5">
      <UsulanHeader detail={detail} />
      {children}
      {show("identitas") ? <IdentitasSection detail={detail} /> : null}
      {show("tim") ? <TimSection detail={detail} /> : null}
      {show("rab") ? <RabSection detail={detail} /> : null}
      {show("luaran") ? <LuaranSection detail={detail} /> : null}
      {show("dokumen") ? <DokumenSection detail={detail} documentHref={documentHref} /> : null}
      {show("penilaian") ? <PenilaianSection penilaian={detail.penilaian} /> : null}
      {show("riwayat") ? <TimelineSection detail={detail} /> : null}
    </div>
  );
}

export function UsulanHeader({ detail }: { detail: UsulanDetail }) {
  const { usulan } = detail;
  return (
    <header className="space-y-2">
      <p className="text-sm text-stone-500">
        {JENIS_LABEL[usulan.jenis]} · {detail.periode.label}
      </p>
      <h1 className="text-2xl font-bold text-stone-900">{usulan.judul}</h1>
      <div className="flex flex-wrap items-center gap-3 text-sm text-stone-600">
        <StatusBadge status={usulan.status} />
        <span>Dana diusulkan: <strong>{formatRupiah(usulan.dana_diusulkan)}</strong></span>
        {usulan.dana_disetujui !== null ? <span>Dana disetujui: <strong>{formatRupiah(usulan.dana_disetujui)}</strong></span> : null}
        {usulan.diajukan_at ? <span>Diajukan {formatWib(usulan.diajukan_at)}</span> : null}
      </div>
    </header>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-1 py-2 sm:grid-cols-[12rem_1fr]">
      <dt className="text-sm font-semibold text-stone-500">{label}</dt>
      <dd className="text-sm whitespace-pre-line text-stone-800">{children}</dd>
    </div>
  );
}

const dash = (value: string | number | null | undefined) => (value === null || value === undefined || value === "" ? "—" : value);

export function IdentitasSection({ detail }: { detail: UsulanDetail }) {
  const { usulan, skema } = detail;
  return (
    <section className={sectionClass} aria-labelledby="bagian-identitas">
      <h2 id="bagian-identitas" className={sectionTitleClass}>Identitas Usulan</h2>
      <dl className="mt-2 divide-y divide-stone-100">
        <Row label="Skema">{skema.nama}</Row>
        <Row label="Ringkasan">{dash(usulan.ringkasan)}</Row>
        <Row label="Kata kunci">{usulan.kata_kunci.length ? usulan.kata_kunci.join(", ") : "—"}</Row>
        <Row label="Bidang fokus">{dash(usulan.bidang_fokus)}</Row>
        {usulan.jenis === "penelitian" ? <Row label="TKT">{dash(usulan.tkt)}</Row> : null}
        <Row label="Lama kegiatan">{usulan.lama_bulan} bulan</Row>
        {usulan.jenis === "pengabdian" || usulan.mitra.nama ? (
          <Row label="Mitra">
            {usulan.mitra.nama ? `${usulan.mitra.nama}\n${usulan.mitra.alamat}\n${usulan.mitra.kontak}` : skema.wajib_mitra ? "Belum diisi (wajib untuk skema ini)" : "—"}
          </Row>
        ) : null}
      </dl>
    </section>
  );
}

/** A lecturer's research profiles (SINTA, ORCID, Scopus, Google Scholar) as small links under their name. */
function TautanPeneliti({ id }: { id: IdentitasPeneliti }) {
  const links = tautanPeneliti(id);
  if (!links.length) return null;
  return (
    <span className="mt-0.5 flex flex-wrap gap-2 text-xs">
      {links.map((l) => (
        <a key={l.label} href={l.href} target="_blank" rel="noopener noreferrer" className="font-semibold text-kayu-700 hover:underline">
          {l.label}
        </a>
      ))}
    </span>
  );
}

export function TimSection({ detail }: { detail: UsulanDetail }) {
  const { tim } = detail;
  return (
    <section className={sectionClass} aria-labelledby="bagian-tim">
      <h2 id="bagian-tim" className={sectionTitleClass}>Tim Pengusul</h2>
      {!tim ? (
        <div className="mt-2 space-y-3">
          <p className="text-sm text-stone-500">Identitas tim disembunyikan untuk penilaian (review buta).</p>
          {detail.timAnonim ? <TimAnonim detail={detail} tim={detail.timAnonim} /> : null}
        </div>
      ) : (
        <div className="mt-3 space-y-4">
          <table className="w-full">
            <thead>
              <tr className="border-b border-stone-200">
                <th className={thClass}>Peran</th>
                <th className={thClass}>Nama</th>
                <th className={thClass}>NIDN</th>
                <th className={thClass}>Program Studi</th>
                <th className={thClass}>Status</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-stone-100">
              <tr>
                <td className={tdClass}>Ketua</td>
                <td className={tdClass}>
                  {tim.ketua.nama}
                  <TautanPeneliti id={tim.ketua} />
                </td>
                <td className={tdClass}>{dash(tim.ketua.nidn)}</td>
                <td className={tdClass}>{dash(tim.ketua.prodi)}</td>
                <td className={tdClass}>—</td>
              </tr>
              {tim.anggota.map((a) => (
                <tr key={a.id}>
                  <td className={tdClass}>Anggota</td>
                  <td className={tdClass}>
                    {a.nama}
                    <TautanPeneliti id={a} />
                  </td>
                  <td className={tdClass}>{dash(a.nidn)}</td>
                  <td className={tdClass}>{dash(a.prodi)}</td>
                  <td className={tdClass}>{UNDANGAN_LABEL[a.status]}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <div>
            <h3 className="text-sm font-semibold text-stone-700">Mahasiswa (minimal {detail.skema.wajib_mahasiswa})</h3>
            {tim.mahasiswa.length ? (
              <ul className="mt-1 list-inside list-disc text-sm text-stone-800">
                {tim.mahasiswa.map((m) => (
                  <li key={m.id}>
                    {m.nama} ({m.nim}){m.prodi ? ` — ${m.prodi}` : ""}
                  </li>
                ))}
              </ul>
            ) : (
              <p className="mt-1 text-sm text-stone-500">Belum ada.</p>
            )}
          </div>
        </div>
      )}
    </section>
  );
}

/**
 * The team as a blind reviewer checks it: each member's role, academic position and answer, the
 * number of students, against the skema's limits — nobody named.
 */
function TimAnonim({ detail, tim }: { detail: UsulanDetail; tim: NonNullable<UsulanDetail["timAnonim"]> }) {
  const { skema } = detail;
  const diterima = tim.anggota.filter((a) => a.status === "DITERIMA").length;
  return (
    <dl className="divide-y divide-stone-100" data-testid="tim-anonim">
      <Row label="Ketua">
        Jabatan akademik: {tim.ketua.jabatan ?? "belum diisi"}
        {skema.min_jabatan ? ` (syarat skema minimal ${skema.min_jabatan})` : ""}
        {"\n"}Profil dosen (NIDN, program studi): {tim.ketua.profilLengkap ? "lengkap" : "belum lengkap"}
      </Row>
      <Row label={`Anggota dosen (maks. ${skema.max_anggota_dosen})`}>
        {tim.anggota.length
          ? tim.anggota.map((a, i) => `Anggota ${i + 1}: ${a.jabatan ?? "jabatan belum diisi"} — ${UNDANGAN_LABEL[a.status]}`).join("\n")
          : "Tidak ada"}
        {tim.anggota.length ? `\n${diterima} anggota menerima undangan.` : ""}
      </Row>
      <Row label={`Mahasiswa (min. ${skema.wajib_mahasiswa})`}>{tim.mahasiswa} orang</Row>
    </dl>
  );
}

/** The RAB's totals per group, the total and Honor's share against the skema's limits. */
export function RabTotals({ detail }: { detail: UsulanDetail }) {
  const s = detail.rabSummary;
  return (
    <dl className="grid gap-2 text-sm sm:grid-cols-2" data-testid="rab-total">
      {s.perKelompok.map((k) => (
        <div key={k.kelompok} className="flex justify-between gap-2 border-b border-stone-100 py-1">
          <dt className="text-stone-600">{k.kelompok}</dt>
          <dd className="font-medium text-stone-800">{formatRupiah(k.jumlah)}</dd>
        </div>
      ))}
      <div className={`flex justify-between gap-2 py-1 font-bold ${s.melebihiDana ? "text-red-700" : "text-stone-900"}`}>
        <dt>Total RAB (maks. {formatRupiah(s.danaMaksimal)})</dt>
        <dd>{formatRupiah(s.total)}</dd>
      </div>
      <div className={`flex justify-between gap-2 py-1 font-semibold ${s.melebihiHonor ? "text-red-700" : "text-stone-700"}`}>
        <dt>Honor (maks. {s.honorMaksPersen}%)</dt>
        <dd>{s.honorPersen.toLocaleString("id-ID")}%</dd>
      </div>
    </dl>
  );
}

export function RabTable({ lines, action }: { lines: UsulanDetail["rab"]; action?: (line: UsulanDetail["rab"][number]) => ReactNode }) {
  if (!lines.length) return <p className="text-sm text-stone-500">Belum ada baris RAB.</p>;
  return (
    <div className="overflow-x-auto">
      <table className="w-full">
        <thead>
          <tr className="border-b border-stone-200">
            <th className={thClass}>Kelompok</th>
            <th className={thClass}>Item</th>
            <th className={thClass}>Volume</th>
            <th className={thClass}>Harga Satuan</th>
            <th className={thClass}>Jumlah</th>
            {action ? <th className={thClass}><span className="sr-only">Aksi</span></th> : null}
          </tr>
        </thead>
        <tbody className="divide-y divide-stone-100">
          {lines.map((line) => (
            <tr key={line.id}>
              <td className={tdClass}>{line.kelompok}</td>
              <td className={tdClass}>{line.item}</td>
              <td className={tdClass}>{line.volume.toLocaleString("id-ID")} {line.satuan}</td>
              <td className={tdClass}>{formatRupiah(line.harga_satuan)}</td>
              <td className={tdClass}>{formatRupiah(line.jumlah)}</td>
              {action ? <td className={tdClass}>{action(line)}</td> : null}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function RabSection({ detail }: { detail: UsulanDetail }) {
  return (
    <section className={sectionClass} aria-labelledby="bagian-rab">
      <h2 id="bagian-rab" className={sectionTitleClass}>Rencana Anggaran Biaya (RAB)</h2>
      <div className="mt-3 space-y-4">
        <RabTable lines={detail.rab} />
        <RabTotals detail={detail} />
        {detail.rabPerbaikan.length ? (
          <div className="space-y-2">
            <h3 className="text-sm font-semibold text-stone-700">RAB final (perbaikan)</h3>
            <RabTable lines={detail.rabPerbaikan} />
          </div>
        ) : null}
      </div>
    </section>
  );
}

export function LuaranList({ luaran, action }: { luaran: UsulanDetail["luaran"]; action?: (item: UsulanDetail["luaran"][number]) => ReactNode }) {
  if (!luaran.length) return <p className="text-sm text-stone-500">Belum ada target luaran.</p>;
  return (
    <table className="w-full">
      <thead>
        <tr className="border-b border-stone-200">
          <th className={thClass}>Jenis Luaran</th>
          <th className={thClass}>Target</th>
          <th className={thClass}>Keterangan</th>
          {action ? <th className={thClass}><span className="sr-only">Aksi</span></th> : null}
        </tr>
      </thead>
      <tbody className="divide-y divide-stone-100">
        {luaran.map((l) => (
          <tr key={l.id}>
            <td className={tdClass}>{l.jenis}</td>
            <td className={tdClass}>{l.target}</td>
            <td className={tdClass}>{dash(l.keterangan)}</td>
            {action ? <td className={tdClass}>{action(l)}</td> : null}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function LuaranSection({ detail }: { detail: UsulanDetail }) {
  return (
    <section className={sectionClass} aria-labelledby="bagian-luaran">
      <h2 id="bagian-luaran" className={sectionTitleClass}>Target Luaran</h2>
      {detail.skema.luaran_wajib.length ? (
        <p className="mt-1 text-xs text-stone-500">Luaran wajib skema: {detail.skema.luaran_wajib.join(", ")}</p>
      ) : null}
      <div className="mt-3">
        <LuaranList luaran={detail.luaran} />
      </div>
    </section>
  );
}

export function DokumenList({ dokumen, documentHref }: { dokumen: UsulanDetail["dokumen"]; documentHref: (id: number) => string }) {
  if (!dokumen.length) return <p className="text-sm text-stone-500">Belum ada dokumen.</p>;
  return (
    <ul className="divide-y divide-stone-100" data-testid="dokumen">
      {dokumen.map((d) => (
        <li key={d.id} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
          <span>
            <strong>{d.rondeLabel}</strong> · versi {d.versi} · {d.nama_file} · {fileSize(d.ukuran)} · {formatWib(d.created_at)}
          </span>
          <a
            href={documentHref(d.id)}
            className="rounded-lg border border-kayu-300 px-3 py-1 text-sm font-semibold text-kayu-700 hover:bg-kayu-50"
            aria-label={`Unduh ${d.rondeLabel} versi ${d.versi}`}
          >
            Unduh
          </a>
        </li>
      ))}
    </ul>
  );
}

export function DokumenSection({ detail, documentHref }: { detail: UsulanDetail; documentHref: (id: number) => string }) {
  // The papers to sign name the team: none for a blind reviewer (the server refuses them too).
  const naskah: NaskahUsulan[] = detail.blind ? [] : ["lembar-pengesahan", ...(adaKontrak(detail.usulan) ? (["kontrak"] as const) : [])];
  return (
    <section className={sectionClass} aria-labelledby="bagian-dokumen">
      <h2 id="bagian-dokumen" className={sectionTitleClass}>Dokumen</h2>
      <div className="mt-2">
        <DokumenList dokumen={detail.dokumen} documentHref={documentHref} />
      </div>
      {naskah.length ? (
        <p className="mt-3 flex flex-wrap gap-2 border-t border-stone-100 pt-3 text-sm" data-testid="naskah">
          {naskah.map((n) => (
            <a key={n} href={naskahHref(documentHref, n)} className="rounded-lg border border-kayu-300 px-3 py-1 font-semibold text-kayu-700 hover:bg-kayu-50">
              {NASKAH_LABELS[n]}
            </a>
          ))}
        </p>
      ) : null}
    </section>
  );
}

export function TimelineSection({ detail }: { detail: UsulanDetail }) {
  return (
    <section className={sectionClass} aria-labelledby="bagian-riwayat">
      <h2 id="bagian-riwayat" className={sectionTitleClass}>Riwayat Status</h2>
      <ol className="mt-3 space-y-3 border-l-2 border-kayu-200 pl-4" data-testid="timeline">
        {detail.timeline.map((entry, i) => (
          <li key={i} className="relative">
            <span aria-hidden="true" className="absolute top-1.5 -left-[1.4rem] h-2.5 w-2.5 rounded-full bg-kayu-600" />
            <p className="text-sm">
              <StatusBadge status={entry.to} />{entry.aksi ? <strong className="ml-2 text-stone-800">{OVERRIDES[entry.aksi].label}</strong> : null}{" "}
              <span className="text-stone-500">{formatWib(entry.at)} · {entry.actor}</span>
            </p>
            {entry.note ? <p className="mt-1 text-sm whitespace-pre-line text-stone-700">Catatan: {entry.note}</p> : null}
          </li>
        ))}
      </ol>
    </section>
  );
}
