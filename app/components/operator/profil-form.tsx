/**
 * The About and Cooperation editors (one form, two screens): rich-text keterangan (500 px) and
 * an optional photo posted as `foto`, with 'Kembali' and 'Simpan'. A plain multipart form: it
 * works without JavaScript (the editor is then an HTML textarea).
 */
import { getFormProps } from "@conform-to/react";
import { useState } from "react";
import { Form } from "react-router";
import { profilSchema } from "~/domain/profil/profil.schema";
import { Alert, Field } from "~/components/ui/field";
import { ImageInput } from "~/components/ui/image-input";
import { useZodForm } from "~/components/ui/use-zod-form";
import { useReply, type Reply } from "~/components/ui/use-reply";
import { PageFormActions } from "~/components/operator/form-parts";
import { RichTextEditor } from "~/components/operator/rich-text-editor";
import { UPLOAD_KEEP_HINT } from "~/lib/util/upload-rules";

export const PROFIL_INTENT = "simpan";

export function ProfilForm({
  formId,
  record,
  reply,
  submittedKeterangan,
  photoLabel,
}: {
  /** Distinguishes the two screens' forms (ids of fields and of the Conform form). */
  formId: string;
  record: { keterangan: string; foto: string | null };
  reply: Reply | undefined;
  /** What a refused save posted (sanitized): the page shows it again instead of the stored text. */
  submittedKeterangan?: string | undefined;
  photoLabel: string;
}) {
  // Read once: with JavaScript the live editor keeps the typed text; a changing defaultValue would
  // only re-render it. Without JavaScript each post renders this afresh from the server.
  const [initialKeterangan] = useState(() => submittedKeterangan ?? record.keterangan);
  const [form, fields] = useZodForm(profilSchema, { id: formId, reply });
  const { message, err, busy } = useReply(reply, { intent: PROFIL_INTENT });
  const editorId = `${formId}-keterangan`;
  return (
    <Form
      method="post"
      encType="multipart/form-data"
      {...getFormProps(form)}
      className="space-y-5 rounded-2xl border border-stone-200 bg-white p-4 shadow-sm sm:p-6"
    >
      <input type="hidden" name="intent" value={PROFIL_INTENT} />
      {message ? <Alert>{message}</Alert> : null}
      <Field label="Keterangan" htmlFor={editorId} errors={fields.keterangan.errors}>
        <RichTextEditor name="keterangan" id={editorId} defaultValue={initialKeterangan} label="Keterangan" />
      </Field>
      <ImageInput
        name="foto"
        id={`${formId}-foto`}
        label={photoLabel}
        currentUrl={record.foto}
        hints={record.foto ? [UPLOAD_KEEP_HINT] : []}
        errors={err("foto") ? [err("foto")!] : undefined}
        previewClassName="max-h-64"
      />
      <PageFormActions busy={busy} />
    </Form>
  );
}
