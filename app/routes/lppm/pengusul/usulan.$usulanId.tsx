/**
 * /pengusul/usulan/:usulanId — the proposal in the proposer's area. Its ketua, while it is a
 * DRAF (or DIKEMBALIKAN), edits it part by part (?bagian=identitas|tim|rab|luaran|dokumen: plain
 * forms, JavaScript optional), sees which submission rules are still unmet, presses 'Ajukan'
 * (every unmet rule is listed at once) or deletes the draft (?hapus=ID). Once submitted and
 * until it is funded, the ketua may withdraw it ('Tarik', ?tarik=1, a reason optional): it leaves
 * every queue. Team members and invited lecturers read it (the invited one answers Terima / Tolak
 * here too); anyone else gets a 404. The read-only view is the shared UsulanDetailView.
 */
import { getFormProps } from "@conform-to/react";
import { inputProps } from "~/components/ui/field-props";
import { useMemo } from "react";
import { data, Form, useLocation } from "react-router";
import type { Route } from "./+types/usulan.$usulanId";
import {
  DokumenList,
  LuaranList,
  RabTable,
  RabTotals,
  sectionClass,
  sectionTitleClass,
  TimelineSection,
  UsulanDetailView,
  UsulanHeader,
} from "~/components/lppm/usulan-detail";
import { AnggaranTable } from "~/components/lppm/catatan-view";
import { AppLink } from "~/components/ui/app-link";
import { ConfirmDelete } from "~/components/ui/confirm-delete";
import { UrlDialog, useCloseHref, useParamHref } from "~/components/ui/dialog";
import { Alert, Field, inputClass } from "~/components/ui/field";
import { useZodForm } from "~/components/ui/use-zod-form";
import { useReply, type Reply } from "~/components/ui/use-reply";
import { useSubmitting } from "~/lib/hooks/use-submitting";
import { anggaranProyek } from "~/domain/lppm/catatan/catatan.server";
import { danaUsulan } from "~/domain/lppm/dana/dana.server";
import { DanaTerminTable } from "~/components/lppm/dana-view";
import { getPeriode } from "~/domain/lppm/master/periode.server";
import { stageState } from "~/domain/lppm/stage-window";
import { usulanAccess } from "~/domain/lppm/usulan/access.server";
import {
  addLuaran,
  addMahasiswa,
  addRab,
  deleteUsulan,
  inviteAnggota,
  removeAnggota,
  removeLuaran,
  removeMahasiswa,
  removeRab,
  saveIdentitas,
  uploadDokumen,
  type DraftResult,
} from "~/domain/lppm/usulan/draft.server";
import { RAB_KELOMPOK, searchDosen, usulanDetail } from "~/domain/lppm/usulan/read.server";
import { LUARAN_LAINNYA, LUARAN_TARGETS, MAKS_KATA_RINGKASAN, countWords } from "~/domain/lppm/usulan/rules";
import { submitProblems } from "~/domain/lppm/usulan/submit.server";
import { PROFIL_BELUM_LENGKAP } from "~/domain/lppm/usulan/rules";
import { usulanTransition } from "~/domain/lppm/usulan/transition.server";
import { tarikUsulan } from "~/domain/lppm/usulan/override.server";
import { WITHDRAWABLE } from "~/domain/lppm/workflow";
import { CATATAN_TERLALU_PANJANG, noteOf } from "~/http/decision.server";
import { withoutParams } from "~/lib/util/modal-params";
import {
  dokumenSchema,
  identitasSchema,
  luaranInput,
  luaranSchema,
  mahasiswaSchema,
  rabSchema,
  undangSchema,
  type IdentitasContext,
} from "~/domain/lppm/usulan/usulan.schema";
import { saveIntent } from "~/http/crud-screen.server";
import { DELETED, parseId, runAction, SAVE_FAILED, type Handler } from "~/http/action.server";
import { jawabUndangan } from "./__usulan-baru.server";
import { requireUser } from "~/http/guard.server";
import { getDb, type Db } from "~/lib/server/db.server";
import { documentAccept } from "~/lib/util/document-rules";
import { InputField, SelectField, TextareaField } from "~/components/ui/form-fields";
import { SubmitButton } from "~/components/ui/submit-button";

