/**
 * The one action runner every HTML screen's action is written with (app/http/action.server.ts):
 * an intent the screen does not know, a read-only copy, a refused form, a domain refusal on its
 * field or over the form, a missing record, an upload refused on its field and a body over the
 * cap said there too — each answered as the one Reply (Conform's SubmissionResult with the
 * intent, the message and the record's id), or a redirect with the flash toast.
 */
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { runAction, UNKNOWN_INTENT, type ActionOptions, type Handler } from "~/http/action.server";
import { BODY_REFUSED_HEADER } from "~/http/body.server";
import { NOT_PERMITTED } from "~/domain/lppm/workflow.server";
import { UploadError } from "~/lib/server/uploads.server";
import { NOT_FOUND, SAVE_FAILED, SAVED } from "~/lib/util/messages";
import { UPLOAD_TOO_BIG } from "~/lib/util/upload-rules";
import { flashOf } from "../setup/operator-helpers";
import { callAction } from "../setup/route";
import { eachTestDb } from "../setup/test-db";

eachTestDb();

const schema = z.object({ nama: z.string({ error: "Nama wajib diisi." }).min(1, "Nama wajib diisi.") });

function screen(intents: Record<string, Handler<null>>, options: Omit<ActionOptions<null>, "user"> = {}) {
  return { action: (args: never) => runAction(args, intents, { ...options, user: () => null }) };
}

const URL = "/layar?ubah=7&q=kursi";

describe("runAction", () => {
  it("an intent the screen does not know, or none: 400 'Permintaan tidak dikenal.', and no handler runs", async () => {
    let ran = 0;
    const mod = screen({ simpan: ({ done }) => (ran++, done()) });
    for (const body of [{ intent: "hapus" }, { intent: "constructor" }, {}] as Record<string, string>[]) {
      const res = await callAction(mod, URL, body);
      expect(res.status).toBe(400);
      expect(res.data).toEqual({ intent: body.intent ?? "", message: UNKNOWN_INTENT, result: { status: "error", error: { "": [UNKNOWN_INTENT] } } });
    }
    expect(ran).toBe(0);
  });

  it("a read-only copy refuses every post 403 with the workflow's message", async () => {
    const res = await callAction(screen({ setujui: ({ done }) => done() }, { readOnly: true }), URL, { intent: "setujui", id: "3" });
    expect(res.status).toBe(403);
    expect(res.data).toMatchObject({ intent: "setujui", message: NOT_PERMITTED });
  });

  it("success goes back to the list without its modal params, with the flash toast", async () => {
    const res = await callAction(screen({ simpan: ({ parse, done }) => (parse(schema), done()) }), URL, { intent: "simpan", nama: "Kursi" });
    expect(res.status).toBe(302);
    expect(res.location).toBe("/layar?q=kursi");
    expect(await flashOf(res)).toEqual({ kind: "success", message: SAVED });
  });

  it("a refused form: 400 'Gagal menyimpan data', zod's messages on their fields, the record's id", async () => {
    const res = await callAction(screen({ simpan: ({ parse, done }) => (parse(schema), done()) }), URL, { intent: "simpan", id: "7", nama: "" });
    expect(res.status).toBe(400);
    expect(res.data).toMatchObject({ intent: "simpan", id: 7, message: SAVE_FAILED, result: { status: "error", error: { nama: ["Nama wajib diisi."] } } });
  });

  it("a domain refusal: its status and message, on its field or over the form, with its problems", async () => {
    const mod = screen({
      satu: ({ refuse }) => refuse({ status: 409, message: "Nama sudah dipakai.", field: "nama" }),
      semua: ({ refuse }) => refuse({ status: 422, message: "Belum lengkap.", problems: ["A", "B"] }),
    });
    const field = await callAction(mod, URL, { intent: "satu" });
    expect(field.status).toBe(409);
    expect(field.data).toMatchObject({ message: "Nama sudah dipakai.", result: { error: { nama: ["Nama sudah dipakai."] } } });
    const form = await callAction(mod, URL, { intent: "semua" });
    expect(form.status).toBe(422);
    expect(form.data).toMatchObject({ message: "Belum lengkap.", problems: ["A", "B"], result: { error: { "": ["Belum lengkap."] } } });
  });

  it("a missing record: back to the list with 'Gagal menyimpan data', or 404 where the screen says so", async () => {
    const gone: Handler<null> = ({ settle }) => settle(null);
    const toast = await callAction(screen({ ubah: gone }), URL, { intent: "ubah", id: "7" });
    expect(toast.location).toBe("/layar?q=kursi");
    expect(await flashOf(toast)).toEqual({ kind: "error", message: SAVE_FAILED });
    const notFound = await callAction(screen({ ubah: gone }, { missing: "404" }), URL, { intent: "ubah", id: "7" });
    expect(notFound.status).toBe(404);
    expect(notFound.data).toMatchObject({ message: NOT_FOUND });
  });

  it("an upload: none chosen while required, and a file the store refuses, are said on the field", async () => {
    const mod = screen({
      unggah: async ({ upload, done }) => {
        await upload("berkas", () => {
          throw new UploadError("Format file harus PDF.", 415);
        }, { required: "Pilih file." });
        return done();
      },
    });
    const none = await callAction(mod, URL, { intent: "unggah" });
    expect(none.status).toBe(400);
    expect(none.data).toMatchObject({ message: "Pilih file.", result: { error: { berkas: ["Pilih file."] } } });
    const form = new FormData();
    form.set("intent", "unggah");
    form.set("berkas", new File(["bukan pdf"], "a.pdf", { type: "application/pdf" }));
    const refused = await callAction(mod, URL, form);
    expect(refused.status).toBe(415);
    expect(refused.data).toMatchObject({ message: "Format file harus PDF.", result: { error: { berkas: ["Format file harus PDF."] } } });
  });

  it("a body over the cap, refused unread in front of the server: on the open form's file field, not an error page", async () => {
    let ran = 0;
    const mod = screen({ tambah: ({ done }) => (ran++, done()) }, { upload: { field: "gambar", intent: (url) => (url.searchParams.has("ubah") ? "ubah" : "tambah") } });
    const res = await callAction(mod, URL, {}, { headers: { [BODY_REFUSED_HEADER]: "413:multipart" } });
    expect(res.status).toBe(413);
    expect(res.thrown).toBe(false);
    expect(res.data).toEqual({ intent: "ubah", message: UPLOAD_TOO_BIG, result: { status: "error", error: { gambar: [UPLOAD_TOO_BIG] } } });
    // A screen without a file field answers it as every route does: the error page.
    const plain = await callAction(screen({ simpan: ({ done }) => done() }), URL, {}, { headers: { [BODY_REFUSED_HEADER]: "413:form" } });
    expect(plain).toMatchObject({ status: 413, thrown: true });
    expect(ran).toBe(0);
  });
});
