/**
 * Pengajuan Insentif of the lecturer (/pengusul/insentif/pengajuan, PengusulInsentifPengajuan;
 * ): their claims; ?tambah=1 opens a new claim (prefilled from one of their recorded
 * outputs with &luaran=ID); ?lihat=ID opens one — while Draf or Dikembalikan they change it,
 * add or remove evidence, submit it ('Ajukan'), or delete a draft. Plain form posts; the rules
 * are the domain's (domain/lppm/insentif/).
 */
import { data, Form } from "react-router";
import { useReply } from "~/components/ui/use-reply";
import type { Route } from "./+types/insentif.pengajuan";
import { PageHeader } from "~/components/operator/page-header";
import { AppLink } from "~/components/ui/app-link";
import { columnHelper, DataTable } from "~/components/ui/data-table";
import { UrlDialog } from "~/components/ui/dialog";
import { Alert, inputClass } from "~/components/ui/field";
import { KlaimDetailView, peranLabel } from "~/components/lppm/insentif-view";
import { getKlaim, listKlaimPengusul, luaranPilihan, type InsentifRow } from "~/domain/lppm/insentif/read.server";
import { ajukanKlaim, hapusBuktiKlaim, hapusKlaim, simpanKlaim, tambahBuktiKlaim, BUKTI_INSENTIF_TERLALU_BESAR } from "~/domain/lppm/insentif/draft.server";
import { listJenisInsentifAktif, periodeInsentifTerbuka } from "~/domain/lppm/insentif/master.server";
import { BUKTI_INSENTIF_TYPES, klaimSchema, MAKS_BUKTI_INSENTIF, PERAN, peringkatLabel } from "~/domain/lppm/insentif/insentif.schema";
import { stageState } from "~/domain/lppm/stage-window";
import { DELETED, parseId, runAction, SAVED, withId, type ActionContext, type Refusal } from "~/http/action.server";
import { readLihatList } from "~/http/lihat-list.server";
import { documentAccept } from "~/lib/util/document-rules";
import { formatRupiah } from "~/lib/util/rupiah";
import { HapusItem } from "~/components/ui/hapus-item";
import { JudulCell, LihatLink, rupiahOrDash, useLihatHref } from "~/components/lppm/kit/cells";
import { InsentifBadge } from "~/components/lppm/kit/status";

const PAGE = "/pengusul/insentif/pengajuan";

type Isian = Partial<Record<"id_jenis" | "judul" | "nama_wadah" | "issn_isbn" | "doi_url" | "tahun" | "volume_nomor" | "peran" | "jumlah_penulis" | "id_luaran", string>>;

export async function loader(args: Route.LoaderArgs) {
  const { url } = args;
  const { db, user, state, headers, lihat } = await readLihatList(args, "insentif_pengusul", (db, user, id) => {
    const klaim = getKlaim(db, user, id);
    return klaim?.id_pengusul === user.id ? klaim : null;
  });
  const periode = periodeInsentifTerbuka(db);
  const luaran = luaranPilihan(db, user.id);
  const tambah = url.searchParams.get("tambah") === "1";
  // A new claim filled in from a recorded output of the lecturer's own projects.
  const dari = tambah ? luaran.find((l) => l.id === parseId(url.searchParams.get("luaran"))) : undefined;
  const isianBaru: Isian = dari
    ? { judul: dari.judul, nama_wadah: dari.nama_wadah, issn_isbn: dari.issn_isbn, doi_url: dari.doi_url, tahun: dari.tahun ? String(dari.tahun) : "", id_luaran: String(dari.id), peran: "pertama" }
    : { peran: "pertama" };
  return data(
    {
      title: "Pengajuan Insentif",
      list: listKlaimPengusul(db, user.id, state),
      lihat,
      tambah,
      isianBaru,
      periode: periode ? { tahun: periode.tahun, jadwal: stageState(periode.window, new Date()) } : null,
      jenis: listJenisInsentifAktif(db).map((j) => ({
        id: j.id,
        label: `${j.jenis} · ${peringkatLabel(j.peringkat)} (${formatRupiah(j.tarif_utama)}${j.pembagian === "proporsional" ? " per publikasi, dibagi menurut jumlah penulis" : ""})`,
      })),
      luaran: luaran.map((l) => ({ id: l.id, label: `${l.judul} — ${l.kegiatan}` })),
    },
    { headers },
  );
}

type Reply = { problems?: string[]; isian?: Isian };

