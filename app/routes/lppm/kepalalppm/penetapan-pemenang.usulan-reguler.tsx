/**
 * Penetapan Pemenang Usulan Reguler (Kepala-LPPM): the ranking board of one periode (?periode=ID)
 * — DIREKOMENDASIKAN proposals by average score, each reviewer's total and their spread, dana
 * diusulkan and the reviewers' average recommendation, kuota and anggaran left — and one batch
 * form: per row didanai ya/tidak and dana disetujui, the SK's number and date, 'Tetapkan'.
 * Downloads: the board, the winners (for the SK) and the recap per periode, XLSX and CSV; each
 * SK recorded, as PDF with its attachment ('SK <nomor> (PDF)').
 * Every row opens its proposal read-only at ?lihat=ID (the shared UsulanDetailView: documents,
 * RAB, team, luaran, the reviews by name, timeline), a proposal of the board's periode only.
 */
import { useState } from "react";
import { data, Form, Link } from "react-router";
import { useReply } from "~/components/ui/use-reply";
import type { Route } from "./+types/penetapan-pemenang.usulan-reguler";
import { PageHeader } from "~/components/operator/page-header";
import { PeriodePilih } from "~/components/lppm/kit/periode-pilih";
import { Alert, inputClass } from "~/components/ui/field";
import { rankingBoard, tetapkan, type BoardRow, type KeputusanBaris, type Sisa } from "~/domain/lppm/penetapan/penetapan.server";
import {
  danaField,
  DANA_TIDAK_VALID,
  FORMATS,
  LAPORAN,
  LAPORAN_LABELS,
  NOMOR_SK_MAKS,
  NOMOR_SK_WAJIB,
  PERIODE_WAJIB,
  TANGGAL_SK_WAJIB,
} from "~/domain/lppm/penetapan/penetapan";
import { getDb } from "~/lib/server/db.server";
import { requireUser } from "~/http/guard.server";
import { here, listUrl, openRecord, parseId, runAction, UNKNOWN_INTENT } from "~/http/action.server";
import { usulanDetail } from "~/domain/lppm/usulan/read.server";
import { UsulanDetailView } from "~/components/lppm/usulan-detail";
import { UrlDialog } from "~/components/ui/dialog";
import { LihatLink, useLihatHref } from "~/components/lppm/kit/cells";
import { groupRupiah, parseRupiah } from "~/lib/util/rupiah";
import { parseWibDate, toWibDateInput, formatWibDate } from "~/lib/util/wib";
import { MAX_NILAI } from "~/domain/lppm/rubrik";
import { SubmitButton } from "~/components/ui/submit-button";
import { nilaiOrDash, rupiahOrDash } from "~/components/lppm/kit/cells";
import { SelisihFlag } from "~/components/lppm/kit/status";

export const handle = { title: "Penetapan Pemenang Usulan Reguler" };

export async function loader({ url, context }: Route.LoaderArgs) {
  const user = requireUser(context);
  const db = getDb();
  const now = new Date();
  const board = rankingBoard(db, parseId(url.searchParams.get("periode")), now, { semua: url.searchParams.get("semua") === "1" });
  if (url.searchParams.has("periode") && !board.periode) throw data(null, { status: 404 });
  // A proposal of another periode (or none the head may see) goes back to the board.
  const lihat = await openRecord(url, "lihat", (id) => {
    const detail = usulanDetail(db, user, id);
    return detail && detail.periode.id === board.periode?.id ? detail : null;
  }, listUrl(url));
  return { ...board, today: toWibDateInput(now), lihat };
}

/** The board as typed comes back with every refusal (`values`), for the page without JavaScript. */
type Reply = { values?: Record<string, string> };

