import { describe, expect, it } from "vitest";
import { addressText, sanitizeAddress, sanitizeRichText } from "~/lib/server/sanitize.server";

describe("sanitizeRichText", () => {
  it("removes <script> with its content and <style>", () => {
    const out = sanitizeRichText("<p>Halo<script>alert(1)</script></p><style>body{display:none}</style>");
    expect(out).toBe("<p>Halo</p>");
  });

  it("removes event handler attributes", () => {
    const out = sanitizeRichText('<img src="/uploads/a.jpg" onerror="alert(1)"><p onclick="x()">teks</p>');
    expect(out).not.toMatch(/onerror|onclick|alert/);
    expect(out).toContain('<img src="/uploads/a.jpg" />');
    expect(out).toContain("<p>teks</p>");
  });

  it("removes javascript: links and javascript: inside styles", () => {
    expect(sanitizeRichText('<a href="javascript:alert(1)">klik</a>')).toBe("<a>klik</a>");
    expect(sanitizeRichText('<a href="JaVaScRiPt:alert(1)">klik</a>')).not.toContain("javascript");
    expect(sanitizeRichText('<p style="background:url(javascript:alert(1))">x</p>')).toBe("<p>x</p>");
  });

  it("keeps the formatting an editor produces", () => {
    const html =
      '<h2 style="text-align:center">Judul</h2><p><strong>Tebal</strong> <em>miring</em> <u>garis</u></p>' +
      '<ul><li>satu</li></ul><ol><li>dua</li></ol><blockquote>kutipan</blockquote>' +
      '<table><tbody><tr><td colspan="2">sel</td></tr></tbody></table>' +
      '<p><a href="https://contoh.id/katalog">tautan</a> <a href="mailto:info@contoh.id">surel</a></p>';
    expect(sanitizeRichText(html)).toBe(html);
  });

  it("drops disallowed styles but keeps allowed ones", () => {
    expect(sanitizeRichText('<p style="text-align:justify;color:red;position:fixed">x</p>')).toBe(
      '<p style="text-align:justify">x</p>',
    );
  });

  it("unwraps unknown tags and keeps their text", () => {
    expect(sanitizeRichText('<div><marquee>geser</marquee></div><form action="/x"><input name="a"></form>')).toBe(
      "geser",
    );
  });

  it("allows iframes only from YouTube, Vimeo and Google", () => {
    for (const src of [
      "https://www.youtube.com/embed/abc",
      "https://www.youtube-nocookie.com/embed/abc",
      "https://player.vimeo.com/video/1",
      "https://www.google.com/maps/embed?pb=1",
    ]) {
      expect(sanitizeRichText(`<iframe src="${src}"></iframe>`)).toBe(`<iframe src="${src}"></iframe>`);
    }
    for (const src of ["https://evil.example.com/x", "javascript:alert(1)", "/relative/page"]) {
      expect(sanitizeRichText(`<iframe src="${src}"></iframe>`)).not.toContain("src=");
    }
  });

  it("adds rel=noopener noreferrer to links opening a new tab, replacing a given rel", () => {
    expect(sanitizeRichText('<a href="https://contoh.id" target="_blank">x</a>')).toBe(
      '<a href="https://contoh.id" target="_blank" rel="noopener noreferrer">x</a>',
    );
    expect(sanitizeRichText('<a href="https://contoh.id" target="_blank" rel="opener">x</a>')).toBe(
      '<a href="https://contoh.id" target="_blank" rel="noopener noreferrer">x</a>',
    );
    expect(sanitizeRichText('<a href="https://contoh.id">x</a>')).toBe('<a href="https://contoh.id">x</a>');
  });

  it("treats empty input as empty", () => {
    expect(sanitizeRichText("")).toBe("");
    expect(sanitizeRichText("   ")).toBe("");
  });
});


describe("the shop's address", () => {
  it("keeps line breaks and inline emphasis, drops every other tag and attribute", () => {
    expect(sanitizeAddress("Jl. Raya Jepara<br>Jepara, <b>Jawa Tengah</b>")).toBe("Jl. Raya Jepara<br>Jepara, <b>Jawa Tengah</b>");
    expect(sanitizeAddress("Jl. A\nKota <i>B</i> <u>C</u> <em>D</em> <strong>E</strong>")).toBe("Jl. A\nKota <i>B</i> <u>C</u> <em>D</em> <strong>E</strong>");
    expect(sanitizeAddress('<b onclick="x()">Jl.</b> <img src=x onerror=alert(1)><script>alert(2)</script><a href="javascript:x">y</a>')).toBe("<b>Jl.</b> y");
    expect(sanitizeAddress("Jl. A & B < C")).toBe("Jl. A &amp; B &lt; C");
    // Sanitizing twice changes nothing (stored values are sanitized again when read).
    const once = sanitizeAddress("Jl. A & B<br/>x");
    expect(sanitizeAddress(once)).toBe(once);
  });

  it("reads as one line of plain text for structured data", () => {
    expect(addressText("Jl. Raya Jepara<br>Jepara, <b>Jawa Tengah</b>")).toBe("Jl. Raya Jepara, Jepara, Jawa Tengah");
    expect(addressText("Jl. A &amp; B\nKudus\n")).toBe("Jl. A & B, Kudus");
    expect(addressText("")).toBe("");
  });
});