export const BAGIAN = ["identitas", "tim", "rab", "luaran", "dokumen"] as const;
type Bagian = (typeof BAGIAN)[number];
const BAGIAN_LABEL: Record<Bagian, string> = { identitas: "Identitas", tim: "Tim", rab: "RAB", luaran: "Luaran", dokumen: "Dokumen" };
const LIST_PAGE = { penelitian: "/pengusul/penelitian/usulan-baru", pengabdian: "/pengusul/pengabdian/usulan-baru" } as const;
export const DIAJUKAN_TOAST = "Usulan berhasil diajukan.";
export const DITARIK_TOAST = "Usulan berhasil ditarik.";

function notFound(): never {
  throw data(null, { status: 404 });
}

/** What the forms of this proposal depend on: its kind and its skema's TKT range and outputs. */
function editContext(db: Db, periodeId: number): IdentitasContext & { luaran_wajib: string[] } {
  const periode = getPeriode(db, periodeId);
  return {
    jenis: periode?.skema.jenis ?? "penelitian",
    tkt_min: periode?.skema.tkt_min ?? null,
    tkt_max: periode?.skema.tkt_max ?? null,
    luaran_wajib: periode?.skema.luaran_wajib ?? [],
  };
}

/** A running or finished project's pages, linked from its budget. */
const STEP_LINKS = { "catatan-harian": "Buka Catatan Harian", "laporan-kemajuan": "Laporan Kemajuan", "laporan-akhir": "Laporan Akhir" } as const;

export function loader({ url, params, context }: Route.LoaderArgs) {
  const user = requireUser(context);
  const id = parseId(params.usulanId) ?? notFound();
  const db = getDb();
  const detail = usulanDetail(db, user, id) ?? notFound();
  const canEdit = detail.access.canEdit;
  const asked = url.searchParams.get("bagian");
  const bagian: Bagian | null = canEdit ? ((BAGIAN as readonly string[]).includes(asked ?? "") ? (asked as Bagian) : "identitas") : null;
  if (url.searchParams.has("hapus") && !detail.access.canDelete) notFound();
  // The ketua withdraws a submitted proposal until it is funded (workflow.ts, WITHDRAWABLE).
  const bisaTarik = detail.access.relations.includes("ketua") && WITHDRAWABLE.includes(detail.usulan.status);
  if (url.searchParams.has("tarik") && !bisaTarik) notFound();
  const cari = bagian === "tim" ? (url.searchParams.get("cari") ?? "").trim() : "";
  const myInvitation = detail.tim?.anggota.find((a) => a.id_user === user.id && a.status === "MENUNGGU") ?? null;
  return {
    detail,
    bagian,
    listPage: LIST_PAGE[detail.usulan.jenis],
    syarat: canEdit ? submitProblems(db, id) : [],
    pengajuan: stageState(detail.periode.pengajuan, new Date()),
    kelompok: [...RAB_KELOMPOK],
    cari,
    hasil: cari ? searchDosen(db, cari, user.id) : [],
    undanganId: myInvitation?.id ?? null,
    hapus: url.searchParams.has("hapus"),
    bisaTarik,
    tarik: url.searchParams.has("tarik"),
    // A running project: its budget against the team's daily notes (only a non-draft reads it).
    anggaran: canEdit ? null : anggaranProyek(db, user, id),
    // A funded proposal's grant money (tranches and payments), for its ketua.
    dana: detail.access.relations.includes("ketua") ? danaUsulan(db, id) : null,
  };
}

/** A row of a part removed: back with 'Data berhasil dihapus', or the refusal with its status. */
function removeIntent(run: (rowId: number) => DraftResult): Handler {
  return (ctx) => {
    const result = run(ctx.id ?? 0);
    return result.ok ? ctx.done(DELETED) : ctx.reply(result.status, result.message);
  };
}

export type AjukanReply = { problems?: string[] };

