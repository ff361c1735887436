/**
 * Pembayaran Dana (/operator/lppm/pembayaran-dana): the grant money of one periode (?periode=ID,
 * the newest by default). The tranches (termin) are set here — names, percentages summing to
 * 100, each one's condition — until the first payment of the periode is recorded. Every funded
 * proposal is listed with each tranche's amount, its standing (Belum dapat dibayar — why / Siap
 * dibayar / Dibayar sebagian / Lunas) and what was paid; ?bayar=ID opens one proposal's payments
 * and the form recording a new one (tanggal, jumlah, nomor referensi, bukti). The recap of the
 * periode downloads as XLSX and CSV. Plain forms and links: it works without JavaScript.
 */
import { data, Form, Link } from "react-router";
import type { Route } from "./+types/pembayaran-dana";
import { PageHeader } from "~/components/operator/page-header";
import { PeriodePilih } from "~/components/lppm/kit/periode-pilih";
import { Alert, Field, inputClass } from "~/components/ui/field";
import { SubmitButton } from "~/components/ui/submit-button";
import { useReply } from "~/components/ui/use-reply";
import { DanaTerminTable, TerminStatus } from "~/components/lppm/dana-view";
import { listPeriode } from "~/domain/lppm/master/periode.server";
import { catatPembayaran, danaPeriode, listTermin, saveTermin } from "~/domain/lppm/dana/dana.server";
import { BUKTI_PEMBAYARAN_TYPES, BUKTI_WAJIB, pembayaranSchema, SYARAT_LABELS, SYARAT_TERMIN, TERMIN_BAKU, TERMIN_MAKS, terminSchema } from "~/domain/lppm/dana/dana";
import { FORMATS } from "~/domain/lppm/penetapan/penetapan";
import { parseId, runAction, withId } from "~/http/action.server";
import { requireUser } from "~/http/guard.server";
import { getDb } from "~/lib/server/db.server";
import { documentAccept } from "~/lib/util/document-rules";
import { formatRupiah } from "~/lib/util/rupiah";
import { toWibDateInput } from "~/lib/util/wib";

export const handle = { title: "Pembayaran Dana" };

export async function loader({ url, context }: Route.LoaderArgs) {
  requireUser(context);
  const db = getDb();
  const periodes = listPeriode(db);
  const asked = url.searchParams.get("periode");
  const periode = asked ? periodes.find((p) => String(p.id) === asked) : periodes[0];
  if (asked && !periode) throw data(null, { status: 404 });
  const rows = periode ? danaPeriode(db, periode.id) : [];
  const termin = periode ? listTermin(db, periode.id) : [];
  const bayarId = parseId(url.searchParams.get("bayar"));
  const bayar = bayarId ? (rows.find((r) => r.id === bayarId) ?? null) : null;
  if (url.searchParams.has("bayar") && !bayar) throw data(null, { status: 404 });
  return {
    periodes: periodes.map((p) => ({ id: p.id, label: p.label })),
    periode: periode ? { id: periode.id, label: periode.label } : null,
    termin: termin.map((t) => ({ nama: t.nama, persen: String(t.persen), syarat: t.syarat })),
    terkunci: rows.some((r) => r.dibayar > 0),
    rows,
    bayar,
    today: toWibDateInput(new Date()),
  };
}

export const action = (args: Route.ActionArgs) =>
  runAction(
    args,
    {
      "simpan-termin": withId("Periode tidak valid.", (ctx) => ctx.settle(saveTermin(ctx.db, ctx.id, ctx.parse(terminSchema)), "Termin pembayaran disimpan")),
      bayar: withId("Usulan tidak valid.", async (ctx) => {
        const input = ctx.parse(pembayaranSchema());
        const outcome = await ctx.upload("bukti", (files) => catatPembayaran(ctx.db, ctx.user.id, ctx.id, input, files[0]!), { required: BUKTI_WAJIB });
        return outcome.ok ? ctx.done("Pembayaran dicatat", { to: ctx.url.pathname + ctx.url.search }) : ctx.refuse(outcome);
      }),
    },
    { upload: { field: "bukti", intent: "bayar" }, back: (url) => url.pathname + url.search },
  );

const cell = "px-3 py-2 align-top";

