/**
 * A form posted with XMLHttpRequest, which (unlike fetch) reports how much of the body has been
 * sent: for an upload's progress bar. The answer is read as JSON; an answer that is not JSON (the
 * login page after a session ended, a proxy's error page) comes back as `body: null`.
 */
export type UploadAnswer = { status: number; body: unknown };

export const CONNECTION_LOST = "Koneksi terputus. Periksa jaringan, lalu coba lagi.";

export function postWithProgress(url: string, form: FormData, onProgress: (percent: number) => void): Promise<UploadAnswer> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", url);
    xhr.responseType = "json";
    xhr.setRequestHeader("Accept", "application/json");
    xhr.upload.addEventListener("progress", (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(Math.min(100, Math.round((event.loaded / event.total) * 100)));
    });
    xhr.addEventListener("load", () => {
      // A redirect (a session that ended goes to /login) is followed by the browser: not ours.
      const redirected = xhr.responseURL !== "" && new URL(xhr.responseURL).pathname !== new URL(url, window.location.href).pathname;
      resolve({ status: redirected ? 401 : xhr.status, body: redirected ? null : (xhr.response as unknown) });
    });
    xhr.addEventListener("error", () => reject(new Error(CONNECTION_LOST)));
    xhr.addEventListener("abort", () => reject(new Error(CONNECTION_LOST)));
    xhr.send(form);
  });
}