export async function action(args: Route.ActionArgs) {
  const user = requireUser(args.context);
  const id = parseId(args.params.usulanId) ?? notFound();
  const db = getDb();
  const access = usulanAccess(db, user, id);
  const ctx = editContext(db, access?.usulan.id_periode ?? 0);
  const intents: Record<string, Handler> = {
    "simpan-identitas": saveIntent(identitasSchema(ctx), (value) => saveIdentitas(db, user, id, value)),
    "undang-anggota": saveIntent(undangSchema, (value) => inviteAnggota(db, user, id, value.nidn)),
    "hapus-anggota": removeIntent((rowId) => removeAnggota(db, user, id, rowId)),
    "tambah-mahasiswa": saveIntent(mahasiswaSchema, (value) => addMahasiswa(db, user, id, value)),
    "hapus-mahasiswa": removeIntent((rowId) => removeMahasiswa(db, user, id, rowId)),
    "tambah-rab": saveIntent(rabSchema(RAB_KELOMPOK), (value) => addRab(db, user, id, value)),
    "hapus-rab": removeIntent((rowId) => removeRab(db, user, id, rowId)),
    "tambah-luaran": saveIntent(luaranSchema(ctx.luaran_wajib), (value) => addLuaran(db, user, id, luaranInput(value))),
    "hapus-luaran": removeIntent((rowId) => removeLuaran(db, user, id, rowId)),
    "unggah-dokumen": saveIntent(dokumenSchema, (value) => uploadDokumen(db, user, id, value.berkas), { fileField: "berkas" }),
    ajukan: (c) => {
      const result = usulanTransition(db, user, id, "DIAJUKAN");
      if (result.ok) return c.done(DIAJUKAN_TOAST, { to: `/pengusul/usulan/${id}` });
      const problems = "problems" in result ? result.problems : [result.message];
      return c.reply(result.status, result.message, { problems });
    },
    hapus: async (c) => {
      const result = await deleteUsulan(db, user, id);
      if (result.ok) return c.done(DELETED, { to: LIST_PAGE[access!.usulan.jenis] });
      return c.done(result.message, { kind: "error" });
    },
    terima: jawabUndangan("DITERIMA"),
    tolak: jawabUndangan("DITOLAK"),
    tarik: (c) => {
      const read = noteOf(c.form);
      if ("tooLong" in read) return c.reply(400, CATATAN_TERLALU_PANJANG, { field: "catatan" });
      const result = tarikUsulan(db, user, id, read.note);
      return result.ok ? c.done(DITARIK_TOAST, { to: `/pengusul/usulan/${id}` }) : c.refuse(result);
    },
  };
  // Someone who may not see it does not learn it exists (a reviewer, a verifier, the operator
  // on a DRAF; another lecturer): 404 — once the body was read, so an oversized one is a 413.
  const guarded = Object.fromEntries(
    Object.entries(intents).map(([name, intent]): [string, Handler] => [name, (c) => (access?.canView ? intent(c) : notFound())]),
  );
  return runAction(args, guarded, { missing: "404", upload: { field: "berkas", intent: "unggah-dokumen", summary: SAVE_FAILED } });
}

export const handle = { title: "Detail Usulan" };

export default function UsulanScreen({ loaderData, actionData }: Route.ComponentProps) {
  const { detail, bagian } = loaderData;
  const reply = actionData as Reply<AjukanReply> | undefined;
  const closeTo = useCloseHref();
  const { pathname } = useLocation();
  const href = (id: number) => `/pengusul/usulan/${detail.usulan.id}/dokumen/${id}`;
  if (!bagian) {
    return (
      <div className="space-y-5">
        <AppLink to={loaderData.listPage} className="text-sm text-kayu-700 hover:underline">← Kembali ke daftar usulan</AppLink>
        <UsulanDetailView detail={detail} documentHref={href}>
          {loaderData.undanganId ? <JawabUndangan anggotaId={loaderData.undanganId} /> : null}
        </UsulanDetailView>
        {loaderData.bisaTarik ? <Tarik judul={detail.usulan.judul} open={loaderData.tarik} reply={reply} /> : null}
        {loaderData.anggaran ? (
          <section className={sectionClass} aria-label="Anggaran dan catatan harian">
            <AnggaranTable anggaran={loaderData.anggaran} />
            <p className="mt-3 flex flex-wrap gap-4 text-sm font-semibold">
              {(["catatan-harian", "laporan-kemajuan", "laporan-akhir"] as const).map((step) => (
                <AppLink key={step} to={`/pengusul/${detail.usulan.jenis}/${step}?lihat=${detail.usulan.id}`} className="text-kayu-700 hover:underline">
                  {STEP_LINKS[step]} →
                </AppLink>
              ))}
            </p>
          </section>
        ) : null}
        {loaderData.dana ? (
          <section className={sectionClass} aria-labelledby="pembayaran-dana">
            <h2 id="pembayaran-dana" className={sectionTitleClass}>Pembayaran Dana</h2>
            <DanaTerminTable dana={loaderData.dana} />
          </section>
        ) : null}
      </div>
    );
  }
  return (
    <div className="space-y-5">
      <AppLink to={loaderData.listPage} className="text-sm text-kayu-700 hover:underline">← Kembali ke daftar usulan</AppLink>
      <UsulanHeader detail={detail} />
      <Pengajuan data={loaderData} reply={reply?.intent === "ajukan" ? reply : undefined} />
      <nav aria-label="Bagian usulan" className="flex flex-wrap gap-2 border-b border-stone-200">
        {BAGIAN.map((b) => (
          <AppLink
            key={b}
            to={`${pathname}?bagian=${b}`}
            preventScrollReset
            aria-current={b === bagian ? "page" : undefined}
            className={`-mb-px rounded-t-lg border px-4 py-2 text-sm font-semibold ${
              b === bagian ? "border-stone-200 border-b-white bg-white text-kayu-800" : "border-transparent text-stone-500 hover:text-kayu-700"
            }`}
          >
            {BAGIAN_LABEL[b]}
          </AppLink>
        ))}
      </nav>
      {bagian === "identitas" ? <IdentitasForm key={detail.usulan.updated_at.toString()} data={loaderData} reply={reply} /> : null}
      {bagian === "tim" ? <TimPart data={loaderData} reply={reply} /> : null}
      {bagian === "rab" ? <RabPart data={loaderData} reply={reply} /> : null}
      {bagian === "luaran" ? <LuaranPart data={loaderData} reply={reply} /> : null}
      {bagian === "dokumen" ? <DokumenPart data={loaderData} reply={reply} documentHref={href} /> : null}
      <TimelineSection detail={detail} />
      {loaderData.bisaTarik ? <Tarik judul={detail.usulan.judul} open={loaderData.tarik} reply={reply} /> : null}
      {loaderData.hapus && detail.access.canDelete ? (
        <ConfirmDelete closeTo={closeTo} id={detail.usulan.id} itemName={detail.usulan.judul} question="Menghapus usulan ini?" />
      ) : null}
    </div>
  );
}

