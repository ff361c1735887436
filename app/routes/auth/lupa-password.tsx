/**
 * Forgot password (/lupa-password, spec sections 2, 4, 5, 8): no header or footer.
 * Step 1: the lecturer ID (NIDN/NUPTK), digits only → the server looks it up.
 * Step 2: greeting with the name and the MASKED phone, retype the phone, 'Kirim Notifikasi' →
 * 'Perhatian!' confirmation → reset → /login with the toast 'Reset Password Berhasil'.
 * Every step is a server-rendered form post, so it works without JavaScript; with it, the ID is
 * stripped to digits as you type and the confirmation is a dialog. The full phone number never
 * reaches the page, and the steps carry only the ID and what the user typed.
 */
import * as RadixDialog from "@radix-ui/react-dialog";
import { useEffect, useRef, useState } from "react";
import { Form, Link, useNavigation, useSubmit } from "react-router";
import type { Route } from "./+types/lupa-password";
import { retryAfterHeaders } from "~/http/headers.server";
import { titleMeta } from "~/lib/util/meta";
import { useReply } from "~/components/ui/use-reply";
import {
  CONFIRM_TEXT,
  CONFIRM_TITLE,
  NIDN_MAX_DIGITS,
  NIDN_MIN_DIGITS,
  NIDN_MIN_MESSAGE,
  noTeleponField,
  onlyDigits,
  RESET_SUCCESS,
  SERVER_ERROR,
  cekPassSchema,
  resetPasswordSchema,
} from "~/domain/recovery/recovery.schema";
import { cekPass, resetPassword, type CekPassData } from "~/domain/recovery/recovery.server";
import { throttleRecovery } from "~/domain/recovery/recovery-throttle.server";
import { runAction, type ActionContext, type Handler } from "~/http/action.server";
import { getDb } from "~/lib/server/db.server";
import { useHydrated } from "~/lib/hooks/use-hydrated";
import { SubmitButton } from "~/components/ui/submit-button";

type Person = CekPassData;

type Step1 = { step: 1; nidn: string; fieldError?: string | undefined };
type Step2 = { step: 2; person: Person; no_telepon: string; fieldError?: string | undefined };
type Confirm = { step: "confirm"; person: Person; no_telepon: string };
type StepData = Step1 | Step2 | Confirm;

const text = (form: FormData, name: string, max = 200) => String(form.get(name) ?? "").slice(0, max);

/** The person shown in step 2 travels in hidden fields (display only: the server re-checks). */
function personFrom(form: FormData): Person | null {
  const nidn = onlyDigits(text(form, "nidn", 40));
  const nama_sdm = text(form, "nama_sdm");
  const telepon_hp = text(form, "telepon_hp", 40).replace(/[^\d*]/g, "");
  if (nidn.length < NIDN_MIN_DIGITS || !nama_sdm) return null;
  return { nidn, nama_sdm, telepon_hp };
}

function firstIssue(error: { issues: { message: string; path: PropertyKey[] }[] }, field: string) {
  return error.issues.find((issue) => issue.path[0] === field)?.message;
}

/** A throttled attempt (429) says when to try again: Retry-After, in seconds. */
export const headers = retryAfterHeaders;

/** The step a reply shows: its data travels as the reply's extras; its messages as every reply's. */
type StepReply = { step?: 1 | 2 | "confirm"; nidn?: string; person?: Person; no_telepon?: string };

/**
 * The wizard's posts, each its button's intent: 'cek' looks the ID up, 'konfirmasi' (without
 * JavaScript) shows the confirmation step, 'batal' returns from it, 'reset' sends the new
 * password. A refusal's `message` is toasted and shown over the step; a field's message is said
 * under that field only.
 */
