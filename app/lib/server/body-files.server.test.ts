import fs from "node:fs";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createTestDb, type TestDb } from "../../../tests/setup/test-db";
import { bodiesDir, clearBodyFolders, isBodyFile, MultipartError, newBodyFolder, parseMultipartFile, removeBodyFolder } from "~/lib/server/body-files.server";

let t: TestDb;
beforeEach(() => {
  t = createTestDb();
});
afterEach(() => t.cleanup());

/** A multipart body as a browser sends it, written where the front of the server writes one. */
async function bodyOnDisk(parts: Buffer[], boundary = "----uji"): Promise<{ file: string; type: string }> {
  const dir = await newBodyFolder();
  const file = path.join(dir, "body");
  fs.writeFileSync(file, Buffer.concat([...parts, Buffer.from(`--${boundary}--\r\n`)]));
  return { file, type: `multipart/form-data; boundary=${boundary}` };
}
const field = (name: string, value: string, boundary = "----uji") =>
  Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`);
const filePart = (name: string, filename: string, type: string, bytes: Buffer, boundary = "----uji") =>
  Buffer.concat([Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`), bytes, Buffer.from("\r\n")]);

describe("a multipart body kept on disk", () => {
  it("gives its fields as text and its files as Files read from disk, names and order as sent", async () => {
    const pdf = Buffer.concat([Buffer.from("%PDF-1.4\n"), Buffer.alloc(3 * 1024 * 1024, 0x20)]);
    const { file, type } = await bodyOnDisk([
      field("intent", "dokumen"),
      field("judul", "Kursi jati – ukir"),
      filePart("berkas", "Proposal – Jati.pdf", "application/pdf", pdf),
      filePart("bukti", "", "application/octet-stream", Buffer.alloc(0)),
      field("intent", "lagi"),
    ]);
    const form = await parseMultipartFile(file, type, 1024 * 1024);
    expect(form.getAll("intent")).toEqual(["dokumen", "lagi"]);
    expect(form.get("judul")).toBe("Kursi jati – ukir");
    const berkas = form.get("berkas") as File;
    expect(berkas).toBeInstanceOf(File);
    expect([berkas.name, berkas.type, berkas.size]).toEqual(["Proposal – Jati.pdf", "application/pdf", pdf.length]);
    expect(Buffer.from(await berkas.arrayBuffer()).equals(pdf)).toBe(true);
    // The file is beside the body, not in memory: gone with the request's folder.
    expect(fs.readdirSync(path.dirname(file)).length).toBe(3);
    const empty = form.get("bukti") as File;
    expect([empty.name, empty.size]).toEqual(["", 0]);
  });

  it("refuses a malformed body and a field longer than the body's limit", async () => {
    const broken = await bodyOnDisk([]);
    fs.writeFileSync(broken.file, "--x\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\nterpotong");
    await expect(parseMultipartFile(broken.file, "multipart/form-data; boundary=x", 1024)).rejects.toBeInstanceOf(MultipartError);
    await expect(parseMultipartFile(broken.file, "multipart/form-data", 1024)).rejects.toBeInstanceOf(MultipartError);
    const long = await bodyOnDisk([field("catatan", "x".repeat(2048))]);
    await expect(parseMultipartFile(long.file, long.type, 1024)).rejects.toBeInstanceOf(MultipartError);
    const cut = await bodyOnDisk([Buffer.from("------uji\r\nContent-Disposition: form-data; name=\"berkas\"; filename=\"a.pdf\"\r\n\r\n%PDF-1.4 terpotong")]);
    fs.writeFileSync(cut.file, fs.readFileSync(cut.file).subarray(0, -12));
    await expect(parseMultipartFile(cut.file, cut.type, 1024)).rejects.toBeInstanceOf(MultipartError);
  });

  it("lives in a private folder of its own under the data folder's tmp, and only such a file counts as a body", async () => {
    const dir = await newBodyFolder();
    expect(path.dirname(dir)).toBe(bodiesDir());
    expect(bodiesDir()).toBe(path.join(t.dir, "tmp", "bodies"));
    expect(fs.statSync(dir).mode & 0o777).toBe(0o700);
    expect(isBodyFile(path.join(dir, "body"))).toBe(true);
    for (const other of [path.join(dir, "part-0"), path.join(bodiesDir(), "body"), "/etc/passwd", path.join(dir, "..", "..", "body"), t.dbFile]) {
      expect(isBodyFile(other), other).toBe(false);
    }
    removeBodyFolder(dir);
    await expect.poll(() => fs.existsSync(dir)).toBe(false);
    await newBodyFolder();
    clearBodyFolders();
    expect(fs.existsSync(bodiesDir())).toBe(false);
  });
});
