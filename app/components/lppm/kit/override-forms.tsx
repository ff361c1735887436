/**
 * The office's forms for a stuck assignment, each a plain form post (JavaScript optional) with
 * the note the step requires: 'Ganti Reviewer' (who takes over, by when) and 'Perpanjang
 * Tenggat' (the new deadline) of a review, a monev or an incentive evaluation. The server checks
 * everything; its messages show under their fields (useReply's `err`) or over the form.
 */
import { Form, Link } from "react-router";
import { Alert, Field, inputClass } from "~/components/ui/field";
import { SubmitButton } from "~/components/ui/submit-button";

type Common = {
  /** The record the form posts for (the form's `id` field). */
  id: number;
  /** The deadline field's first value ("YYYY-MM-DDTHH:mm", WIB). */
  tenggat: string;
  message?: string | undefined;
  err: (name: string) => string | undefined;
  busy: boolean;
  /** Where 'Batal' goes (the detail without the form), when the form has its own URL. */
  closeTo?: string;
};

const box = "space-y-4 rounded-xl border border-amber-200 bg-amber-50/50 p-4";

function Catatan({ id, err, hint }: { id: string; err: Common["err"]; hint: string }) {
  return (
    <Field label="Catatan" htmlFor={id} errors={err("catatan") ? [err("catatan")!] : undefined} hint={hint} required>
      <textarea id={id} name="catatan" rows={3} maxLength={2000} className={inputClass} aria-invalid={err("catatan") ? true : undefined} />
    </Field>
  );
}

function Tenggat({ id, value, err }: { id: string; value: string; err: Common["err"] }) {
  return (
    <Field label="Tenggat baru (WIB)" htmlFor={id} errors={err("tenggat") ? [err("tenggat")!] : undefined} required>
      <input id={id} type="datetime-local" name="tenggat" defaultValue={value} className={inputClass} aria-invalid={err("tenggat") ? true : undefined} />
    </Field>
  );
}

function Actions({ closeTo, busy, label }: { closeTo: string | undefined; busy: boolean; label: string }) {
  return (
    <div className="flex justify-end gap-2">
      {closeTo ? (
        <Link to={closeTo} replace preventScrollReset className="rounded-lg border border-stone-300 px-4 py-2 text-sm font-semibold text-stone-700 hover:bg-stone-50">
          Batal
        </Link>
      ) : null}
      <SubmitButton busy={busy} className="rounded-lg bg-amber-600 px-5 py-2 text-sm font-bold text-white shadow hover:bg-amber-700 disabled:opacity-70">
        {label}
      </SubmitButton>
    </div>
  );
}

/** 'Perpanjang Tenggat' of an open assignment (`intent` perpanjang-tenggat). */
export function PerpanjangTenggatForm({ id, tenggat, message, err, busy, closeTo, label, current }: Common & { label: string; current: string }) {
  const prefix = `perpanjang-${id}`;
  return (
    <Form method="post" className={box} aria-label={label}>
      <input type="hidden" name="intent" value="perpanjang-tenggat" />
      <input type="hidden" name="id" value={id} />
      <p className="text-sm font-semibold text-stone-800">{label}</p>
      <p className="text-sm text-stone-600">Tenggat saat ini: {current}.</p>
      {message ? <Alert>{message}</Alert> : null}
      <Tenggat id={`${prefix}-tenggat`} value={tenggat} err={err} />
      <Catatan id={`${prefix}-catatan`} err={err} hint="Wajib: alasan perpanjangan. Reviewer menerima pemberitahuan." />
      <Actions closeTo={closeTo} busy={busy} label="Perpanjang Tenggat" />
    </Form>
  );
}

/** 'Ganti Reviewer' of an open review assignment (`intent` ganti-reviewer): who takes over, and by when. */
export function GantiReviewerForm({
  id,
  tenggat,
  message,
  err,
  busy,
  closeTo,
  reviewer,
  reviewers,
}: Common & { reviewer: string; reviewers: { id: number; name: string; prodi: string | null; bidang_keahlian: string }[] }) {
  const prefix = `ganti-${id}`;
  return (
    <Form method="post" className={box} aria-label={`Ganti reviewer ${reviewer}`}>
      <input type="hidden" name="intent" value="ganti-reviewer" />
      <input type="hidden" name="id" value={id} />
      <p className="text-sm font-semibold text-stone-800">Ganti reviewer {reviewer}</p>
      <p className="text-sm text-stone-600">Penugasan lama disimpan sebagai riwayat; penilaian yang belum selesai tidak dihitung.</p>
      {message ? <Alert>{message}</Alert> : null}
      <Field label="Reviewer pengganti" htmlFor={`${prefix}-reviewer`} errors={err("reviewer") ? [err("reviewer")!] : undefined} required>
        <select id={`${prefix}-reviewer`} name="reviewer" defaultValue="" className={inputClass} aria-invalid={err("reviewer") ? true : undefined}>
          <option value="">Pilih reviewer</option>
          {reviewers.map((r) => (
            <option key={r.id} value={r.id}>
              {r.name}
              {r.prodi ? ` — ${r.prodi}` : ""}
              {r.bidang_keahlian ? ` (${r.bidang_keahlian})` : ""}
            </option>
          ))}
        </select>
      </Field>
      <Tenggat id={`${prefix}-tenggat`} value={tenggat} err={err} />
      <Catatan id={`${prefix}-catatan`} err={err} hint="Wajib: alasan penggantian. Reviewer lama dan pengganti menerima pemberitahuan." />
      <Actions closeTo={closeTo} busy={busy} label="Ganti Reviewer" />
    </Form>
  );
}
