/**
 * A small real PDF (one page of text, a correct cross-reference table) standing in for a
 * lecturer's document in the demo and in the tests. Like a file saved by a word processor it can
 * carry who wrote it: the document information dictionary (`info`: Title, Author, Creator, … —
 * Title and Subject written as UTF-16 hex strings, the others as literal strings, the two ways real
 * writers store them) and an XMP metadata stream naming the authors (`xmp`), so that a blind
 * reviewer's copy can be checked to be free of them.
 */

export type PdfInfo = Partial<Record<"Title" | "Author" | "Subject" | "Keywords" | "Creator" | "Producer", string>>;

/** Only printable ASCII inside a PDF literal string (the demo's texts are Indonesian, in ASCII). */
const literal = (s: string) => `(${s.replace(/[\\()]/g, (c) => `\\${c}`).replace(/[^\x20-\x7e]/g, "?")})`;

/** A text string as UTF-16BE with its byte-order mark, in hex: what word processors write for non-Latin titles. */
const utf16Hex = (s: string) => `<FEFF${Array.from(s, (ch) => ch.charCodeAt(0).toString(16).padStart(4, "0")).join("").toUpperCase()}>`;

const HEX_KEYS: ReadonlySet<string> = new Set(["Title", "Subject"]);

function xmpPacket(authors: readonly string[], title: string): string {
  const esc = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/[^\x20-\x7e]/g, "?");
  return [
    '<?xpacket begin="" id="W5M0MpCehiHzreSzNTczkc9d"?>',
    '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">',
    '<rdf:Description rdf:about="" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:xmp="http://ns.adobe.com/xap/1.0/">',
    `<dc:creator><rdf:Seq>${authors.map((a) => `<rdf:li>${esc(a)}</rdf:li>`).join("")}</rdf:Seq></dc:creator>`,
    `<dc:title><rdf:Alt><rdf:li xml:lang="x-default">${esc(title)}</rdf:li></rdf:Alt></dc:title>`,
    `<xmp:CreatorTool>${esc(authors[0] ?? "")}</xmp:CreatorTool>`,
    "</rdf:Description></rdf:RDF></x:xmpmeta>",
    '<?xpacket end="w"?>',
  ].join("\n");
}

export function simplePdf({
  lines,
  info,
  xmp,
  padTo = 0,
}: {
  /** The page's text, one line each (ASCII; at most a few dozen). */
  lines: readonly string[];
  info?: PdfInfo;
  /** The authors named in an XMP metadata stream (dc:creator), with the title. */
  xmp?: { authors: readonly string[]; title: string };
  /** Pad with a comment to at least this many bytes (for size limits). */
  padTo?: number;
}): Uint8Array<ArrayBuffer> {
  const text = lines.map((line, i) => `${i === 0 ? "/F1 14 Tf 56 780 Td" : "/F1 11 Tf 0 -22 Td"} ${literal(line.slice(0, 100))} Tj`).join(" ");
  const stream = `BT ${text} ET`;
  const packet = xmp ? xmpPacket(xmp.authors, xmp.title) : null;
  const objects = [
    `<< /Type /Catalog /Pages 2 0 R${packet ? " /Metadata 6 0 R" : ""} >>`,
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>",
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
  ];
  if (packet) objects.push(`<< /Type /Metadata /Subtype /XML /Length ${packet.length} >>\nstream\n${packet}\nendstream`);
  const infoRef = info ? objects.length + 1 : null;
  if (info) {
    const entries = Object.entries(info).map(([key, value]) => `/${key} ${HEX_KEYS.has(key) ? utf16Hex(value) : literal(value)}`);
    objects.push(`<< ${entries.join(" ")} >>`);
  }
  const build = (pad: number) => {
    let body = "%PDF-1.4\n%\xe2\xe3\xcf\xd3\n";
    if (pad > 0) body += `%${" ".repeat(pad)}\n`;
    const offsets: number[] = [];
    objects.forEach((object, i) => {
      offsets.push(body.length);
      body += `${i + 1} 0 obj\n${object}\nendobj\n`;
    });
    const xref = body.length;
    body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, "0")} 00000 n \n`).join("")}`;
    body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R${infoRef ? ` /Info ${infoRef} 0 R` : ""} >>\nstartxref\n${xref}\n%%EOF\n`;
    return body;
  };
  let body = build(0);
  // The padding only moves the offsets (written with fixed width): one more pass makes it exact.
  if (body.length < padTo) body = build(padTo - body.length - 2);
  // Latin-1: one byte per character, so the offsets above are byte offsets.
  return Uint8Array.from(body, (ch) => ch.charCodeAt(0) & 0xff);
}