export const action = (args: Route.ActionArgs) => {
  const { request } = args;
  const db = getDb();
  /** Steps 2 and confirm: the person of step 1 (display only: the server re-checks) and the phone typed. */
  const withPerson =
    (run: (ctx: ActionContext<null>, person: Person, no_telepon: string) => ReturnType<Handler<null>>): Handler<null> =>
    (ctx) => {
      const person = personFrom(ctx.form);
      // A post without the step-1 result (tampered, or a stale page): start again.
      if (!person) return ctx.reply(400, "", { step: 1, nidn: "" } satisfies StepReply);
      return run(ctx, person, text(ctx.form, "no_telepon", 40));
    };
  const phoneChecked =
    (run: (ctx: ActionContext<null>, person: Person, no_telepon: string, parsed: { nidn: string; no_telepon: string }) => ReturnType<Handler<null>>) =>
    withPerson((ctx, person, no_telepon) => {
      const parsed = resetPasswordSchema.safeParse({ nidn: person.nidn, no_telepon });
      if (!parsed.success) {
        const message = firstIssue(parsed.error, "no_telepon");
        return ctx.reply(400, "", { fieldErrors: message ? { no_telepon: [message] } : {}, step: 2, person, no_telepon });
      }
      return run(ctx, person, no_telepon, parsed.data);
    });
  return runAction(
    args,
    {
      cek: async ({ form, reply }) => {
        const nidn = onlyDigits(text(form, "nidn", 100)).slice(0, NIDN_MAX_DIGITS + 5);
        const parsed = cekPassSchema.safeParse({ nidn: text(form, "nidn", 100) });
        if (!parsed.success) return reply(400, "", { fieldErrors: { nidn: [firstIssue(parsed.error, "nidn") ?? NIDN_MIN_MESSAGE] }, step: 1, nidn });
        const throttle = await throttleRecovery(request, "lookup", parsed.data.nidn);
        if (!throttle.ok) return reply(429, throttle.message, { step: 1, nidn }, { "Retry-After": String(throttle.retryAfter) });
        const result = safely(() => cekPass(db, parsed.data.nidn));
        if (!result.ok) return reply(result.status, result.message || SERVER_ERROR, { step: 1, nidn });
        return reply(200, "", { step: 2, person: result.data, no_telepon: "" } satisfies StepReply);
      },
      batal: withPerson(({ reply }, person, no_telepon) => reply(200, "", { step: 2, person, no_telepon } satisfies StepReply)),
      // 'Kirim Notifikasi' without JavaScript: the confirmation as its own server-rendered step.
      konfirmasi: phoneChecked(({ reply }, person, no_telepon) => reply(200, "", { step: "confirm", person, no_telepon } satisfies StepReply)),
      reset: phoneChecked(async ({ reply, done }, person, no_telepon, parsed) => {
        const throttle = await throttleRecovery(request, "reset", person.nidn);
        if (!throttle.ok) return reply(429, throttle.message, { step: 2, person, no_telepon }, { "Retry-After": String(throttle.retryAfter) });
        let result: Awaited<ReturnType<typeof resetPassword>>;
        try {
          result = await resetPassword(db, parsed);
        } catch (error) {
          console.error("[recovery] reset failed:", error);
          result = { ok: false, status: 500, message: SERVER_ERROR };
        }
        if (!result.ok) {
          if (result.status === 404) return reply(404, result.message, { step: 1, nidn: person.nidn });
          return reply(result.status, result.message || SERVER_ERROR, { step: 2, person, no_telepon });
        }
        return done(RESET_SUCCESS, { to: "/login" });
      }),
    },
    { user: () => null },
  );
};

/** The step a reply shows (step 1, empty, before any post), with the message of its field. */
function stepOf(reply: (StepReply & { intent: string }) | undefined, err: (name: string) => string | undefined): StepData {
  if (reply?.step === 2 && reply.person) return { step: 2, person: reply.person, no_telepon: reply.no_telepon ?? "", fieldError: err("no_telepon") };
  if (reply?.step === "confirm" && reply.person) return { step: "confirm", person: reply.person, no_telepon: reply.no_telepon ?? "" };
  return { step: 1, nidn: reply?.nidn ?? "", fieldError: err("nidn") };
}

/** A lookup that throws (database trouble) answers the spec's generic server message. */
function safely<T extends { ok: boolean }>(fn: () => T): T | { ok: false; status: 500; message: string } {
  try {
    return fn();
  } catch (error) {
    console.error("[recovery] lookup failed:", error);
    return { ok: false, status: 500, message: SERVER_ERROR };
  }
}

export default function LupaPassword({ actionData }: Route.ComponentProps) {
  // A refused request also toasts the server's message (spec section 8).
  const { reply, message: error, err } = useReply<StepReply>(actionData);
  const step = stepOf(reply, err);

  return (
    <main className="flex min-h-screen items-center justify-center bg-gradient-to-br from-kayu-100 via-kayu-50 to-white p-4">
      <div className="w-full max-w-md rounded-2xl border border-kayu-100 bg-white p-6 shadow-xl sm:p-8">
        <h1 className="text-center text-2xl font-extrabold text-kayu-900">Lupa Password</h1>
        {error ? (
          <div role="alert" className="mt-5 rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm font-medium text-red-700">
            {error}
          </div>
        ) : null}
        {step.step === 1 ? <StepNidn key={`1-${step.nidn}`} state={step} /> : null}
        {step.step === 2 ? <StepTelepon key={`2-${step.person.nidn}`} state={step} /> : null}
        {step.step === "confirm" ? <StepConfirm state={step} /> : null}
      </div>
    </main>
  );
}