export function action(args: Route.ActionArgs) {
  const klaim = (run: (ctx: ActionContext & { id: number }) => Promise<{ ok: true } | Refusal> | { ok: true } | Refusal) =>
    withId("Klaim tidak valid.", async (ctx) => {
      const result = await run(ctx);
      // Back to the claim, the change shown.
      return result.ok ? ctx.done(SAVED, { to: `${PAGE}?lihat=${ctx.id}` }) : ctx.refuse(result);
    });
  return runAction(
    args,
    {
      simpan: (ctx) => {
        // What was typed comes back with every refusal (a page without JavaScript shows it again).
        ctx.echo({ isian: Object.fromEntries([...ctx.form.entries()].filter(([, v]) => typeof v === "string")) as Isian });
        const saved = simpanKlaim(ctx.db, ctx.user, ctx.parse(klaimSchema()), ctx.id ?? undefined);
        return saved.ok ? ctx.done(SAVED, { to: `${PAGE}?lihat=${saved.id}` }) : ctx.refuse(saved);
      },
      "tambah-bukti": klaim(({ db, user, id, upload }) => upload("bukti", (files) => tambahBuktiKlaim(db, user, id, files), { required: "Pilih file bukti." })),
      "hapus-bukti": klaim(({ db, user, id, form }) => {
        const buktiId = parseId(form.get("bukti_id"));
        return buktiId ? hapusBuktiKlaim(db, user, id, buktiId) : { ok: false, status: 400, message: "Bukti tidak valid." };
      }),
      hapus: withId("Klaim tidak valid.", async (ctx) => {
        const removed = await hapusKlaim(ctx.db, ctx.user, ctx.id);
        return removed.ok ? ctx.done(DELETED, { to: PAGE }) : ctx.refuse(removed);
      }),
      ajukan: withId("Klaim tidak valid.", (ctx) => {
        const outcome = ajukanKlaim(ctx.db, ctx.user, ctx.id);
        return outcome.ok ? ctx.done(SAVED, { to: PAGE }) : ctx.refuse(outcome);
      }),
    },
    { upload: { intent: "tambah-bukti", field: "bukti", message: BUKTI_INSENTIF_TERLALU_BESAR } },
  );
}

const col = columnHelper<InsentifRow>();
const columns = [
  col.accessor("judul", { header: "Publikasi", cell: (info) => <JudulCell judul={info.getValue()} periode={`${info.row.original.jenis} · ${peringkatLabel(info.row.original.peringkat)} · ${info.row.original.tahun}`} /> }),
  col.accessor("peran", { header: "Peran", cell: (info) => peranLabel(info.getValue()) }),
  col.accessor("tarif", { header: "Tarif", cell: (info) => rupiahOrDash(info.getValue()) }),
  col.accessor("nominal_disetujui", { header: "Disetujui", cell: (info) => rupiahOrDash(info.getValue()) }),
  col.accessor("status", { header: "Status", cell: (info) => <InsentifBadge status={info.getValue()} /> }),
];

const labelClass = "block text-sm font-semibold text-stone-700";
const errorText = "mt-1 block text-xs font-medium text-red-600";
const button = "rounded-lg px-4 py-2 text-sm font-bold text-white shadow disabled:cursor-wait disabled:opacity-70";

