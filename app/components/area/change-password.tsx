import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { useEffect } from "react";
import { useFetcher, useNavigate } from "react-router";
import {
  changePasswordSchema,
  PASSWORD_HELPER_TEXT,
} from "../../domain/users/password.schema";
import { useHydrated } from "../../lib/use-hydrated";
import { DialogActions, UrlDialog } from "../ui/dialog";
import { Alert, Field, inputClass } from "../ui/field";
import { PasswordInput } from "../ui/password-input";
import { showToast } from "../ui/toast";

type ActionResult = { result: SubmissionResult<string[]>; error: string | null; ok: boolean };

/** Success closes the modal after 2 s (spec section 9). */
const CLOSE_AFTER_MS = 2000;

export function ChangePasswordForm({
  back,
  closeTo,
  actionData,
}: {
  back: string;
  closeTo: string;
  actionData?: ActionResult;
}) {
  const fetcher = useFetcher<ActionResult>();
  const navigate = useNavigate();
  const hydrated = useHydrated();
  const reply = fetcher.data ?? actionData;
  const [form, fields] = useForm({
    id: "ubah-password",
    lastResult: fetcher.state === "idle" ? reply?.result : undefined,
    constraint: getZodConstraint(changePasswordSchema),
    // Validate on submit, then as the user types: validating on blur would move the Simpan
    // button under the pointer (a new error line appears) and swallow the click.
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: changePasswordSchema }),
  });
  const busy = fetcher.state !== "idle";
  const ok = fetcher.state === "idle" && fetcher.data?.ok === true;

  useEffect(() => {
    if (!ok) return;
    showToast("success", "Password Berhasil diubah");
    const timer = setTimeout(() => void navigate(closeTo, { replace: true, preventScrollReset: true }), CLOSE_AFTER_MS);
    return () => clearTimeout(timer);
  }, [ok, closeTo, navigate]);

  const serverError = reply && !reply.ok ? reply.error ?? (reply.result.status === "error" && !reply.result.error ? "Terjadi kesalahan" : null) : null;

  return (
    <fetcher.Form method="post" action="/akun/ubah-password" {...getFormProps(form)} className="space-y-4">
      <input type="hidden" name="back" value={back} />
      {hydrated ? <input type="hidden" name="_js" value="1" /> : null}
      {serverError ? <Alert>{serverError}</Alert> : null}
      {ok ? <Alert kind="success">Password Berhasil diubah</Alert> : null}
      <Field label="Password Lama" htmlFor={fields.pass_lama.id} errors={fields.pass_lama.errors} required>
        <input {...getInputProps(fields.pass_lama, { type: "password" })} autoComplete="current-password" className={inputClass} />
      </Field>
      <Field
        label="Password Baru"
        htmlFor={fields.pass_baru.id}
        errors={fields.pass_baru.errors}
        hint={PASSWORD_HELPER_TEXT}
        required
      >
        <PasswordInput {...passwordProps(getInputProps(fields.pass_baru, { type: "password" }))} autoComplete="new-password" className={inputClass} />
      </Field>
      <Field label="Konfirmasi Password" htmlFor={fields.konfirmasi_pass.id} errors={fields.konfirmasi_pass.errors} required>
        <PasswordInput {...passwordProps(getInputProps(fields.konfirmasi_pass, { type: "password" }))} autoComplete="new-password" className={inputClass} />
      </Field>
      <DialogActions closeTo={closeTo} busy={busy} />
    </fetcher.Form>
  );
}

/** PasswordInput owns the type attribute (for its show/hide toggle). */
function passwordProps<T extends { type?: string; key?: string | undefined }>(props: T) {
  const { type: _type, key: _key, ...rest } = props;
  return rest;
}

export function ChangePasswordDialog({ closeTo, back }: { closeTo: string; back: string }) {
  return (
    <UrlDialog title="Ubah Password" closeTo={closeTo}>
      <ChangePasswordForm back={back} closeTo={closeTo} />
    </UrlDialog>
  );
}
