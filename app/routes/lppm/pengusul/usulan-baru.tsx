/**
 * Usulan Baru (PengusulPenelitianUsulanBaru, PengusulPengabdianUsulanBaru; the kind comes from
 * the path): the lecturer's proposals of that kind (led or joined), searched, paged and
 * filtered by status in SQL; the invitations waiting for their answer (Terima / Tolak); 'Usulan
 * Baru' (?tambah=1) picks an open call and creates a DRAF, then the editor opens
 * (/pengusul/usulan/:id); a DRAF is deleted from here (?hapus=ID).
 */
import { StatusFilter, statusOptions } from "~/components/lppm/review-parts";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, useLocation } from "react-router";
import { AppLink } from "~/components/ui/app-link";
import type { Route } from "./+types/usulan-baru";
import { dialogFormOptions, FormDialog } from "~/components/operator/crud-page";
import { PageHeader } from "~/components/operator/page-header";
import { StatusBadge } from "~/components/lppm/status-badge";
import { ConfirmDelete } from "~/components/ui/confirm-delete";
import { columnHelper, DataTable } from "~/components/ui/data-table";
import { useCloseHref, useParamHref } from "~/components/ui/dialog";
import { Alert } from "~/components/ui/field";
import { RowMenu } from "~/components/ui/row-menu";
import { useZodForm } from "~/components/ui/use-zod-form";
import { useSubmitting } from "~/lib/hooks/use-submitting";
import { findLppmPage } from "~/navigation/lppm";
import { listPeriodeTerbuka, type Jenis } from "~/domain/lppm/master/periode.server";
import { answerUndangan, createUsulan, deleteUsulan } from "~/domain/lppm/usulan/draft.server";
import { usulanAccess } from "~/domain/lppm/usulan/access.server";
import { listUndanganMenunggu, listUsulanSaya } from "~/domain/lppm/usulan/read.server";
import { createUsulanSchema } from "~/domain/lppm/usulan/usulan.schema";
import { USULAN_WORKFLOW } from "~/domain/lppm/workflow";
import { SAVE_FAILED, SAVED } from "~/lib/util/messages";
import { deleteIntent, intentAction, type Intent, type Reply } from "~/http/crud-screen.server";
import { parseId, redirectWithToast } from "~/http/action.server";
import { pengusulJenis } from "~/http/decision.server";
import { requireUser } from "~/http/guard.server";
import { readTableState } from "~/http/table-state.server";
import { getDb } from "~/lib/server/db.server";
import { formatRupiah } from "~/lib/util/rupiah";
import { formatWib } from "~/lib/util/wib";
import { InputField, SelectField } from "~/components/ui/form-fields";

const JUDUL = { penelitian: "Penelitian", pengabdian: "Pengabdian" } as const;

export async function loader({ request, url, context }: Route.LoaderArgs) {
  const user = requireUser(context);
  const page = findLppmPage(url.pathname);
  if (!page) throw data(null, { status: 404 });
  const db = getDb();
  const jenis = pengusulJenis(url);
  const { state, headers } = await readTableState(request, `usulan-${jenis}`);
  const status = url.searchParams.get("status") ?? "";
  const hapusId = parseId(url.searchParams.get("hapus"));
  const list = listUsulanSaya(db, user.id, jenis, state, status);
  // ?hapus=ID names one of the lecturer's own drafts; anything else is not found.
  const access = hapusId ? usulanAccess(db, user, hapusId) : null;
  if (hapusId && !access?.canDelete) throw data(null, { status: 404 });
  const hapus = access ? access.usulan : null;
  const now = new Date();
  return data(
    {
      title: page.title,
      jenis,
      status,
      list,
      undangan: listUndanganMenunggu(db, user.id, jenis),
      tambah: url.searchParams.has("tambah"),
      periode: url.searchParams.has("tambah")
        ? listPeriodeTerbuka(db, jenis, now).map((p) => ({ id: p.id, label: p.label, tutup: p.windows.pengajuan?.closes ?? null, dana: p.skema.dana_maksimal }))
        : [],
      hapus: hapus ? { id: hapus.id, judul: hapus.judul } : null,
    },
    { headers },
  );
}

function create(jenis: Jenis): Intent {
  return async ({ db, user, form }) => {
  const submission = parseWithZod(form, { schema: createUsulanSchema });
  if (submission.status !== "success") {
    return data<Reply>({ intent: "create", result: submission.reply(), message: SAVE_FAILED }, { status: 400 });
  }
  const created = createUsulan(db, user, jenis, submission.value);
  if (!created.ok) {
    return data<Reply>(
      { intent: "create", result: submission.reply({ fieldErrors: { [created.field ?? "id_periode"]: [created.message] } }), message: created.message },
      { status: created.status },
    );
  }
  return redirectWithToast(`/pengusul/usulan/${created.id}?bagian=identitas`, "success", SAVED);
  };
}

function answer(jawaban: "DITERIMA" | "DITOLAK"): Intent {
  return async ({ db, user, id, back }) => {
    const result = answerUndangan(db, user, id, jawaban);
    if (!result.ok) return redirectWithToast(back, "error", result.message);
    return redirectWithToast(back, "success", jawaban === "DITERIMA" ? "Undangan diterima." : "Undangan ditolak.");
  };
}

