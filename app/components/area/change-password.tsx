import { getFormProps, useForm } from "@conform-to/react";
import { inputProps } from "~/components/ui/field-props";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { useEffect } from "react";
import { data, isRouteErrorResponse, useFetcher, useNavigate } from "react-router";
import {
  changePasswordSchema,
  PASSWORD_HELPER_TEXT,
} from "~/domain/users/password.schema";
import { useHydrated } from "~/lib/hooks/use-hydrated";
import { DialogActions, UrlDialog } from "~/components/ui/dialog";
import { Alert, Field, inputClass } from "~/components/ui/field";
import { PasswordInput } from "~/components/ui/password-input";
import { showToast } from "~/components/ui/toast";
import { useReply, type Reply } from "~/components/ui/use-reply";
import { PASSWORD_CHANGE_FAILED, PASSWORD_CHANGED } from "~/lib/util/messages";

/**
 * The action's Reply (http/action.server.ts), and the client action's own for a failure the
 * server did not answer: `ok` after a save, `network` when no answer came at all (offline,
 * connection dropped).
 */
type ActionResult = Reply<{ ok?: boolean; network?: boolean }>;

/** Success closes the modal after 2 s (spec section 9). */
const CLOSE_AFTER_MS = 2000;

/** Spec section 8: the failure texts of 'Ubah Password'. */
export const CHANGE_PASSWORD_NO_RESPONSE = PASSWORD_CHANGE_FAILED;
export const CHANGE_PASSWORD_SERVER_ERROR = "Terjadi kesalahan";

/** The message of an error answer from the server, when it carries one ({ message }). */
function serverMessage(error: unknown): string | null {
  if (!isRouteErrorResponse(error)) return null;
  let body: unknown = error.data;
  if (typeof body === "string") {
    try {
      body = JSON.parse(body);
    } catch {
      return null;
    }
  }
  const message = (body as { message?: unknown } | null)?.message;
  return typeof message === "string" && message.trim() ? message : null;
}

/**
 * The clientAction of /akun/ubah-password (spec section 8): a failure WITH a server response
 * (an error status, a crashed action) shows its message in the modal's red alert, default
 * 'Terjadi kesalahan'; a failure WITHOUT one (offline, the connection dropped) shows the
 * toast 'Gagal update password'. Either way the modal stays, with what the user typed —
 * never the error page. Redirects (a session that ended → /login) go through. The answers
 * carry an error status, so React Router does not reload the page's data (which would fail
 * the same way when offline and replace the page with the error page).
 */
export async function changePasswordClientAction<T>(serverAction: () => Promise<T>) {
  try {
    return await serverAction();
  } catch (error) {
    if (error instanceof Response) throw error;
    // fetch() rejects with a TypeError when no response arrives.
    if (error instanceof TypeError) {
      return data<ActionResult>({ intent: "ubah-password", result: {}, network: true }, { status: 503 });
    }
    const status = isRouteErrorResponse(error) && error.status >= 400 ? error.status : 500;
    return data<ActionResult>({ intent: "ubah-password", result: {}, message: serverMessage(error) ?? CHANGE_PASSWORD_SERVER_ERROR }, { status });
  }
}

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
  // The message stays in the modal's red alert (spec section 8): read inline, not toasted.
  const { reply, message } = useReply<{ ok?: boolean; network?: boolean }>(fetcher.data ?? actionData, { inline: true });
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

  // Each answer is a new object: a second failure shows the toast again.
  const noResponse = fetcher.state === "idle" && fetcher.data?.network === true ? fetcher.data : null;
  useEffect(() => {
    if (noResponse) showToast("error", CHANGE_PASSWORD_NO_RESPONSE);
  }, [noResponse]);

  useEffect(() => {
    if (!ok) return;
    showToast("success", PASSWORD_CHANGED);
    const timer = setTimeout(() => void navigate(closeTo, { replace: true, preventScrollReset: true }), CLOSE_AFTER_MS);
    return () => clearTimeout(timer);
  }, [ok, closeTo, navigate]);

  const serverError = reply && !reply.ok && !reply.network ? (message ?? null) : null;

  return (
    <fetcher.Form method="post" action="/akun/ubah-password" {...getFormProps(form)} className="space-y-4">
      <input type="hidden" name="intent" value="ubah-password" />
      <input type="hidden" name="back" value={back} />
      {hydrated ? <input type="hidden" name="_js" value="1" /> : null}
      {serverError ? <Alert>{serverError}</Alert> : null}
      {ok ? <Alert kind="success">{PASSWORD_CHANGED}</Alert> : null}
      <Field label="Password Lama" htmlFor={fields.pass_lama.id} errors={fields.pass_lama.errors} required>
        <input {...inputProps(fields.pass_lama, { type: "password" })} autoComplete="current-password" className={inputClass} />
      </Field>
      <Field
        label="Password Baru"
        htmlFor={fields.pass_baru.id}
        errors={fields.pass_baru.errors}
        hint={PASSWORD_HELPER_TEXT}
        required
      >
        <PasswordInput {...passwordProps(inputProps(fields.pass_baru, { type: "password" }))} autoComplete="new-password" className={inputClass} />
      </Field>
      <Field label="Konfirmasi Password" htmlFor={fields.konfirmasi_pass.id} errors={fields.konfirmasi_pass.errors} required>
        <PasswordInput {...passwordProps(inputProps(fields.konfirmasi_pass, { type: "password" }))} autoComplete="new-password" className={inputClass} />
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
