import { getInputProps, getSelectProps, getTextareaProps } from "@conform-to/react";
import { renderToString } from "react-dom/server";
import { createStaticHandler, createStaticRouter, StaticRouterProvider, type RouteObject } from "react-router";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { inputProps, isRegistered, selectProps, textareaProps } from "~/components/ui/field-props";
import { useZodForm } from "~/components/ui/use-zod-form";
import type { Reply } from "~/components/ui/use-reply";

const schema = z.object({
  judul: z.string({ error: "Judul wajib diisi" }).min(3).max(100),
  ringkasan: z.string().max(500).optional(),
  jumlah: z.number().min(1).max(9),
  kode: z.string().regex(/^[A-Z]+$/),
  aktif: z.boolean().optional(),
  warna: z.array(z.string()).optional(),
  jenis: z.enum(["penelitian", "pengabdian"]),
  berkas: z.instanceof(File).optional(),
});

async function render(element: React.ReactElement): Promise<string> {
  const routes: RouteObject[] = [{ path: "*", element }];
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request("http://toko.test/form"));
  if (context instanceof Response) throw new Error("unexpected response");
  return renderToString(<StaticRouterProvider router={createStaticRouter(handler.dataRoutes, context)} context={context} hydrate={false} />);
}

/** Each control twice, from Conform's helper and from ours, one pair per line. */
function Pairs({ reply, defaultValue, onFields }: { reply?: Reply; defaultValue?: Record<string, unknown>; onFields?: (registered: boolean[]) => void }) {
  const [, fields] = useZodForm(schema, { id: "uji", reply, defaultValue });
  onFields?.([fields.judul, fields.jenis, fields.ringkasan].map(isRegistered));
  const aria = { ariaDescribedBy: "bantuan" } as const;
  return (
    <div>
      {[
        [<input {...getInputProps(fields.judul, { type: "text" })} />, <input {...inputProps(fields.judul, { type: "text" })} />],
        [<input {...getInputProps(fields.judul, { type: "text", ...aria })} />, <input {...inputProps(fields.judul, { type: "text", ...aria })} />],
        [<input {...getInputProps(fields.judul, { type: "text", ariaInvalid: "allErrors" })} />, <input {...inputProps(fields.judul, { type: "text", ariaInvalid: "allErrors" })} />],
        [<input {...getInputProps(fields.jumlah, { type: "number" })} />, <input {...inputProps(fields.jumlah, { type: "number" })} />],
        [<input {...getInputProps(fields.kode, { type: "text", value: false })} />, <input {...inputProps(fields.kode, { type: "text", value: false })} />],
        [<input {...getInputProps(fields.aktif, { type: "checkbox" })} />, <input {...inputProps(fields.aktif, { type: "checkbox" })} />],
        [<input {...getInputProps(fields.warna, { type: "checkbox", value: "merah" })} />, <input {...inputProps(fields.warna, { type: "checkbox", value: "merah" })} />],
        [<input {...getInputProps(fields.berkas, { type: "file" })} />, <input {...inputProps(fields.berkas, { type: "file" })} />],
        [<textarea {...getTextareaProps(fields.ringkasan)} />, <textarea {...textareaProps(fields.ringkasan)} />],
        [<select {...getSelectProps(fields.jenis)} />, <select {...selectProps(fields.jenis)} />],
        [<select {...getSelectProps(fields.warna)} />, <select {...selectProps(fields.warna)} />],
      ].map(([theirs, ours], i) => (
        <p key={i}>
          {theirs}|{ours}
        </p>
      ))}
    </div>
  );
}

async function pairs(props: React.ComponentProps<typeof Pairs>) {
  const html = await render(<Pairs {...props} />);
  return [...html.matchAll(/<p>(.*?)<\/p>/g)].map((m) => m[1]!.split("|"));
}

describe("inputProps & co. give what Conform's helpers give", () => {
  it("on a fresh form, with its constraints", async () => {
    let registered: boolean[] = [];
    const rows = await pairs({ onFields: (r) => (registered = r) });
    expect(registered).toEqual([true, true, true]);
    expect(rows).toHaveLength(11);
    for (const [theirs, ours] of rows) expect(ours).toBe(theirs);
    expect(rows[0]![1]).toBe('<input required="" id="uji-judul" form="uji" type="text" name="judul"/>');
    expect(rows[9]![1]).toBe('<select required="" id="uji-jenis" name="jenis" form="uji"></select>');
  });

  it("with stored values", async () => {
    const rows = await pairs({ defaultValue: { judul: "Kursi jati", ringkasan: "Baik", jumlah: 3, aktif: true, warna: ["merah", "biru"], jenis: "pengabdian" } });
    for (const [theirs, ours] of rows) expect(ours).toBe(theirs);
    expect(rows[0]![1]).toContain('value="Kursi jati"');
  });

  it("with the server's errors and the values sent back", async () => {
    const reply: Reply = {
      intent: "simpan",
      result: { status: "error", initialValue: { judul: "Ku", kode: "abc", aktif: "on", warna: ["biru"] }, error: { judul: ["Judul terlalu pendek"], kode: ["Kode tidak valid"] } },
    };
    const rows = await pairs({ reply });
    for (const [theirs, ours] of rows) expect(ours).toBe(theirs);
    expect(rows[0]![1]).toContain('aria-invalid="true" aria-describedby="uji-judul-error"');
    expect(rows[1]![1]).toContain('aria-describedby="uji-judul-error bantuan"');
  });
});