const inputClass =
  "w-full rounded-lg border border-stone-300 px-3 py-2.5 focus:border-kayu-500 focus:ring-2 focus:ring-kayu-200 focus:outline-none aria-[invalid=true]:border-red-400";
const primaryButton =
  "w-full rounded-lg bg-kayu-700 py-3 font-bold tracking-wide text-white shadow hover:bg-kayu-800 disabled:cursor-not-allowed disabled:opacity-60";
const backButton =
  "block w-full rounded-lg border border-stone-300 py-2.5 text-center text-sm font-bold tracking-wide text-stone-700 hover:bg-stone-50";

function useBusy(intent: string) {
  const navigation = useNavigation();
  return navigation.state !== "idle" && navigation.formData?.get("intent") === intent;
}

function StepNidn({ state }: { state: Step1 }) {
  const hydrated = useHydrated();
  const [nidn, setNidn] = useState(state.nidn);
  const busy = useBusy("cek");
  const short = nidn.length < NIDN_MIN_DIGITS;
  // With JS the rule shows as you type; the server's own answer shows until the value changes.
  const message = hydrated && nidn !== state.nidn ? (nidn.length > 0 && short ? NIDN_MIN_MESSAGE : undefined) : state.fieldError;
  return (
    <Form method="post" className="mt-6 space-y-4" noValidate={hydrated}>
      <input type="hidden" name="intent" value="cek" />
      <p className="text-center text-sm text-stone-500">
        Masukkan NIDN/NUPTK Anda. Username dan password baru akan dikirim ke nomor telepon yang terdaftar.
      </p>
      <div>
        <label htmlFor="nidn" className="mb-1 block text-sm font-semibold text-stone-700">NIDN/NUPTK</label>
        <input
          id="nidn"
          name="nidn"
          value={nidn}
          onChange={(event) => setNidn(onlyDigits(event.target.value).slice(0, NIDN_MAX_DIGITS))}
          required
          inputMode="numeric"
          autoComplete="off"
          placeholder="Contoh: 0012345678"
          aria-invalid={message ? true : undefined}
          aria-describedby={message ? "nidn-error" : undefined}
          className={inputClass}
        />
        {message ? (
          <p id="nidn-error" className="mt-1 text-xs font-medium text-red-600">{message}</p>
        ) : null}
      </div>
      <button type="submit" disabled={busy || (hydrated && short)} className={primaryButton}>
        {busy ? "Loading..." : "RESET PASSWORD"}
      </button>
      <Link to="/login" className={backButton}>KEMBALI</Link>
    </Form>
  );
}

function PersonFields({ person }: { person: Person }) {
  return (
    <>
      <input type="hidden" name="nidn" value={person.nidn} />
      <input type="hidden" name="nama_sdm" value={person.nama_sdm} />
      <input type="hidden" name="telepon_hp" value={person.telepon_hp} />
    </>
  );
}

function Greeting({ person }: { person: Person }) {
  return (
    <div className="rounded-xl bg-kayu-50 px-4 py-3 text-sm text-stone-700">
      <p>
        Halo, <strong className="text-stone-900" data-testid="nama-sdm">{person.nama_sdm}</strong>
      </p>
      <p className="mt-1">
        Nomor telepon terdaftar: <strong className="font-mono tracking-wider text-stone-900" data-testid="telepon-hp">{person.telepon_hp}</strong>
      </p>
    </div>
  );
}

