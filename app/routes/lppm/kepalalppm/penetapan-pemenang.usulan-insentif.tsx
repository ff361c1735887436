/**
 * PenetapanUsulanInsentif (/kepalalppm/penetapan-pemenang/usulan-insentif): the claims
 * of one incentive call (?periode=ID) approved by the Kepala, each with the amount to decide
 * (the reviewer's recommendation, at most the tariff), the call's budget, what is already decided
 * and what is left; one batch form: the claims to decide, their amounts, the SK's number and
 * date — 'Tetapkan' (→ Ditetapkan, all of them or none, within the budget).
 */
import { data, Form } from "react-router";
import type { Route } from "./+types/penetapan-pemenang.usulan-insentif";
import { PageHeader } from "~/components/operator/page-header";
import { AppLink } from "~/components/ui/app-link";
import { Alert, inputClass } from "~/components/ui/field";
import { peranLabel } from "~/components/lppm/insentif-view";
import { papanInsentif, tetapkanInsentif, PILIH_KLAIM } from "~/domain/lppm/insentif/penetapan.server";
import { listPeriodeInsentif, periodeInsentifTerbuka } from "~/domain/lppm/insentif/master.server";
import { peringkatLabel, skInsentifSchema } from "~/domain/lppm/insentif/insentif.schema";
import { parseId, runAction } from "~/http/action.server";
import { requireUser } from "~/http/guard.server";
import { getDb } from "~/lib/server/db.server";
import { groupRupiah, parseRupiah } from "~/lib/util/rupiah";
import { toWibDateInput } from "~/lib/util/wib";
import { rupiahOrDash } from "~/components/lppm/kit/cells";
import { useReply } from "~/components/ui/use-reply";

export const handle = { title: "Penetapan Pemenang Usulan Insentif" };

export function loader({ url, context }: Route.LoaderArgs) {
  requireUser(context);
  const db = getDb();
  const periodes = listPeriodeInsentif(db);
  const chosen = parseId(url.searchParams.get("periode")) ?? periodeInsentifTerbuka(db)?.id ?? periodes[0]?.id ?? null;
  const papan = chosen ? papanInsentif(db, chosen, { semua: url.searchParams.get("semua") === "1" }) : null;
  if (url.searchParams.has("periode") && !papan) throw data(null, { status: 404 });
  return {
    title: "Penetapan Pemenang Usulan Insentif",
    periodes: periodes.map((p) => ({ id: p.id, label: `Insentif ${p.tahun}` })),
    papan,
    today: toWibDateInput(new Date()),
  };
}


export function action(args: Route.ActionArgs) {
  return runAction(args, {
    tetapkan: (ctx) => {
      const { form } = ctx;
      const periodeId = parseId(form.get("periode"));
      if (!periodeId) return ctx.reply(400, "Periode insentif tidak valid.");
      const sk = ctx.parse(skInsentifSchema);
      const ids = [...new Set(form.getAll("pilih").map((v) => parseId(v)).filter((v): v is number => v !== null))];
      if (!ids.length) return ctx.reply(422, PILIH_KLAIM);
      const pilihan: { id: number; nominal: number }[] = [];
      for (const id of ids) {
        const nominal = parseRupiah(String(form.get(`nominal_${id}`) ?? ""));
        if (nominal === null || nominal <= 0) return ctx.reply(400, "Nominal disetujui harus berupa angka rupiah lebih dari 0.", { fieldErrors: { [`nominal_${id}`]: ["Nominal tidak valid."] } });
        pilihan.push({ id, nominal });
      }
      const result = tetapkanInsentif(ctx.db, ctx.user, periodeId, sk, pilihan);
      return result.ok ? ctx.done(undefined, { to: `${ctx.url.pathname}?periode=${periodeId}` }) : ctx.refuse(result);
    },
  });
}