function KlaimForm({
  id,
  isian,
  jenis,
  err,
  busy,
}: {
  id: number | null;
  isian: Isian;
  jenis: { id: number; label: string }[];
  /** The reply's message of a field (useReply's `err`), or none. */
  err: (name: string) => string | undefined;
  busy: boolean;
}) {
  const text = (name: keyof Isian, label: string, extra: { maxLength?: number; inputMode?: "numeric"; placeholder?: string; span?: string } = {}) => (
    <label className={extra.span ?? "sm:col-span-3"}>
      <span className={labelClass}>{label}</span>
      <input name={name} defaultValue={isian[name] ?? ""} maxLength={extra.maxLength} inputMode={extra.inputMode} placeholder={extra.placeholder} className={inputClass} aria-invalid={err(name) ? true : undefined} />
      {err(name) ? <span className={errorText}>{err(name)}</span> : null}
    </label>
  );
  return (
    <Form method="post" className="grid gap-3 rounded-xl border border-stone-200 p-3 sm:grid-cols-6" aria-label="Isian klaim insentif">
      {id ? <input type="hidden" name="id" value={id} /> : null}
      {isian.id_luaran ? <input type="hidden" name="id_luaran" value={isian.id_luaran} /> : null}
      <label className="sm:col-span-6">
        <span className={labelClass}>Jenis insentif</span>
        <select name="id_jenis" defaultValue={isian.id_jenis ?? ""} className={inputClass} aria-invalid={err("id_jenis") ? true : undefined}>
          <option value="">Pilih jenis dan peringkat</option>
          {jenis.map((j) => (
            <option key={j.id} value={j.id}>
              {j.label}
            </option>
          ))}
        </select>
        {err("id_jenis") ? <span className={errorText}>{err("id_jenis")}</span> : null}
      </label>
      {text("judul", "Judul publikasi", { maxLength: 300, span: "sm:col-span-6" })}
      {text("nama_wadah", "Nama jurnal/penerbit/konferensi", { maxLength: 200, span: "sm:col-span-4" })}
      {text("volume_nomor", "Volume/nomor", { maxLength: 50, span: "sm:col-span-2" })}
      {text("issn_isbn", "ISSN/ISBN", { maxLength: 30, span: "sm:col-span-2" })}
      {text("doi_url", "DOI atau URL", { maxLength: 500, placeholder: "10.1234/… atau https://…", span: "sm:col-span-4" })}
      {text("tahun", "Tahun terbit", { maxLength: 4, inputMode: "numeric", span: "sm:col-span-2" })}
      <label className="sm:col-span-2">
        <span className={labelClass}>Peran</span>
        <select name="peran" defaultValue={isian.peran ?? "pertama"} className={inputClass} aria-invalid={err("peran") ? true : undefined}>
          {PERAN.map((p) => (
            <option key={p} value={p}>
              {peranLabel(p)}
            </option>
          ))}
        </select>
        {err("peran") ? <span className={errorText}>{err("peran")}</span> : null}
      </label>
      {text("jumlah_penulis", "Jumlah penulis", { maxLength: 3, inputMode: "numeric", span: "sm:col-span-2" })}
      <div className="flex justify-end sm:col-span-6">
        <button type="submit" name="intent" value="simpan" disabled={busy} className={`${button} bg-stone-800 hover:bg-stone-900`}>
          Simpan
        </button>
      </div>
    </Form>
  );
}

