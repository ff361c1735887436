/**
 * A raw HTTP client for tests against the built server, where `fetch` would hide what matters:
 * a declared Content-Length that is never sent, a body streamed until the server answers, the
 * exact Host header, the connection closing.
 */
import fs from "node:fs";
import http from "node:http";

/** `status` 0: the server closed the connection before its answer could be read. */
export type RawAnswer = { status: number; headers: http.IncomingHttpHeaders; body: string };

export type RawInit = {
  headers?: Record<string, string>;
  /** Sent with its length. */
  body?: Buffer | string;
  /** Claims this Content-Length, sends 1 KB of it and waits for the answer. */
  declare?: number;
  /** Streams this many bytes chunked (no length) until the server answers. */
  stream?: number;
};

export function send(base: string, method: string, path: string, init: RawInit = {}): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string | number> = { Origin: base, ...init.headers };
    const body = typeof init.body === "string" ? Buffer.from(init.body) : init.body;
    if (body) headers["Content-Length"] = body.length;
    if (init.declare !== undefined) headers["Content-Length"] = init.declare;
    let answered = false;
    const req = http.request(`${base}${path}`, { method, headers, agent: false, setHost: !("Host" in headers) }, (res) => {
      // The answer may come before the whole body was sent: stop sending, as a client does.
      answered = true;
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (text += chunk));
      const done = () => {
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text });
        req.destroy();
      };
      res.on("end", done);
      // The server closed the connection under a body still being sent: the answer so far counts.
      res.on("error", done);
    });
    // Writing into a connection the server closed after its answer is expected here; closed
    // before its answer was read (the body was cut off), the answer is status 0.
    req.on("error", (error: NodeJS.ErrnoException) => {
      if (!["EPIPE", "ECONNRESET"].includes(error.code ?? "")) return reject(error);
      if (!answered) resolve({ status: 0, headers: {}, body: "" });
    });
    if (body) req.end(body);
    else if (init.declare !== undefined) req.write(Buffer.alloc(1024, 0x61));
    else if (init.stream !== undefined) {
      const chunk = Buffer.alloc(64 * 1024, 0x61);
      let sent = 0;
      const pump = () => {
        while (sent < init.stream! && !answered && !req.destroyed) {
          sent += chunk.length;
          if (!req.write(chunk)) return void req.once("drain", pump);
        }
        if (!answered && !req.destroyed) req.end();
      };
      pump();
    } else req.end();
  });
}

/** A multipart body from plain fields and at most one file. */
export function multipart(fields: Record<string, string>, file?: { name: string; field: string; bytes: Buffer; type?: string }) {
  const boundary = `----etalase${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.name}"\r\nContent-Type: ${file.type ?? "image/jpeg"}\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from("\r\n"),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(parts), type: `multipart/form-data; boundary=${boundary}` };
}

/** The resident memory of a process, in MB (Linux). */
export function rssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kb / 1024;
}