export const action = (args: Route.ActionArgs) =>
  runAction(args, {
    tetapkan: (ctx) => {
      const { form } = ctx;
      const values: Record<string, string> = {};
      for (const [key, value] of form.entries()) if (typeof value === "string" && key !== "usulan") values[key] = value.slice(0, 200);
      ctx.echo({ values });
      const refuse = (message: string, fieldErrors: Record<string, string[]> = {}, status = 400) => ctx.reply(status, message, { fieldErrors });
      const periodeId = parseId(form.get("periode"));
      if (!periodeId) return refuse(PERIODE_WAJIB, { periode: [PERIODE_WAJIB] });
      const fieldErrors: Record<string, string[]> = {};
      const nomor = String(form.get("nomor_sk") ?? "").trim();
      if (!nomor) fieldErrors.nomor_sk = [NOMOR_SK_WAJIB];
      else if (nomor.length > 100) fieldErrors.nomor_sk = [NOMOR_SK_MAKS];
      const tanggal = parseWibDate(String(form.get("tanggal_sk") ?? ""));
      if (!tanggal) fieldErrors.tanggal_sk = [TANGGAL_SK_WAJIB];
      const rows: KeputusanBaris[] = [];
      for (const raw of form.getAll("usulan")) {
        const id = parseId(raw);
        if (!id) return refuse(UNKNOWN_INTENT);
        const didanai = form.get(`didanai_${id}`) === "ya";
        const text = String(form.get(danaField(id)) ?? "").trim();
        const dana = text ? parseRupiah(text) : null;
        if (didanai && text && dana === null) fieldErrors[danaField(id)] = [DANA_TIDAK_VALID];
        rows.push({ id, didanai, dana });
      }
      if (Object.keys(fieldErrors).length) return refuse(Object.values(fieldErrors)[0]![0]!, fieldErrors);
      const result = tetapkan(ctx.db, ctx.user, { periodeId, nomor_sk: nomor, tanggal_sk: tanggal!, rows });
      return result.ok ? ctx.done(undefined, { to: here(ctx.url) }) : ctx.refuse(result);
    },
  });

/** The default decision: funded in rank order while the kuota and anggaran left allow. */
function defaults(rows: BoardRow[], sisa: Sisa | null) {
  let kuota = sisa?.kuota ?? 0;
  let anggaran = sisa?.anggaran ?? 0;
  return new Map(
    rows.map((row) => {
      const dana = Math.min(row.dana_rekomendasi ?? row.dana_diusulkan, row.dana_diusulkan);
      const didanai = kuota > 0 && dana <= anggaran;
      if (didanai) {
        kuota -= 1;
        anggaran -= dana;
      }
      return [row.id, { didanai, dana }];
    }),
  );
}

function SisaCards({ sisa }: { sisa: Sisa }) {
  const card = (label: string, value: string, detail: string) => (
    <div className="rounded-xl border border-stone-200 bg-white p-4 shadow-sm">
      <p className="text-xs font-semibold tracking-wide text-stone-500 uppercase">{label}</p>
      <p className="text-xl font-bold text-stone-900">{value}</p>
      <p className="text-xs text-stone-500">{detail}</p>
    </div>
  );
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      {card("Sisa kuota judul", `${sisa.kuota}`, `dari ${sisa.kuotaTotal} judul; ${sisa.judulDidanai} sudah didanai`)}
      {card("Sisa anggaran", rupiahOrDash(sisa.anggaran), `dari ${rupiahOrDash(sisa.anggaranTotal)}; ${rupiahOrDash(sisa.danaTerpakai)} sudah disetujui`)}
    </div>
  );
}

type Pilihan = { judul: number; dana: number };

/** What the form chooses now: rows marked 'Ya' and the sum of their amounts (unreadable ones count 0). */
function pilihanOf(form: FormData, rows: BoardRow[]): Pilihan {
  let judul = 0;
  let dana = 0;
  for (const row of rows) {
    if (form.get(`didanai_${row.id}`) !== "ya") continue;
    judul += 1;
    dana += parseRupiah(String(form.get(danaField(row.id)) ?? "")) ?? 0;
  }
  return { judul, dana };
}

/** The batch against what is left: updated as the head changes the form (with JavaScript). */
function PilihanSummary({ pilihan, sisa }: { pilihan: Pilihan; sisa: Sisa }) {
  const over = pilihan.judul > sisa.kuota || pilihan.dana > sisa.anggaran;
  return (
    <p role="status" className={`text-sm ${over ? "font-semibold text-red-700" : "text-stone-600"}`}>
      Dipilih {pilihan.judul} judul, {rupiahOrDash(pilihan.dana)} (sisa kuota {sisa.kuota}, sisa anggaran {rupiahOrDash(sisa.anggaran)})
    </p>
  );
}