export default function PembayaranDana({ loaderData, actionData }: Route.ComponentProps) {
  const { periodes, periode, termin, terkunci, rows, bayar, today } = loaderData;
  const terminReply = useReply(actionData, { intent: "simpan-termin", inline: true });
  const bayarReply = useReply<{ id?: number }>(actionData, { intent: "bayar", inline: true });
  const base = periode ? `/operator/lppm/pembayaran-dana?periode=${periode.id}` : "/operator/lppm/pembayaran-dana";
  const shown = termin.length ? termin : TERMIN_BAKU.map((t) => ({ nama: t.nama, persen: String(t.persen), syarat: t.syarat }));
  const editorRows = [...shown, ...Array.from({ length: Math.max(0, TERMIN_MAKS - shown.length) }, () => ({ nama: "", persen: "", syarat: "" }))];
  return (
    <div className="space-y-5">
      <PageHeader title="Pembayaran Dana" />
      <PeriodePilih periodes={periodes} value={periode?.id} />
      {!periode ? (
        <p className="text-sm text-stone-500">Belum ada periode.</p>
      ) : (
        <>
          <section aria-label="Unduh" className="flex flex-wrap gap-2 text-sm">
            {FORMATS.map((format) => (
              <a
                key={format}
                href={`/operator/lppm/pembayaran-dana/unduh/${format}?periode=${periode.id}`}
                download
                className="rounded-md border border-stone-300 bg-white px-3 py-1.5 font-semibold text-stone-700 hover:bg-stone-50"
              >
                Unduh Rekap Pembayaran ({format.toUpperCase()})
              </a>
            ))}
          </section>

          <section aria-labelledby="termin-judul" className="rounded-2xl border border-stone-200 bg-white p-4 shadow-sm">
            <h2 id="termin-judul" className="mb-3 text-lg font-bold text-stone-900">Termin pembayaran</h2>
            {terkunci ? (
              <p className="text-sm text-stone-600">Sudah ada pembayaran pada periode ini: termin tidak dapat diubah lagi.</p>
            ) : null}
            {!termin.length ? <p className="mb-2 text-sm text-amber-700">Termin periode ini belum ditetapkan; isian di bawah adalah usulan baku.</p> : null}
            {terminReply.formError ? <Alert>{terminReply.formError}</Alert> : terminReply.message && !terminReply.reply?.result.error ? <Alert>{terminReply.message}</Alert> : null}
            <Form method="post" className="space-y-3" key={JSON.stringify(shown)}>
              <input type="hidden" name="id" value={periode.id} />
              <div className="grid gap-2">
                {editorRows.map((row, i) => (
                  <div key={i} className="grid gap-2 sm:grid-cols-[1fr_7rem_1.5fr]">
                    <Field label={`Nama termin ${i + 1}`} htmlFor={`termin-${i}-nama`} errors={oneError(terminReply.err(`termin[${i}].nama`))}>
                      <input id={`termin-${i}-nama`} name={`termin[${i}].nama`} defaultValue={row.nama} disabled={terkunci} className={inputClass} />
                    </Field>
                    <Field label="Persen" htmlFor={`termin-${i}-persen`} errors={oneError(terminReply.err(`termin[${i}].persen`))}>
                      <input id={`termin-${i}-persen`} name={`termin[${i}].persen`} defaultValue={row.persen} inputMode="numeric" disabled={terkunci} className={inputClass} />
                    </Field>
                    <Field label="Syarat" htmlFor={`termin-${i}-syarat`} errors={oneError(terminReply.err(`termin[${i}].syarat`))}>
                      <select id={`termin-${i}-syarat`} name={`termin[${i}].syarat`} defaultValue={row.syarat} disabled={terkunci} className={inputClass}>
                        <option value="">– pilih –</option>
                        {SYARAT_TERMIN.map((s) => (
                          <option key={s} value={s}>{SYARAT_LABELS[s]}</option>
                        ))}
                      </select>
                    </Field>
                  </div>
                ))}
              </div>
              {terkunci ? null : (
                <SubmitButton busy={terminReply.busy} name="intent" value="simpan-termin">
                  Simpan Termin
                </SubmitButton>
              )}
            </Form>
          </section>

          <div className="overflow-x-auto rounded-2xl border border-stone-200 bg-white shadow-sm">
            <table className="w-full min-w-[900px] border-collapse text-sm">
              <caption className="sr-only">Usulan didanai dan pembayaran per termin</caption>
              <thead className="bg-stone-50 text-left text-xs font-bold tracking-wide text-stone-600 uppercase">
                <tr>
                  <th scope="col" className={cell}>Judul</th>
                  <th scope="col" className={cell}>Dana disetujui</th>
                  <th scope="col" className={cell}>Termin</th>
                  <th scope="col" className={cell}>Dibayar</th>
                  <th scope="col" className={cell}>Aksi</th>
                </tr>
              </thead>
              <tbody>
                {rows.length === 0 ? (
                  <tr>
                    <td colSpan={5} className="px-3 py-8 text-center text-stone-500">Tidak ada usulan didanai pada periode ini.</td>
                  </tr>
                ) : (
                  rows.map((row) => (
                    <tr key={row.id} className="border-t border-stone-100">
                      <td className={cell}>
                        <p className="font-semibold text-stone-900">{row.judul}</p>
                        <p className="text-xs text-stone-500">{row.ketua}</p>
                      </td>
                      <td className={cell}>{formatRupiah(row.dana_disetujui)}</td>
                      <td className={cell}>
                        <ul className="space-y-1">
                          {row.termin.map((t) => (
                            <li key={t.id}>
                              {t.nama} ({t.persen}%): {formatRupiah(t.jumlah)} — <TerminStatus status={t.status} alasan={t.alasan} />
                            </li>
                          ))}
                        </ul>
                      </td>
                      <td className={cell}>{formatRupiah(row.dibayar)}</td>
                      <td className={cell}>
                        <Link to={`${base}&bayar=${row.id}#pembayaran`} aria-label={`Pembayaran ${row.judul}`} className="font-semibold text-kayu-700 underline">
                          Pembayaran
                        </Link>
                      </td>
                    </tr>
                  ))
                )}
              </tbody>
            </table>
          </div>

          {bayar ? (
            <section id="pembayaran" aria-labelledby="pembayaran-judul" className="space-y-4 rounded-2xl border border-stone-200 bg-white p-4 shadow-sm">
              <h2 id="pembayaran-judul" className="text-lg font-bold text-stone-900">Pembayaran: {bayar.judul}</h2>
              <DanaTerminTable dana={bayar} buktiHref={(id) => `/operator/lppm/pembayaran-dana/bukti/${id}`} />
              {bayar.termin.length === 0 ? (
                <p className="text-sm text-stone-600">Tetapkan termin pembayaran periode ini dahulu.</p>
              ) : (
                <Form method="post" encType="multipart/form-data" action={`${base}&bayar=${bayar.id}`} className="grid gap-3 sm:grid-cols-2">
                  <input type="hidden" name="id" value={bayar.id} />
                  {bayarReply.message ? (
                    <div className="sm:col-span-2">
                      <Alert>{bayarReply.message}</Alert>
                    </div>
                  ) : null}
                  <Field label="Termin" htmlFor="bayar-termin" errors={oneError(bayarReply.err("termin"))} required>
                    <select id="bayar-termin" name="termin" className={inputClass} defaultValue={bayar.termin.find((t) => t.status === "SIAP" || t.status === "SEBAGIAN")?.id ?? ""}>
                      {bayar.termin.map((t) => (
                        <option key={t.id} value={t.id}>
                          {t.nama} — sisa {formatRupiah(t.sisa)}
                        </option>
                      ))}
                    </select>
                  </Field>
                  <Field label="Tanggal" htmlFor="bayar-tanggal" errors={oneError(bayarReply.err("tanggal"))} required>
                    <input id="bayar-tanggal" name="tanggal" type="date" max={today} defaultValue={today} className={inputClass} />
                  </Field>
                  <Field label="Jumlah (Rp)" htmlFor="bayar-jumlah" errors={oneError(bayarReply.err("jumlah"))} required>
                    <input id="bayar-jumlah" name="jumlah" inputMode="numeric" className={inputClass} />
                  </Field>
                  <Field label="Nomor referensi" htmlFor="bayar-referensi" errors={oneError(bayarReply.err("nomor_referensi"))} required>
                    <input id="bayar-referensi" name="nomor_referensi" maxLength={100} className={inputClass} />
                  </Field>
                  <Field label="Bukti pembayaran" htmlFor="bayar-bukti" errors={oneError(bayarReply.err("bukti"))} hint="PDF, JPG atau PNG, maksimal 10 MB." required>
                    <input id="bayar-bukti" name="bukti" type="file" accept={documentAccept(BUKTI_PEMBAYARAN_TYPES)} className={inputClass} />
                  </Field>
                  <div className="flex items-end justify-end gap-2 sm:col-span-2">
                    <Link to={base} className="rounded-lg border border-stone-300 px-4 py-2 text-sm font-semibold text-stone-700">Tutup</Link>
                    <SubmitButton busy={bayarReply.busy} name="intent" value="bayar">
                      Catat Pembayaran
                    </SubmitButton>
                  </div>
                </Form>
              )}
            </section>
          ) : null}
        </>
      )}
    </div>
  );
}

const oneError = (message: string | undefined) => (message ? [message] : undefined);