type Data = Route.ComponentProps["loaderData"];
type PartProps = { data: Data; reply: Reply<AjukanReply> | undefined };

const buttonClass = "rounded-lg bg-kayu-700 px-4 py-2 text-sm font-semibold text-white hover:bg-kayu-800 disabled:opacity-60";

/**
 * 'Tarik Usulan': what it means, and the link to ?tarik=1 — the dialog (a plain page section
 * without JavaScript) with the optional reason and the button.
 */
function Tarik({ judul, open, reply: posted }: { judul: string; open: boolean; reply: Reply<AjukanReply> | undefined }) {
  const { message, err, busy } = useReply(posted, { intent: "tarik", inline: true });
  const { pathname, search } = useLocation();
  const paramHref = useParamHref();
  const closeTo = withoutParams(pathname + search, "tarik");
  return (
    <section className={sectionClass} aria-labelledby="tarik-usulan">
      <h2 id="tarik-usulan" className={sectionTitleClass}>Tarik Usulan</h2>
      <div className="mt-2 flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-stone-600">Usulan yang ditarik keluar dari seluruh proses seleksi dan tidak dapat diajukan kembali.</p>
        <AppLink to={paramHref("tarik", 1)} preventScrollReset className="rounded-lg border border-red-300 px-4 py-2 text-sm font-semibold text-red-700 hover:bg-red-50">
          Tarik Usulan
        </AppLink>
      </div>
      {open ? (
        <UrlDialog title="Tarik Usulan" closeTo={closeTo} busy={busy}>
          <Form method="post" className="space-y-4">
            <input type="hidden" name="intent" value="tarik" />
            <p className="text-sm text-stone-700">
              Menarik usulan <strong>{judul}</strong>? Penugasan reviewer yang masih berjalan ditutup dan usulan tidak dapat diajukan kembali.
            </p>
            {message ? <Alert>{message}</Alert> : null}
            <Field label="Alasan penarikan" htmlFor="tarik-catatan" errors={err("catatan") ? [err("catatan")!] : undefined} hint="Boleh dikosongkan.">
              <textarea id="tarik-catatan" name="catatan" rows={3} maxLength={2000} className={inputClass} />
            </Field>
            <div className="flex justify-end gap-2">
              <AppLink to={closeTo} preventScrollReset className="rounded-lg border border-stone-300 px-4 py-2 text-sm font-semibold text-stone-700 hover:bg-stone-50">
                Batal
              </AppLink>
              <SubmitButton busy={busy} className="rounded-lg bg-red-600 px-5 py-2 text-sm font-bold text-white shadow hover:bg-red-700 disabled:opacity-70">
                Tarik
              </SubmitButton>
            </div>
          </Form>
        </UrlDialog>
      ) : null}
    </section>
  );
}

