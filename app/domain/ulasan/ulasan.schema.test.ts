import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { ULASAN_MAX, ulasanSchema } from "~/domain/ulasan/ulasan.schema";

function submit(values: Record<string, string>) {
  const formData = new FormData();
  for (const [key, value] of Object.entries(values)) formData.set(key, value);
  return parseWithZod(formData, { schema: ulasanSchema });
}

describe("ulasanSchema (as the form posts it)", () => {
  it("requires both fields, also when only spaces were typed", () => {
    const reply = submit({ oleh: "", ulasan: "  \r\n " }).reply();
    expect(reply.error).toEqual({ oleh: ["Oleh wajib diisi."], ulasan: ["Ulasan wajib diisi."] });
  });

  it("keeps line breaks as \\n and counts each once against the limit", () => {
    const text = `${"a".repeat(ULASAN_MAX - 2)}\r\nb`;
    const submission = submit({ oleh: " Bu Sari ", ulasan: text });
    expect(submission.status).toBe("success");
    expect(submission.status === "success" && submission.value).toEqual({ oleh: "Bu Sari", ulasan: `${"a".repeat(ULASAN_MAX - 2)}\nb` });
    expect(submit({ oleh: "x", ulasan: "a".repeat(ULASAN_MAX + 1) }).reply().error).toEqual({
      ulasan: [`Ulasan maksimal ${ULASAN_MAX} karakter.`],
    });
  });
});