function StepTelepon({ state }: { state: Step2 }) {
  const hydrated = useHydrated();
  const submit = useSubmit();
  const formRef = useRef<HTMLFormElement>(null);
  const [confirming, setConfirming] = useState(false);
  const [clientError, setClientError] = useState<string | undefined>();
  const busy = useBusy("reset");
  const fieldError = clientError ?? state.fieldError;

  const onSubmit = (event: React.FormEvent<HTMLFormElement>) => {
    // With JS the confirmation is a dialog; without it the server renders it as a step.
    event.preventDefault();
    const value = new FormData(event.currentTarget).get("no_telepon");
    const checked = noTeleponField.safeParse(typeof value === "string" && value ? value : undefined);
    if (!checked.success) {
      setClientError(checked.error.issues[0]?.message);
      return;
    }
    setClientError(undefined);
    setConfirming(true);
  };
  const confirm = () => {
    const form = formRef.current;
    if (!form) return;
    const body = new FormData(form);
    body.set("intent", "reset");
    void submit(body, { method: "post" });
  };
  // A new answer from the server (e.g. 'Nomor telepon tidak sesuai.') closes the dialog.
  useEffect(() => setConfirming(false), [state]);

  return (
    <Form method="post" ref={formRef} className="mt-6 space-y-4" onSubmit={hydrated ? onSubmit : undefined} noValidate={hydrated}>
      <input type="hidden" name="intent" value="konfirmasi" />
      <PersonFields person={state.person} />
      <Greeting person={state.person} />
      <div>
        <label htmlFor="no_telepon" className="mb-1 block text-sm font-semibold text-stone-700">Nomor Telepon</label>
        <input
          id="no_telepon"
          name="no_telepon"
          type="tel"
          defaultValue={state.no_telepon}
          required
          autoComplete="tel"
          placeholder="Ketik ulang nomor telepon Anda"
          aria-invalid={fieldError ? true : undefined}
          aria-describedby={fieldError ? "no_telepon-error" : "no_telepon-hint"}
          className={inputClass}
          onInput={() => setClientError(undefined)}
        />
        {fieldError ? (
          <p id="no_telepon-error" className="mt-1 text-xs font-medium text-red-600">{fieldError}</p>
        ) : (
          <p id="no_telepon-hint" className="mt-1 text-xs text-stone-500">Ketik ulang nomor telepon yang terdaftar untuk akun Anda.</p>
        )}
      </div>
      <SubmitButton busy={busy} className={primaryButton}>
        Kirim Notifikasi
      </SubmitButton>
      <Link to="/lupa-password" className={backButton}>KEMBALI</Link>
      {hydrated ? (
        <ConfirmDialog open={confirming} busy={busy} onYes={confirm} onNo={() => setConfirming(false)} />
      ) : null}
    </Form>
  );
}

const yesClass = "rounded-lg bg-[#e8572a] px-8 py-2 font-bold text-white shadow hover:bg-[#cf4519] disabled:opacity-70";
const noClass = "rounded-lg bg-[#1e3a5f] px-8 py-2 font-bold text-white shadow hover:bg-[#152a45]";

function WarningIcon() {
  return (
    <div aria-hidden="true" className="mx-auto mb-3 grid h-14 w-14 place-items-center rounded-full border-4 border-amber-300 text-2xl font-bold text-amber-500">
      !
    </div>
  );
}

function ConfirmDialog({ open, busy, onYes, onNo }: { open: boolean; busy: boolean; onYes: () => void; onNo: () => void }) {
  return (
    <RadixDialog.Root open={open} onOpenChange={(next) => (next || busy ? undefined : onNo())}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-50 bg-black/50" />
        <RadixDialog.Content
          role="alertdialog"
          aria-describedby="konfirmasi-reset-text"
          onInteractOutside={(event) => event.preventDefault()}
          className="fixed top-1/2 left-1/2 z-50 w-[calc(100%-2rem)] max-w-sm -translate-x-1/2 -translate-y-1/2 rounded-2xl bg-white p-6 text-center shadow-2xl"
        >
          <WarningIcon />
          <RadixDialog.Title className="text-xl font-bold text-stone-900">{CONFIRM_TITLE}</RadixDialog.Title>
          <p id="konfirmasi-reset-text" className="mt-2 text-stone-600">{CONFIRM_TEXT}</p>
          <div className="mt-5 flex justify-center gap-3">
            <button type="button" onClick={onYes} disabled={busy} className={yesClass}>
              {busy ? "Loading..." : "Ya"}
            </button>
            <button type="button" onClick={onNo} disabled={busy} className={noClass}>Tidak</button>
          </div>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

/** The confirmation without JavaScript: Ya posts the reset, Tidak returns to step 2. */
function StepConfirm({ state }: { state: Confirm }) {
  const busy = useBusy("reset");
  return (
    <Form method="post" className="mt-6 text-center" role="alertdialog" aria-labelledby="konfirmasi-title" aria-describedby="konfirmasi-reset-text">
      <PersonFields person={state.person} />
      <input type="hidden" name="no_telepon" value={state.no_telepon} />
      <WarningIcon />
      <h2 id="konfirmasi-title" className="text-xl font-bold text-stone-900">{CONFIRM_TITLE}</h2>
      <p id="konfirmasi-reset-text" className="mt-2 text-stone-600">{CONFIRM_TEXT}</p>
      <div className="mt-5 flex justify-center gap-3">
        <SubmitButton busy={busy} name="intent" value="reset" className={yesClass}>
          Ya
        </SubmitButton>
        <button type="submit" name="intent" value="batal" formNoValidate className={noClass}>Tidak</button>
      </div>
    </Form>
  );
}

export const meta: Route.MetaFunction = ({ matches }) => titleMeta(matches, "Lupa Password");
