/**
 * Profil Saya, at <area>/profil in every LPPM area: the lecturer's own phone, e-mail, bidang
 * keahlian and research identifiers (SINTA, ORCID with its check digit, Scopus, Google Scholar),
 * each checked and shown back as a link to its public profile; and the notification channels.
 * Name, NIDN/NUPTK, program studi and jabatan akademik are shown, not edited: the operator keeps
 * the institute's record of who they are. Only the signed-in user's own profile, ever.
 */
import { Form } from "react-router";
import type { Route } from "./+types/profil";
import { SaluranNotifikasi } from "~/components/area/saluran-notifikasi";
import { PageHeader } from "~/components/operator/page-header";
import { Field, inputClass } from "~/components/ui/field";
import { SubmitButton } from "~/components/ui/submit-button";
import { useReply } from "~/components/ui/use-reply";
import { getPreferences, savePreferences } from "~/domain/notifications/inbox.server";
import { preferenceSchema } from "~/domain/notifications/notifications.schema";
import { tautanPeneliti } from "~/domain/users/identitas";
import { PROFIL_TERSIMPAN, profilSchema } from "~/domain/users/profil.schema";
import { getProfil, simpanProfil } from "~/domain/users/profil.server";
import { runAction } from "~/http/action.server";
import { requireUser } from "~/http/guard.server";
import { getDb } from "~/lib/server/db.server";

export const handle = { title: "Profil Saya" };

export const CHANNELS_SAVED = "Pengaturan notifikasi disimpan.";

export function loader({ context }: Route.LoaderArgs) {
  const user = requireUser(context);
  const db = getDb();
  const profil = getProfil(db, user.id)!;
  return { profil, tautan: tautanPeneliti(profil), saluran: getPreferences(db, user.id) };
}

export const action = (args: Route.ActionArgs) =>
  runAction(args, {
    simpan: async ({ db, user, parse, done }) => {
      simpanProfil(db, user.id, parse(profilSchema));
      return done(PROFIL_TERSIMPAN);
    },
    "simpan-saluran": async ({ db, user, parse, done }) => {
      savePreferences(db, user.id, parse(preferenceSchema));
      return done(CHANNELS_SAVED);
    },
  });

const FIELDS = [
  { name: "no_hp", label: "No HP (WhatsApp)", hint: "Contoh: 0852xxxxxxxx", inputMode: "tel" },
  { name: "email", label: "E-mail", hint: null, inputMode: "email" },
  { name: "bidang_keahlian", label: "Bidang keahlian", hint: null, inputMode: "text" },
  { name: "sinta_id", label: "SINTA ID", hint: "Angka pada alamat sinta.kemdikbud.go.id/authors/profile/…", inputMode: "numeric" },
  { name: "orcid", label: "ORCID", hint: "0000-0000-0000-000X", inputMode: "text" },
  { name: "scopus_id", label: "Scopus Author ID", hint: "Angka authorId pada alamat profil Scopus", inputMode: "numeric" },
  { name: "scholar_id", label: "Google Scholar ID", hint: "Bagian user=… pada alamat profil Google Scholar", inputMode: "text" },
] as const;

export default function ProfilSaya({ loaderData, actionData }: Route.ComponentProps) {
  const { profil, tautan, saluran } = loaderData;
  const { reply, err, busy } = useReply(actionData, { intent: "simpan" });
  // After a refusal the fields keep what was typed (the server echoes it back), not the stored values.
  const typed = (reply?.result as { initialValue?: Record<string, string> } | undefined)?.initialValue;
  const value = (name: (typeof FIELDS)[number]["name"]) => typed?.[name] ?? profil[name] ?? "";
  return (
    <div className="space-y-6">
      <PageHeader title="Profil Saya" />
      <section aria-labelledby="identitas-judul" className="rounded-2xl border border-stone-200 bg-white p-5">
        <h2 id="identitas-judul" className="text-lg font-bold text-stone-900">
          Identitas dosen
        </h2>
        <dl className="mt-3 grid gap-2 text-sm sm:grid-cols-2">
          {(
            [
              ["Nama", profil.nama],
              ["Username", profil.username],
              ["NIDN/NUPTK", profil.nidn ?? "Belum diisi"],
              ["Program studi", profil.prodi ? `${profil.prodi}${profil.fakultas ? ` — ${profil.fakultas}` : ""}` : "Belum diisi"],
              ["Jabatan akademik", profil.jabatan.join(", ") || "Belum diisi"],
            ] as const
          ).map(([label, text]) => (
            <div key={label}>
              <dt className="font-semibold text-stone-600">{label}</dt>
              <dd className="text-stone-900">{text}</dd>
            </div>
          ))}
        </dl>
        <p className="mt-3 text-xs text-stone-500">Nama, NIDN/NUPTK, program studi dan jabatan akademik diatur oleh operator LPPM; hubungi operator bila ada yang keliru.</p>
        {tautan.length ? (
          <p className="mt-3 flex flex-wrap gap-3 text-sm" aria-label="Profil peneliti">
            {tautan.map((t) => (
              <a key={t.label} href={t.href} target="_blank" rel="noopener noreferrer" className="font-semibold text-kayu-700 hover:underline">
                {t.label}
              </a>
            ))}
          </p>
        ) : null}
      </section>
      <section aria-labelledby="profil-judul" className="rounded-2xl border border-stone-200 bg-white p-5">
        <h2 id="profil-judul" className="text-lg font-bold text-stone-900">
          Kontak dan identitas peneliti
        </h2>
        <Form method="post" className="mt-4 grid gap-4 sm:grid-cols-2" key={JSON.stringify(profil)}>
          <input type="hidden" name="intent" value="simpan" />
          {FIELDS.map((f) => (
            <Field key={f.name} label={f.label} htmlFor={f.name} hint={f.hint} errors={err(f.name) ? [err(f.name)!] : undefined}>
              <input
                id={f.name}
                name={f.name}
                defaultValue={value(f.name)}
                inputMode={f.inputMode}
                className={inputClass}
                aria-invalid={err(f.name) ? true : undefined}
                aria-describedby={err(f.name) ? `${f.name}-error` : undefined}
              />
            </Field>
          ))}
          <div className="sm:col-span-2">
            <SubmitButton busy={busy}>Simpan Profil</SubmitButton>
          </div>
        </Form>
      </section>
      <SaluranNotifikasi saluran={saluran} />
    </div>
  );
}
