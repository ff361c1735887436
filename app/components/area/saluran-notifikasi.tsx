/**
 * 'Saluran notifikasi': the inbox is always on; e-mail and WhatsApp are the user's choice, and a
 * channel they cannot use says why. Shown on Notifikasi and on Profil Saya; both post intent
 * `simpan-saluran` to their own page.
 */
import { Form } from "react-router";
import type { ChannelChoice } from "~/domain/notifications/inbox.server";

function Saluran({ name, label, choice }: { name: string; label: string; choice: ChannelChoice }) {
  const id = `saluran-${name}`;
  return (
    <div className="flex items-start gap-3">
      <input
        type="checkbox"
        id={id}
        name={name}
        value="1"
        defaultChecked={choice.chosen}
        className="mt-1 h-4 w-4"
        aria-describedby={`${id}-keterangan`}
      />
      <div>
        <label htmlFor={id} className="font-semibold text-stone-800">
          {label}
        </label>
        <p id={`${id}-keterangan`} className={`text-sm ${choice.unavailable ? "text-amber-800" : "text-stone-500"}`}>
          {choice.unavailable ?? `Dikirim ke ${choice.address}.`}
        </p>
      </div>
    </div>
  );
}

export function SaluranNotifikasi({ saluran }: { saluran: { email: ChannelChoice; whatsapp: ChannelChoice } }) {
  return (
    <section id="saluran" aria-labelledby="saluran-judul" className="rounded-2xl border border-stone-200 bg-white p-5">
      <h2 id="saluran-judul" className="text-lg font-bold text-stone-900">
        Saluran notifikasi
      </h2>
      <p className="mt-1 text-sm text-stone-600">Notifikasi selalu tampil di halaman Notifikasi. Pilih saluran lain yang juga Anda inginkan.</p>
      <Form method="post" className="mt-4 space-y-3">
        <input type="hidden" name="intent" value="simpan-saluran" />
        <Saluran name="email" label="E-mail" choice={saluran.email} />
        <Saluran name="whatsapp" label="WhatsApp" choice={saluran.whatsapp} />
        <button type="submit" className="rounded-lg bg-kayu-700 px-5 py-2 text-sm font-bold text-white shadow hover:bg-kayu-800">
          Simpan
        </button>
      </Form>
    </section>
  );
}