export default function PengajuanInsentif({ loaderData, actionData }: Route.ComponentProps) {
  const { list, lihat, tambah, isianBaru, periode, jenis, luaran } = loaderData;
  const { reply, err, busy } = useReply<Reply>(actionData, { inline: true });
  const none = () => undefined;
  const href = useLihatHref();
  const closeTo = href(null).replace(/([?&])tambah=1&?/, "$1").replace(/([?&])luaran=\d+&?/, "$1").replace(/[?&]$/, "");
  const isianDari = (detail: NonNullable<typeof lihat>): Isian => ({
    id_jenis: String(detail.id_jenis),
    judul: detail.judul,
    nama_wadah: detail.nama_wadah,
    issn_isbn: detail.issn_isbn,
    doi_url: detail.doi_url,
    tahun: String(detail.tahun),
    volume_nomor: detail.volume_nomor,
    peran: detail.peran,
    jumlah_penulis: String(detail.jumlah_penulis),
    id_luaran: detail.id_luaran ? String(detail.id_luaran) : "",
  });
  const alert = reply?.message ? (
    <Alert>
      {reply.message}
      {reply.problems && reply.problems.length > 1 ? <ul className="mt-1 list-disc pl-5">{reply.problems.map((p) => <li key={p}>{p}</li>)}</ul> : null}
    </Alert>
  ) : null;
  return (
    <div className="space-y-4">
      <PageHeader title="Pengajuan Insentif" />
      <div className="flex flex-wrap items-center justify-between gap-3 text-sm text-stone-700">
        <p>
          {periode
            ? `Periode insentif ${periode.tahun}: ${periode.jadwal.label.toLowerCase()}${periode.jadwal.countdown ? ` (${periode.jadwal.countdown})` : ""}.`
            : "Belum ada periode insentif yang dibuka untuk pengajuan."}{" "}
          <AppLink to="/pengusul/insentif" className="font-semibold text-kayu-700 hover:underline">Lihat jenis dan tarif</AppLink>
        </p>
        {periode ? (
          <AppLink to={`${PAGE}?tambah=1`} className="rounded-lg bg-kayu-700 px-4 py-2 text-sm font-bold text-white shadow hover:bg-kayu-800">
            Tambah Klaim
          </AppLink>
        ) : null}
      </div>
      <DataTable
        caption="Daftar klaim insentif"
        columns={columns}
        list={list}
        action={(row) => <LihatLink to={href(row.id)} name={`Klaim ${row.judul}`}>{row.status === "DRAF" || row.status === "DIKEMBALIKAN" ? "Ubah" : "Detail"}</LihatLink>}
      />
      {tambah && !lihat ? (
        <UrlDialog title="Tambah Klaim Insentif" closeTo={closeTo} size="xl">
          <div className="space-y-4">
            {alert}
            {luaran.length ? (
              <Form method="get" className="flex flex-wrap items-end gap-2 rounded-xl bg-stone-50 p-3" aria-label="Isi dari luaran">
                <input type="hidden" name="tambah" value="1" />
                <label className="min-w-0 flex-1">
                  <span className={labelClass}>Isi dari luaran kegiatan Anda</span>
                  <select name="luaran" defaultValue={isianBaru.id_luaran ?? ""} className={inputClass}>
                    <option value="">Pilih luaran</option>
                    {luaran.map((l) => (
                      <option key={l.id} value={l.id}>
                        {l.label}
                      </option>
                    ))}
                  </select>
                </label>
                <button type="submit" className="rounded-lg border border-stone-300 bg-white px-4 py-2 text-sm font-semibold text-stone-700 hover:bg-stone-100">Isi</button>
              </Form>
            ) : null}
            <KlaimForm id={null} isian={reply?.isian ?? isianBaru} jenis={jenis} err={err} busy={busy} key={isianBaru.id_luaran ?? "baru"} />
          </div>
        </UrlDialog>
      ) : null}
      {lihat ? (
        <UrlDialog title={lihat.judul} closeTo={href(null)} size="xl">
          <div className="space-y-4">
            {alert}
            <KlaimDetailView
              detail={lihat}
              buktiHref={(b) => `/pengusul/insentif/${lihat.id}/bukti/${b}`}
              buktiAction={
                lihat.canEdit
                  ? (b) => <HapusItem fields={{ id: lihat.id, bukti_id: b.id }} intent="hapus-bukti" name={b.nama_file} disabled={busy} />
                  : undefined
              }
            >
              {lihat.canEdit ? (
                <div className="space-y-4">
                  <KlaimForm id={lihat.id} isian={reply?.intent === "simpan" && reply.isian ? reply.isian : isianDari(lihat)} jenis={jenis} err={reply?.intent === "simpan" ? err : none} busy={busy} />
                  <Form method="post" encType="multipart/form-data" className="flex flex-wrap items-end gap-2 rounded-xl border border-stone-200 p-3">
                    <input type="hidden" name="id" value={lihat.id} />
                    <label className="space-y-1">
                      <span className={labelClass}>Bukti publikasi (PDF, JPG, PNG; maks. {MAKS_BUKTI_INSENTIF} file, 10 MB)</span>
                      <input type="file" name="bukti" multiple accept={documentAccept(BUKTI_INSENTIF_TYPES)} className="block text-sm" aria-invalid={err("bukti") ? true : undefined} />
                      {err("bukti") ? <span className={errorText}>{err("bukti")}</span> : null}
                    </label>
                    <button type="submit" name="intent" value="tambah-bukti" disabled={busy} className={`${button} bg-stone-800 hover:bg-stone-900`}>Unggah</button>
                  </Form>
                  {lihat.problems.length ? <ul className="list-disc space-y-1 pl-5 text-sm text-amber-800">{lihat.problems.map((p) => <li key={p}>{p}</li>)}</ul> : null}
                  <div className="flex flex-wrap justify-end gap-2">
                    {lihat.status === "DRAF" ? (
                      <Form method="post">
                        <input type="hidden" name="id" value={lihat.id} />
                        <button type="submit" name="intent" value="hapus" disabled={busy} className="rounded-lg border border-red-300 px-4 py-2 text-sm font-semibold text-red-700 hover:bg-red-50">Hapus Draf</button>
                      </Form>
                    ) : null}
                    <Form method="post">
                      <input type="hidden" name="id" value={lihat.id} />
                      <button type="submit" name="intent" value="ajukan" disabled={busy} className={`${button} bg-kayu-700 px-6 hover:bg-kayu-800`}>Ajukan</button>
                    </Form>
                  </div>
                </div>
              ) : null}
            </KlaimDetailView>
          </div>
        </UrlDialog>
      ) : null}
    </div>
  );
}
