import { inputProps } from "~/components/ui/field-props";
import type { Route } from "./+types/template";
import { AktifBadge } from "~/components/operator/aktif-badge";
import { CrudPage, FormDialog, useDialogForm, type CrudFormProps } from "~/components/operator/crud-page";
import { columnHelper } from "~/components/ui/data-table";
import { Field, inputClass } from "~/components/ui/field";
import { templateCreateSchema, TEMPLATE_TYPES, templateUpdateSchema } from "~/domain/lppm/master/template.schema";
import { deleteTemplate, getTemplate, listTemplatePage, saveTemplate, type Template } from "~/domain/lppm/master/template.server";
import { crudScreen, deleteIntent, saveIntent } from "~/http/crud-screen.server";
import { DOCUMENT_TOO_BIG, documentAccept, fileSize } from "~/lib/util/document-rules";
import { formatWibDate, toWibDateInput } from "~/lib/util/wib";
import { InputField, TextareaField } from "~/components/ui/form-fields";

export const handle = { title: "Template Unduhan" };

const screen = crudScreen({
  table: "lppm-template",
  list: listTemplatePage,
  get: getTemplate,
  upload: { field: "file", intent: (url) => (url.searchParams.has("ubah") ? "ubah" : "tambah"), message: DOCUMENT_TOO_BIG },
  intents: {
    tambah: saveIntent(templateCreateSchema, (value, { db }) => saveTemplate(db, value), { fileField: "file" }),
    ubah: saveIntent(templateUpdateSchema, (value, { db, id }) => saveTemplate(db, value, id), { fileField: "file" }),
    hapus: deleteIntent(({ db, id }) => deleteTemplate(db, id)),
  },
});

export const loader = (args: Route.LoaderArgs) => screen.loader(args);
export const action = (args: Route.ActionArgs) => screen.action(args);

/** The file, through the operator's authorizing download route (a document request, not a page). */
export const unduhHref = (id: number) => `/operator/lppm/template/${id}/unduh`;

const col = columnHelper<Template>();
const columns = [
  col.accessor("judul", {
    header: "Judul",
    cell: (info) => (
      <span>
        {info.getValue()}
        {info.row.original.keterangan ? <span className="block text-xs text-stone-500">{info.row.original.keterangan}</span> : null}
      </span>
    ),
  }),
  col.accessor("tanggal_versi", { header: "Versi", cell: (info) => formatWibDate(info.getValue()) }),
  col.accessor("nama_file", {
    header: "File",
    cell: (info) => (
      <a href={unduhHref(info.row.original.id)} className="font-semibold text-kayu-700 underline" download>
        Unduh
        <span className="sr-only"> {info.getValue()}</span>
        <span className="block text-xs font-normal text-stone-500 no-underline">
          {info.getValue()} · {fileSize(info.row.original.ukuran)}
        </span>
      </a>
    ),
  }),
  col.accessor("aktif", { header: "Status", cell: (info) => <AktifBadge aktif={info.getValue()} /> }),
];

export default function TemplateScreen({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <CrudPage
      title="Template Unduhan"
      caption="Daftar template unduhan untuk pengusul"
      columns={columns}
      data={loaderData}
      reply={actionData}
      rowLabel={(row) => row.judul}
      form={(props) => <TemplateForm {...props} />}
      item="Template"
      deleting={(hapus) => ({ itemName: hapus.judul, note: "File template ikut dihapus." })}
    />
  );
}

function TemplateForm(props: CrudFormProps<Template>) {
  const { intent, record } = props;
  const schema = intent === "tambah" ? templateCreateSchema : templateUpdateSchema;
  const [form, fields] = useDialogForm(
    schema,
    "template",
    props,
    (r) => ({
      judul: r.judul,
      keterangan: r.keterangan,
      tanggal_versi: toWibDateInput(r.tanggal_versi),
      aktif: r.aktif ? "on" : undefined,
    }),
    { tanggal_versi: toWibDateInput(new Date()), aktif: "on" },
  );
  return (
    <FormDialog {...props} form={form} encType="multipart/form-data">
      <InputField field={fields.judul} label="Judul" required placeholder="Template Proposal Penelitian" />
      <TextareaField field={fields.keterangan} label="Keterangan" rows={3} />
      <InputField field={fields.tanggal_versi} label="Tanggal Versi" type="date" required />
      <Field
        label="File (PDF/DOCX, maks. 10 MB)"
        htmlFor={fields.file.id}
        errors={fields.file.errors}
        required={intent === "tambah"}
        hint={record ? `Sekarang: ${record.nama_file} (${fileSize(record.ukuran)}). Kosongkan jika tidak diganti.` : undefined}
      >
        <input {...inputProps(fields.file, { type: "file" })} accept={documentAccept(TEMPLATE_TYPES)} className={inputClass} />
      </Field>
      <label className="flex items-center gap-2 text-sm">
        <input {...inputProps(fields.aktif, { type: "checkbox" })} className="h-4 w-4 accent-kayu-700" /> Aktif (tampil di halaman Download pengusul)
      </label>
    </FormDialog>
  );
}