export function action(args: Route.ActionArgs) {
  const jenis = pengusulJenis(args.url);
  return intentAction(args, {
    create: create(jenis),
    terima: answer("DITERIMA"),
    tolak: answer("DITOLAK"),
    delete: deleteIntent(({ db, user, id }) => deleteUsulan(db, user, id)),
  });
}

/** Every status, 'Semua' (no filter) first. */
const STATUS_OPTIONS = [{ value: "", label: "Semua" }, ...statusOptions(USULAN_WORKFLOW.statuses).slice(1)];

const col = columnHelper<Route.ComponentProps["loaderData"]["list"]["rows"][number]>();
const columns = [
  col.accessor("judul", {
    header: "Judul",
    cell: (info) => (
      <AppLink to={`/pengusul/usulan/${info.row.original.id}`} className="font-semibold text-kayu-700 hover:underline">
        {info.getValue()}
      </AppLink>
    ),
  }),
  col.accessor("periode", { header: "Periode" }),
  col.accessor("peran", { header: "Peran" }),
  col.accessor("dana_diusulkan", { header: "Dana Diusulkan", cell: (info) => formatRupiah(info.getValue()) }),
  col.accessor("status", { header: "Status", cell: (info) => <StatusBadge status={info.getValue()} /> }),
];

export default function UsulanBaru({ loaderData, actionData }: Route.ComponentProps) {
  const { title, jenis, list, undangan, tambah, hapus } = loaderData;
  const paramHref = useParamHref();
  const closeTo = useCloseHref();
  return (
    <div className="space-y-6">
      <PageHeader title={title} addHref={paramHref("tambah", 1)} addLabel="+ Usulan Baru" />
      {undangan.length ? <Undangan rows={undangan} /> : null}
      <DataTable
        caption={`Daftar usulan ${JUDUL[jenis].toLowerCase()} saya`}
        columns={columns}
        list={list}
        filters={<StatusFilter value={loaderData.status} options={STATUS_OPTIONS} />}
        action={(row) => (
          <RowMenu
            label={row.judul}
            items={[
              { label: row.status === "DRAF" && row.peran === "Ketua" ? "Ubah" : "Detail", to: `/pengusul/usulan/${row.id}` },
              ...(row.status === "DRAF" && row.peran === "Ketua" ? [{ label: "Hapus", to: paramHref("hapus", row.id), danger: true }] : []),
            ]}
          />
        )}
      />
      {tambah ? <TambahUsulan jenis={jenis} periode={loaderData.periode} closeTo={closeTo} reply={actionData} /> : null}
      {hapus ? <ConfirmDelete closeTo={closeTo} id={hapus.id} itemName={hapus.judul} question="Menghapus usulan ini?" /> : null}
    </div>
  );
}

function Undangan({ rows }: { rows: Route.ComponentProps["loaderData"]["undangan"] }) {
  const location = useLocation();
  const busy = useSubmitting();
  return (
    <section className="rounded-xl border border-amber-200 bg-amber-50 p-5" aria-labelledby="undangan-anggota">
      <h2 id="undangan-anggota" className="text-base font-bold text-amber-900">Undangan Menjadi Anggota</h2>
      <ul className="mt-3 divide-y divide-amber-200">
        {rows.map((u) => (
          <li key={u.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
            <div>
              <AppLink to={`/pengusul/usulan/${u.id_usulan}`} className="font-semibold text-stone-900 hover:underline">{u.judul}</AppLink>
              <p className="text-sm text-stone-600">Ketua: {u.ketua} · {u.periode}</p>
            </div>
            <Form method="post" action={location.pathname + location.search} className="flex gap-2">
              <input type="hidden" name="id" value={u.id} />
              <button type="submit" name="intent" value="terima" disabled={busy} className="rounded-lg bg-green-600 px-4 py-1.5 text-sm font-semibold text-white hover:bg-green-700 disabled:opacity-60">
                Terima
              </button>
              <button type="submit" name="intent" value="tolak" disabled={busy} className="rounded-lg bg-red-600 px-4 py-1.5 text-sm font-semibold text-white hover:bg-red-700 disabled:opacity-60">
                Tolak
              </button>
            </Form>
          </li>
        ))}
      </ul>
    </section>
  );
}

function TambahUsulan({
  jenis,
  periode,
  closeTo,
  reply,
}: {
  jenis: Jenis;
  periode: Route.ComponentProps["loaderData"]["periode"];
  closeTo: string;
  reply: Route.ComponentProps["actionData"];
}) {
  const [form, fields] = useZodForm(createUsulanSchema, dialogFormOptions("usulan", { intent: "create", reply }));
  const title = `Usulan Baru ${JUDUL[jenis]}`;
  if (!periode.length) {
    return (
      <FormDialog title={title} intent="create" closeTo={closeTo} form={form}>
        <Alert>Belum ada periode pengajuan {JUDUL[jenis].toLowerCase()} yang dibuka.</Alert>
      </FormDialog>
    );
  }
  return (
    <FormDialog title={title} intent="create" closeTo={closeTo} form={form}>
      <SelectField field={fields.id_periode} label="Periode / Skema" required placeholder="Pilih periode" options={periode.map((p) => ({ value: p.id, label: `${p.label} — dana maks. ${formatRupiah(p.dana)}${p.tutup ? `, ditutup ${formatWib(p.tutup)}` : ""}` }))} />
      <InputField field={fields.judul} label="Judul" required hint="Isian lain dilengkapi setelah usulan dibuat." />
    </FormDialog>
  );
}