function JawabUndangan({ anggotaId }: { anggotaId: number }) {
  const busy = useSubmitting();
  return (
    <Form method="post" className="flex flex-wrap items-center gap-3 rounded-xl border border-amber-200 bg-amber-50 p-4">
      <p className="text-sm font-semibold text-amber-900">Anda diundang menjadi anggota usulan ini.</p>
      <input type="hidden" name="id" value={anggotaId} />
      <button type="submit" name="intent" value="terima" disabled={busy} className="rounded-lg bg-green-600 px-4 py-1.5 text-sm font-semibold text-white">Terima</button>
      <button type="submit" name="intent" value="tolak" disabled={busy} className="rounded-lg bg-red-600 px-4 py-1.5 text-sm font-semibold text-white">Tolak</button>
    </Form>
  );
}

function Pengajuan({ data: d, reply: posted }: { data: Data; reply: Reply<AjukanReply> | undefined }) {
  // The unmet rules stay listed beside the button: an alert, not a toast.
  const { reply, busy } = useReply<AjukanReply>(posted, { intent: "ajukan", inline: true });
  const paramHref = useParamHref();
  const problems = reply?.problems ?? null;
  return (
    <section className={sectionClass} aria-labelledby="pengajuan">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h2 id="pengajuan" className={sectionTitleClass}>Pengajuan</h2>
          <p className="mt-1 text-sm text-stone-600">
            {d.pengajuan.label}
            {d.pengajuan.countdown ? ` (${d.pengajuan.countdown})` : ""}
            {d.pengajuan.detail ? ` — ${d.pengajuan.detail}` : ""}
          </p>
        </div>
        <div className="flex gap-2">
          {d.detail.access.canDelete ? (
            <AppLink to={paramHref("hapus", d.detail.usulan.id)} preventScrollReset className="rounded-lg border border-red-300 px-4 py-2 text-sm font-semibold text-red-700 hover:bg-red-50">
              Hapus
            </AppLink>
          ) : null}
          <Form method="post">
            <input type="hidden" name="intent" value="ajukan" />
            <SubmitButton busy={busy} className="rounded-lg bg-green-600 px-5 py-2 text-sm font-bold text-white hover:bg-green-700 disabled:opacity-60">
              Ajukan
            </SubmitButton>
          </Form>
        </div>
      </div>
      {problems ? (
        <div role="alert" className="mt-4 rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-700" data-testid="ajukan-ditolak">
          <p className="font-semibold">{problems.length > 1 ? reply?.message : "Usulan belum dapat diajukan:"}</p>
          <ul className="mt-1 list-inside list-disc">
            {problems.map((p) => (
              <li key={p}>
                <Syarat text={p} />
              </li>
            ))}
          </ul>
        </div>
      ) : d.syarat.length ? (
        <div className="mt-4 text-sm text-stone-600" data-testid="syarat">
          <p className="font-semibold">Syarat yang belum terpenuhi:</p>
          <ul className="mt-1 list-inside list-disc">
            {d.syarat.map((p) => (
              <li key={p}>
                <Syarat text={p} />
              </li>
            ))}
          </ul>
        </div>
      ) : (
        <p className="mt-3 text-sm font-medium text-green-700">Semua syarat pengajuan terpenuhi.</p>
      )}
    </section>
  );
}

const forIntent = (reply: PartProps["reply"], intent: string) => (reply?.intent === intent ? reply : undefined);