export default function PenetapanInsentif({ loaderData, actionData }: Route.ComponentProps) {
  const { periodes, papan, today } = loaderData;
  const { reply, err, busy } = useReply(actionData, { inline: true });
  return (
    <div className="space-y-4">
      <PageHeader title="Penetapan Pemenang Usulan Insentif" />
      <Form method="get" className="flex flex-wrap items-end gap-2">
        <label className="text-sm">
          <span className="block font-semibold text-stone-700">Periode insentif</span>
          <select name="periode" defaultValue={papan ? String(papan.periode.id) : ""} onChange={(e) => e.currentTarget.form?.requestSubmit()} className={inputClass}>
            {periodes.map((p) => (
              <option key={p.id} value={p.id}>
                {p.label}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className="rounded-lg border border-stone-300 px-4 py-2 text-sm font-semibold text-stone-700 hover:bg-stone-50">Tampilkan</button>
      </Form>
      {!papan ? (
        <p className="text-sm text-stone-500">Belum ada periode insentif.</p>
      ) : (
        <Form method="post" className="space-y-4" aria-label="Penetapan insentif">
          <input type="hidden" name="periode" value={papan.periode.id} />
          {reply?.message ? <Alert>{reply.message}</Alert> : null}
          <dl className="grid gap-3 rounded-xl border border-stone-200 bg-white p-4 text-sm sm:grid-cols-4" data-testid="anggaran-insentif">
            <div><dt className="text-stone-500">Anggaran</dt><dd className="font-bold">{rupiahOrDash(papan.periode.anggaran_total)}</dd></div>
            <div><dt className="text-stone-500">Sudah ditetapkan</dt><dd className="font-bold">{rupiahOrDash(papan.terpakai)}</dd></div>
            <div><dt className="text-stone-500">Sisa anggaran</dt><dd className="font-bold">{rupiahOrDash(papan.sisa)}</dd></div>
            <div>
              <dt className="text-stone-500">Menunggu penetapan ({papan.menunggu.jumlah} klaim)</dt>
              <dd className={`font-bold ${papan.menunggu.nominal > papan.sisa ? "text-red-700" : ""}`}>{rupiahOrDash(papan.menunggu.nominal)}</dd>
            </div>
          </dl>
          <div className="overflow-x-auto rounded-xl border border-stone-200 bg-white">
            <table className="w-full min-w-[760px] border-collapse text-sm">
              <caption className="sr-only">Klaim insentif yang disetujui Kepala</caption>
              <thead className="bg-stone-50 text-left text-xs font-bold text-stone-600 uppercase">
                <tr>
                  <th className="px-3 py-2">Tetapkan</th>
                  <th className="px-3 py-2">Publikasi</th>
                  <th className="px-3 py-2">Pengusul</th>
                  <th className="px-3 py-2 text-right">Tarif</th>
                  <th className="px-3 py-2 text-right">Rekomendasi</th>
                  <th className="px-3 py-2">Nominal disetujui (Rp)</th>
                </tr>
              </thead>
              <tbody>
                {papan.klaim.length === 0 ? (
                  <tr>
                    <td colSpan={6} className="px-3 py-4 text-center text-stone-500">Tidak ada klaim yang menunggu penetapan.</td>
                  </tr>
                ) : null}
                {papan.klaim.map((k) => (
                  <tr key={k.id} className="border-t border-stone-100">
                    <td className="px-3 py-2">
                      <input type="checkbox" name="pilih" value={k.id} defaultChecked aria-label={`Tetapkan ${k.judul}`} className="h-4 w-4 accent-kayu-700" />
                    </td>
                    <td className="px-3 py-2">
                      <p className="font-semibold text-stone-900">{k.judul}</p>
                      <p className="text-xs text-stone-500">{k.jenis} · {peringkatLabel(k.peringkat)} · {k.tahun}</p>
                    </td>
                    <td className="px-3 py-2">{k.pengusul} <span className="text-xs text-stone-500">({peranLabel(k.peran)})</span></td>
                    <td className="px-3 py-2 text-right">{rupiahOrDash(k.tarif)}</td>
                    <td className="px-3 py-2 text-right">{rupiahOrDash(k.nominal_rekomendasi)}</td>
                    <td className="px-3 py-2">
                      <input name={`nominal_${k.id}`} inputMode="numeric" defaultValue={groupRupiah(k.nominal_usul)} aria-label={`Nominal ${k.judul}`} className={`${inputClass} w-40`} aria-invalid={err(`nominal_${k.id}`) ? true : undefined} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {papan.menunggu.jumlah > papan.klaim.length ? (
            <p className="text-sm text-stone-600" data-testid="papan-sebagian">
              Menampilkan {papan.klaim.length} dari {papan.menunggu.jumlah} klaim yang menunggu penetapan.{" "}
              <AppLink to={`?periode=${papan.periode.id}&semua=1`} className="font-semibold text-kayu-800 underline">
                Tampilkan semua
              </AppLink>
            </p>
          ) : null}
          {papan.klaim.length ? (
            <div className="grid gap-3 rounded-xl border border-stone-200 bg-white p-4 sm:grid-cols-3">
              <label className="text-sm">
                <span className="block font-semibold text-stone-700">Nomor SK</span>
                <input name="nomor_sk" maxLength={100} className={inputClass} aria-invalid={err("nomor_sk") ? true : undefined} />
                {err("nomor_sk") ? <span className="mt-1 block text-xs font-medium text-red-600">{err("nomor_sk")}</span> : null}
              </label>
              <label className="text-sm">
                <span className="block font-semibold text-stone-700">Tanggal SK</span>
                <input type="date" name="tanggal_sk" defaultValue={today} className={inputClass} aria-invalid={err("tanggal_sk") ? true : undefined} />
                {err("tanggal_sk") ? <span className="mt-1 block text-xs font-medium text-red-600">{err("tanggal_sk")}</span> : null}
              </label>
              <div className="flex items-end justify-end">
                <button type="submit" name="intent" value="tetapkan" disabled={busy} className="rounded-lg bg-kayu-700 px-6 py-2 text-sm font-bold text-white shadow hover:bg-kayu-800 disabled:opacity-70">
                  Tetapkan
                </button>
              </div>
            </div>
          ) : null}
        </Form>
      )}
    </div>
  );
}
