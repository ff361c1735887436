/**
 * Buat Password, /atur-password?token=…: where the one-time link of a new account (the
 * lecturers' import) lands. The lecturer chooses their password twice; it is stored, the link
 * dies, and they go to the login page. A link used, replaced by a newer one, unknown, or past its
 * TAUTAN_BERLAKU_HARI days says so (410) and shows no form; the page without a token is 404.
 * Works without JavaScript.
 */
import { data, Form, redirect } from "react-router";
import type { Route } from "./+types/atur-password";
import { Alert, Field, inputClass } from "~/components/ui/field";
import { PasswordInput } from "~/components/ui/password-input";
import { SubmitButton } from "~/components/ui/submit-button";
import { useReply } from "~/components/ui/use-reply";
import { PASSWORD_HELPER_TEXT } from "~/domain/users/password.schema";
import { aturPasswordSchema, PASSWORD_TERSIMPAN, TAUTAN_TIDAK_BERLAKU } from "~/domain/users/undangan.schema";
import { aturPasswordLewatTautan, cekTautan } from "~/domain/users/undangan.server";
import { runAction } from "~/http/action.server";
import { flashHeader } from "~/http/session.server";
import { getDb } from "~/lib/server/db.server";
import { titleMeta } from "~/lib/util/meta";

export async function loader({ url }: Route.LoaderArgs) {
  const token = url.searchParams.get("token") ?? "";
  // No link at all is no page (404); a link that no longer works says why (410).
  if (!token) return data({ token: null, nama: null, username: null, error: TAUTAN_TIDAK_BERLAKU }, { status: 404 });
  const checked = cekTautan(getDb(), token);
  if (!checked.ok) return data({ token: null, nama: null, username: null, error: checked.message }, { status: checked.status });
  return { token, nama: checked.user.name, username: checked.user.username, error: null };
}

export const action = (args: Route.ActionArgs) =>
  runAction(
    args,
    {
      "atur-password": async ({ db, parse, reply }) => {
        const { token, pass_baru } = parse(aturPasswordSchema, { message: "", hideFields: ["pass_baru", "konfirmasi_pass"] });
        const done = await aturPasswordLewatTautan(db, token, pass_baru);
        if (!done.ok) return reply(done.status, done.message);
        const headers = new Headers({ "Set-Cookie": await flashHeader({ kind: "success", message: PASSWORD_TERSIMPAN }) });
        return redirect("/login", { headers });
      },
    },
    { user: () => null },
  );

export default function AturPasswordPage({ loaderData, actionData }: Route.ComponentProps) {
  const { reply, message, err, busy } = useReply(actionData, { intent: "atur-password", inline: true });
  const gone = reply && reply.result && !err("pass_baru") && !err("konfirmasi_pass") ? message : undefined;
  const error = loaderData.error ?? gone;
  return (
    <main className="flex min-h-screen items-center justify-center bg-stone-100 p-4">
      <div className="w-full max-w-md space-y-4 rounded-2xl bg-white p-6 shadow-xl">
        <h1 className="text-xl font-bold">Buat Password</h1>
        {error ? (
          <>
            <Alert>{error}</Alert>
            <p className="text-sm">
              <a href="/login" className="font-semibold text-kayu-700 hover:underline">
                Ke halaman login
              </a>
            </p>
          </>
        ) : (
          <>
            <p className="text-sm text-stone-700">
              {`Halo ${loaderData.nama}. Username Anda: `}
              <strong>{loaderData.username}</strong>
              {". Buat password untuk masuk; tautan ini hanya bisa dipakai sekali."}
            </p>
            <Form method="post" className="space-y-4">
              <input type="hidden" name="intent" value="atur-password" />
              <input type="hidden" name="token" value={loaderData.token ?? ""} />
              <input type="text" name="username" value={loaderData.username ?? ""} autoComplete="username" readOnly hidden />
              <Field label="Password baru" htmlFor="pass_baru" errors={err("pass_baru") ? [err("pass_baru")!] : undefined} hint={PASSWORD_HELPER_TEXT} required>
                <PasswordInput id="pass_baru" name="pass_baru" autoComplete="new-password" required className={inputClass} aria-invalid={err("pass_baru") ? true : undefined} />
              </Field>
              <Field label="Konfirmasi password" htmlFor="konfirmasi_pass" errors={err("konfirmasi_pass") ? [err("konfirmasi_pass")!] : undefined} required>
                <PasswordInput id="konfirmasi_pass" name="konfirmasi_pass" autoComplete="new-password" required className={inputClass} aria-invalid={err("konfirmasi_pass") ? true : undefined} />
              </Field>
              <SubmitButton busy={busy}>Simpan Password</SubmitButton>
            </Form>
          </>
        )}
      </div>
    </main>
  );
}

export const meta: Route.MetaFunction = ({ matches }) => titleMeta(matches, "Buat Password");