function IdentitasForm({ data: d, reply }: PartProps) {
  const { usulan, skema } = d.detail;
  const schema = useMemo(() => identitasSchema({ jenis: usulan.jenis, tkt_min: skema.tkt_min, tkt_max: skema.tkt_max }), [usulan.jenis, skema.tkt_min, skema.tkt_max]);
  const [form, fields] = useZodForm(schema, {
    id: "usulan-identitas",
    reply: forIntent(reply, "simpan-identitas"),
    defaultValue: {
      judul: usulan.judul,
      ringkasan: usulan.ringkasan,
      kata_kunci: usulan.kata_kunci.join(", "),
      bidang_fokus: usulan.bidang_fokus,
      tkt: usulan.tkt === null ? "" : String(usulan.tkt),
      lama_bulan: String(usulan.lama_bulan),
      mitra_nama: usulan.mitra.nama,
      mitra_alamat: usulan.mitra.alamat,
      mitra_kontak: usulan.mitra.kontak,
    },
  });
  const busy = useSubmitting("simpan-identitas");
  const words = countWords(typeof fields.ringkasan.value === "string" ? fields.ringkasan.value : usulan.ringkasan);
  return (
    <section className={sectionClass} aria-labelledby="form-identitas">
      <h2 id="form-identitas" className={sectionTitleClass}>Identitas Usulan</h2>
      <Form method="post" {...getFormProps(form)} className="mt-4 space-y-4">
        <input type="hidden" name="intent" value="simpan-identitas" />
        <InputField field={fields.judul} label="Judul" required />
        <TextareaField field={fields.ringkasan} label="Ringkasan" hint={`${words} dari maksimal ${MAKS_KATA_RINGKASAN} kata.`} rows={8} />
        <InputField field={fields.kata_kunci} label="Kata kunci" hint="3–5 kata kunci, pisahkan dengan koma." />
        <InputField field={fields.bidang_fokus} label="Bidang fokus" />
        <div className="grid gap-4 sm:grid-cols-2">
          {usulan.jenis === "penelitian" ? (
            <InputField field={fields.tkt} label="TKT" hint={`Antara ${skema.tkt_min ?? 1} dan ${skema.tkt_max ?? 9} untuk skema ini.`} inputMode="numeric" />
          ) : null}
          <InputField field={fields.lama_bulan} label="Lama kegiatan (bulan)" required inputMode="numeric" />
        </div>
        <fieldset className="space-y-4 rounded-lg border border-stone-200 p-4">
          <legend className="px-1 text-sm font-semibold text-stone-700">Mitra{skema.wajib_mitra ? " (wajib untuk skema ini)" : " (bila ada)"}</legend>
          <InputField field={fields.mitra_nama} label="Nama mitra" />
          <InputField field={fields.mitra_alamat} label="Alamat mitra" />
          <InputField field={fields.mitra_kontak} label="Kontak mitra" />
        </fieldset>
        <SubmitButton busy={busy} className={buttonClass}>Simpan</SubmitButton>
      </Form>
    </section>
  );
}

/** A small form that removes one row of a part. */
function RemoveButton({ intent, id, label }: { intent: string; id: number; label: string }) {
  return (
    <Form method="post" preventScrollReset>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="id" value={id} />
      <button type="submit" aria-label={label} className="rounded-md border border-red-200 px-2 py-1 text-xs font-semibold text-red-700 hover:bg-red-50">
        Hapus
      </button>
    </Form>
  );
}