export default function Penetapan({ loaderData, actionData }: Route.ComponentProps) {
  const { periodes, periode, rows, total, sisa, batches, windowClosed, today, lihat } = loaderData;
  const lihatHref = useLihatHref();
  const { reply, err: error, busy } = useReply<Reply>(actionData, { inline: true });
  const chosen = defaults(rows, sisa);
  const initial = [...chosen.values()].filter((d) => d.didanai);
  const [pilihan, setPilihan] = useState<Pilihan>({ judul: initial.length, dana: initial.reduce((sum, d) => sum + d.dana, 0) });
  const value = (name: string, fallback: string) => reply?.values?.[name] ?? fallback;
  return (
    <div className="space-y-5">
      <PageHeader title="Penetapan Pemenang Usulan Reguler" />
      <PeriodePilih periodes={periodes} value={periode?.id} />
      {!periode ? (
        <p className="text-sm text-stone-500">Belum ada periode.</p>
      ) : (
        <>
          {sisa ? <SisaCards sisa={sisa} /> : null}
          <section aria-label="Unduh" className="flex flex-wrap gap-2 text-sm">
            {LAPORAN.map((laporan) =>
              FORMATS.map((format) => (
                <a
                  key={`${laporan}-${format}`}
                  href={`/kepalalppm/penetapan-pemenang/usulan-reguler/unduh/${laporan}/${format}?periode=${periode.id}`}
                  download
                  className="rounded-md border border-stone-300 bg-white px-3 py-1.5 font-semibold text-stone-700 hover:bg-stone-50"
                >
                  Unduh {LAPORAN_LABELS[laporan]} ({format.toUpperCase()})
                </a>
              )),
            )}
          </section>
          {windowClosed ? <Alert>{windowClosed}</Alert> : null}
          {reply?.message ? <Alert>{reply.message}</Alert> : null}
          <Form
            method="post"
            key={JSON.stringify(reply?.values ?? {})}
            onChange={(event) => setPilihan(pilihanOf(new FormData(event.currentTarget), rows))}
            className="space-y-4"
          >
            <input type="hidden" name="periode" value={periode.id} />
            <div className="overflow-x-auto rounded-2xl border border-stone-200 bg-white shadow-sm">
              <table className="w-full min-w-[900px] border-collapse text-sm">
                <caption className="sr-only">Papan peringkat usulan direkomendasikan</caption>
                <thead className="bg-stone-50 text-left text-xs font-bold tracking-wide text-stone-600 uppercase">
                  <tr>
                    <th scope="col" className="px-3 py-3">Peringkat</th>
                    <th scope="col" className="px-3 py-3">Judul</th>
                    <th scope="col" className="px-3 py-3">Nilai rata-rata</th>
                    <th scope="col" className="px-3 py-3">Nilai reviewer</th>
                    <th scope="col" className="px-3 py-3">Dana diusulkan</th>
                    <th scope="col" className="px-3 py-3">Dana rekomendasi</th>
                    <th scope="col" className="px-3 py-3">Didanai</th>
                    <th scope="col" className="px-3 py-3">Dana disetujui</th>
                  </tr>
                </thead>
                <tbody>
                  {rows.length === 0 ? (
                    <tr>
                      <td colSpan={8} className="px-3 py-8 text-center text-stone-500">Tidak ada usulan direkomendasikan pada periode ini.</td>
                    </tr>
                  ) : (
                    rows.map((row) => {
                      const d = chosen.get(row.id)!;
                      const ya = value(`didanai_${row.id}`, d.didanai ? "ya" : "tidak") === "ya";
                      const field = danaField(row.id);
                      return (
                        <tr key={row.id} className="border-t border-stone-100 align-top">
                          <td className="px-3 py-3 text-center font-bold">
                            {row.peringkat}
                            <input type="hidden" name="usulan" value={row.id} />
                          </td>
                          <td className="px-3 py-3">
                            <p className="font-semibold text-stone-900">{row.judul}</p>
                            <p className="text-xs text-stone-500">{row.ketua}</p>
                            <p className="mt-1">
                              <LihatLink to={lihatHref(row.id)} name={`Detail ${row.judul}`} />
                            </p>
                          </td>
                          <td className="px-3 py-3">{nilaiOrDash(row.nilai_rata)}</td>
                          <td className="px-3 py-3">
                            <p>{row.totals.map((t) => t ?? "–").join(" · ") || "–"} <span className="text-xs text-stone-400">/ {MAX_NILAI}</span></p>
                            {row.selisih !== null ? <p className="text-xs text-stone-500">Selisih {row.selisih}</p> : null}
                            {row.selisihBesar ? <SelisihFlag /> : null}
                          </td>
                          <td className="px-3 py-3 whitespace-nowrap">{rupiahOrDash(row.dana_diusulkan)}</td>
                          <td className="px-3 py-3 whitespace-nowrap">{rupiahOrDash(row.dana_rekomendasi)}</td>
                          <td className="px-3 py-3">
                            <fieldset className="flex gap-3 whitespace-nowrap">
                              <legend className="sr-only">Didanai: {row.judul}</legend>
                              <label className="flex items-center gap-1">
                                <input type="radio" name={`didanai_${row.id}`} value="ya" defaultChecked={ya} /> Ya
                              </label>
                              <label className="flex items-center gap-1">
                                <input type="radio" name={`didanai_${row.id}`} value="tidak" defaultChecked={!ya} /> Tidak
                              </label>
                            </fieldset>
                          </td>
                          <td className="px-3 py-3">
                            <input
                              name={field}
                              aria-label={`Dana disetujui: ${row.judul}`}
                              inputMode="numeric"
                              defaultValue={value(field, groupRupiah(d.dana))}
                              aria-invalid={error(field) ? true : undefined}
                              className={`${inputClass} min-w-36`}
                            />
                            {error(field) ? <p className="text-xs font-medium text-red-600">{error(field)}</p> : null}
                          </td>
                        </tr>
                      );
                    })
                  )}
                </tbody>
              </table>
            </div>
            {total > rows.length ? (
              <p className="text-sm text-stone-600" data-testid="papan-sebagian">
                Menampilkan {rows.length} teratas dari {total} usulan direkomendasikan.{" "}
                <Link to={`?periode=${periode.id}&semua=1`} className="font-semibold text-kayu-800 underline">
                  Tampilkan semua
                </Link>
              </p>
            ) : null}
            {rows.length && sisa ? <PilihanSummary pilihan={pilihan} sisa={sisa} /> : null}
            {rows.length ? (
              <div className="flex flex-wrap items-end gap-3 rounded-2xl border border-stone-200 bg-white p-4 shadow-sm">
                <label className="space-y-1 text-sm font-semibold text-stone-700">
                  <span className="block">Nomor SK <span className="text-red-500">*</span></span>
                  <input name="nomor_sk" maxLength={100} defaultValue={value("nomor_sk", "")} aria-invalid={error("nomor_sk") ? true : undefined} className={inputClass} />
                  {error("nomor_sk") ? <span className="block text-xs font-medium text-red-600">{error("nomor_sk")}</span> : null}
                </label>
                <label className="space-y-1 text-sm font-semibold text-stone-700">
                  <span className="block">Tanggal SK <span className="text-red-500">*</span></span>
                  <input type="date" name="tanggal_sk" defaultValue={value("tanggal_sk", today)} aria-invalid={error("tanggal_sk") ? true : undefined} className={inputClass} />
                  {error("tanggal_sk") ? <span className="block text-xs font-medium text-red-600">{error("tanggal_sk")}</span> : null}
                </label>
                <SubmitButton
                  busy={busy}
                  name="intent"
                  value="tetapkan"
                  className="ml-auto rounded-lg bg-kayu-700 px-6 py-2 text-sm font-bold text-white shadow hover:bg-kayu-800 disabled:cursor-wait disabled:opacity-70"
                >
                  Tetapkan
                </SubmitButton>
              </div>
            ) : null}
          </Form>
          {batches.length ? (
            <section className="space-y-2">
              <h2 className="text-base font-bold text-stone-900">SK penetapan periode ini</h2>
              <ul className="space-y-1 text-sm">
                {batches.map((b) => (
                  <li key={b.id}>
                    SK {b.nomor_sk} tanggal {formatWibDate(new Date(b.tanggal_sk))}: {b.didanai} didanai, {b.tidak_didanai} tidak didanai ·{" "}
                    <a href={`/kepalalppm/penetapan-pemenang/usulan-reguler/sk/${b.id}`} className="font-semibold text-kayu-800 underline">
                      SK {b.nomor_sk} (PDF)
                    </a>
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
          <p className="text-sm">
            <Link to="/kepalalppm/persetujuan-usulan/usulan-reguler" className="text-kayu-800 underline">Persetujuan usulan reguler</Link>
          </p>
        </>
      )}
      {lihat ? (
        <UrlDialog title="Detail Usulan" closeTo={lihatHref(null)} size="xl">
          <UsulanDetailView detail={lihat} documentHref={(d) => `/kepalalppm/usulan/${lihat.usulan.id}/dokumen/${d}`} />
        </UrlDialog>
      ) : null}
    </div>
  );
}