function TimPart({ data: d, reply }: PartProps) {
  const tim = d.detail.tim!;
  const location = useLocation();
  const [undang, undangFields] = useZodForm(undangSchema, { id: "usulan-undang", reply: forIntent(reply, "undang-anggota") });
  const [mhs, mhsFields] = useZodForm(mahasiswaSchema, { id: "usulan-mahasiswa", reply: forIntent(reply, "tambah-mahasiswa") });
  const busy = useSubmitting();
  return (
    <div className="space-y-5">
      <section className={sectionClass} aria-labelledby="anggota-dosen">
        <h2 id="anggota-dosen" className={sectionTitleClass}>Anggota Dosen (maksimal {d.detail.skema.max_anggota_dosen})</h2>
        <p className="mt-1 text-sm text-stone-600">Ketua: {tim.ketua.nama} ({tim.ketua.nidn ?? "NIDN belum diisi"})</p>
        {tim.anggota.length ? (
          <ul className="mt-3 divide-y divide-stone-100" data-testid="anggota">
            {tim.anggota.map((a) => (
              <li key={a.id} className="flex items-center justify-between gap-3 py-2 text-sm">
                <span>
                  {a.nama} · {a.nidn} · {a.prodi ?? "—"} ·{" "}
                  <strong>{a.status === "MENUNGGU" ? "Menunggu jawaban" : a.status === "DITERIMA" ? "Menerima" : "Menolak"}</strong>
                </span>
                <RemoveButton intent="hapus-anggota" id={a.id} label={`Hapus ${a.nama}`} />
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-3 text-sm text-stone-500">Belum ada anggota dosen.</p>
        )}
        <Form method="get" className="mt-4 flex flex-wrap items-end gap-2" role="search">
          <input type="hidden" name="bagian" value="tim" />
          <div className="min-w-64 flex-1">
            <label htmlFor="cari-dosen" className="block text-sm font-semibold text-stone-700">Cari dosen (NIDN atau nama, semua fakultas)</label>
            <input id="cari-dosen" name="cari" type="search" defaultValue={d.cari} className={inputClass} />
          </div>
          <button type="submit" className="rounded-lg bg-stone-800 px-4 py-2 text-sm font-semibold text-white">Cari</button>
        </Form>
        {d.cari ? (
          d.hasil.length ? (
            <ul className="mt-3 divide-y divide-stone-100 rounded-lg border border-stone-200" data-testid="hasil-dosen">
              {d.hasil.map((h) => (
                <li key={h.nidn} className="flex items-center justify-between gap-3 px-3 py-2 text-sm">
                  <span>
                    {h.nama} · {h.nidn} · {h.prodi ?? "—"}{h.fakultas ? `, ${h.fakultas}` : ""}
                  </span>
                  <Form method="post" action={location.pathname + location.search}>
                    <input type="hidden" name="intent" value="undang-anggota" />
                    <input type="hidden" name="nidn" value={h.nidn} />
                    <button type="submit" disabled={busy} className="rounded-md bg-kayu-700 px-3 py-1 text-xs font-semibold text-white">Undang</button>
                  </Form>
                </li>
              ))}
            </ul>
          ) : (
            <p className="mt-3 text-sm text-stone-500">Tidak ada dosen yang cocok.</p>
          )
        ) : null}
        <Form method="post" {...getFormProps(undang)} className="mt-4 flex flex-wrap items-end gap-2">
          <input type="hidden" name="intent" value="undang-anggota" />
          <div className="min-w-64 flex-1">
            <InputField field={undangFields.nidn} label="Undang dengan NIDN" inputMode="numeric" />
          </div>
          <button type="submit" disabled={busy} className={buttonClass}>Undang</button>
        </Form>
      </section>
      <section className={sectionClass} aria-labelledby="anggota-mahasiswa">
        <h2 id="anggota-mahasiswa" className={sectionTitleClass}>Anggota Mahasiswa (minimal {d.detail.skema.wajib_mahasiswa})</h2>
        {tim.mahasiswa.length ? (
          <ul className="mt-3 divide-y divide-stone-100">
            {tim.mahasiswa.map((m) => (
              <li key={m.id} className="flex items-center justify-between gap-3 py-2 text-sm">
                <span>{m.nama} · {m.nim} · {m.prodi}</span>
                <RemoveButton intent="hapus-mahasiswa" id={m.id} label={`Hapus ${m.nama}`} />
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-3 text-sm text-stone-500">Belum ada anggota mahasiswa.</p>
        )}
        <Form method="post" {...getFormProps(mhs)} className="mt-4 grid gap-3 sm:grid-cols-[1fr_10rem_1fr_auto] sm:items-end">
          <input type="hidden" name="intent" value="tambah-mahasiswa" />
          <InputField field={mhsFields.nama} label="Nama mahasiswa" required />
          <InputField field={mhsFields.nim} label="NIM" required />
          <InputField field={mhsFields.prodi} label="Program studi" required />
          <button type="submit" disabled={busy} className={buttonClass}>Tambah</button>
        </Form>
      </section>
    </div>
  );
}

function RabPart({ data: d, reply }: PartProps) {
  const schema = useMemo(() => rabSchema(d.kelompok as [string, ...string[]]), [d.kelompok]);
  const [form, fields] = useZodForm(schema, { id: "usulan-rab", reply: forIntent(reply, "tambah-rab") });
  const busy = useSubmitting("tambah-rab");
  return (
    <section className={sectionClass} aria-labelledby="form-rab">
      <h2 id="form-rab" className={sectionTitleClass}>Rencana Anggaran Biaya (RAB)</h2>
      <p className="mt-1 text-sm text-stone-600">
        Jumlah tiap baris dan totalnya dihitung oleh sistem. Batas skema: total tidak melebihi dana maksimal, Honor tidak melebihi {d.detail.skema.honor_maks_persen}% dari total.
      </p>
      <div className="mt-4 space-y-4">
        <RabTable lines={d.detail.rab} action={(line) => <RemoveButton intent="hapus-rab" id={line.id} label={`Hapus ${line.item}`} />} />
        <RabTotals detail={d.detail} />
      </div>
      <Form method="post" {...getFormProps(form)} className="mt-5 grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        <input type="hidden" name="intent" value="tambah-rab" />
        <SelectField field={fields.kelompok} label="Kelompok" required placeholder="Pilih kelompok" options={d.kelompok.map((k) => ({ value: k, label: k }))} />
        <InputField field={fields.item} label="Item" required />
        <InputField field={fields.satuan} label="Satuan" required />
        <InputField field={fields.volume} label="Volume" required inputMode="numeric" />
        <InputField field={fields.harga_satuan} label="Harga satuan (Rp)" required hint="Contoh 1.500.000" inputMode="numeric" />
        <div className="flex items-end">
          <SubmitButton busy={busy} className={buttonClass}>Tambah Baris</SubmitButton>
        </div>
      </Form>
    </section>
  );
}

function LuaranPart({ data: d, reply }: PartProps) {
  const wajib = d.detail.skema.luaran_wajib;
  const schema = useMemo(() => luaranSchema(wajib), [wajib]);
  const [form, fields] = useZodForm(schema, { id: "usulan-luaran", reply: forIntent(reply, "tambah-luaran") });
  const busy = useSubmitting("tambah-luaran");
  return (
    <section className={sectionClass} aria-labelledby="form-luaran">
      <h2 id="form-luaran" className={sectionTitleClass}>Target Luaran</h2>
      {wajib.length ? <p className="mt-1 text-sm text-stone-600">Luaran wajib skema: {wajib.join(", ")}.</p> : null}
      <div className="mt-4">
        <LuaranList luaran={d.detail.luaran} action={(l) => <RemoveButton intent="hapus-luaran" id={l.id} label={`Hapus ${l.jenis}`} />} />
      </div>
      <Form method="post" {...getFormProps(form)} className="mt-5 grid gap-3 sm:grid-cols-2">
        <input type="hidden" name="intent" value="tambah-luaran" />
        <SelectField field={fields.jenis} label="Jenis luaran" required placeholder="Pilih jenis" options={[...wajib, LUARAN_LAINNYA].map((j) => ({ value: j, label: j }))} />
        <InputField field={fields.jenis_lain} label="Jenis luaran lainnya" hint="Diisi bila memilih Lainnya." />
        <SelectField field={fields.target} label="Target status" required placeholder="Pilih target" options={LUARAN_TARGETS.map((t) => ({ value: t, label: t }))} />
        <InputField field={fields.keterangan} label="Keterangan" />
        <div>
          <SubmitButton busy={busy} className={buttonClass}>Tambah Luaran</SubmitButton>
        </div>
      </Form>
    </section>
  );
}

function DokumenPart({ data: d, reply, documentHref }: PartProps & { documentHref: (id: number) => string }) {
  const [form, fields] = useZodForm(dokumenSchema, { id: "usulan-dokumen", reply: forIntent(reply, "unggah-dokumen") });
  const busy = useSubmitting("unggah-dokumen");
  return (
    <section className={sectionClass} aria-labelledby="form-dokumen">
      <h2 id="form-dokumen" className={sectionTitleClass}>Dokumen Usulan</h2>
      <p className="mt-1 text-sm text-stone-600">PDF, maksimal 10 MB. Setiap unggahan menjadi versi baru; versi terakhir yang dinilai.</p>
      <div className="mt-3">
        <DokumenList dokumen={d.detail.dokumen} documentHref={documentHref} />
      </div>
      <Form method="post" encType="multipart/form-data" {...getFormProps(form)} className="mt-4 flex flex-wrap items-end gap-3">
        <input type="hidden" name="intent" value="unggah-dokumen" />
        <div className="min-w-64 flex-1">
          <Field label="Berkas usulan (PDF)" htmlFor={fields.berkas.id} errors={fields.berkas.errors} required>
            <input {...inputProps(fields.berkas, { type: "file" })} accept={documentAccept(["pdf"])} className={inputClass} />
          </Field>
        </div>
        <SubmitButton busy={busy} className={buttonClass}>Unggah</SubmitButton>
      </Form>
      {reply?.intent === "dokumen" && reply.message && !reply.result ? <Alert>{reply.message}</Alert> : null}
    </section>
  );
}

/** A condition not met; the ketua's incomplete profile links to Profil Saya. */
function Syarat({ text }: { text: string }) {
  if (!text.startsWith(PROFIL_BELUM_LENGKAP)) return text;
  return (
    <>
      {text}{" "}
      <AppLink to="/pengusul/profil" className="font-semibold underline">
        Buka Profil Saya
      </AppLink>
    </>
  );
}
