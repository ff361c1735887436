import { Writable } from "node:stream";
import { renderToPipeableStream, renderToString } from "react-dom/server";
import type { EntryContext, RouterContextProvider } from "react-router";
import { ServerRouter } from "react-router";
import { nonceContext } from "~/http/context";
import { NonceProvider } from "~/lib/hooks/nonce";
import { renderedResponse } from "~/http/rendered-body";

export const streamTimeout = 5_000;

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  const nonce = safeNonce(loadContext);
  browserMatchesAsBefore(routerContext);
  const context = withRenderedRoutesOnly(routerContext);
  const app = (
    <NonceProvider value={nonce}>
      <ServerRouter context={context} url={request.url} nonce={nonce} />
    </NonceProvider>
  );
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");

  // Every page is sent whole and compressed once (server/http.ts), and none waits on deferred
  // data. So the page's data is read first and the HTML rendered in one synchronous pass: React
  // then builds one string instead of encoding hundreds of small chunks into a byte stream
  // (a third of a page's CPU, with the same bytes out).
  const data = context.serverHandoffStream ? await readAll(context.serverHandoffStream) : null;
  if (data !== null) handDataToStreamTransfer(context, data);
  const html = renderToString(app);
  if (data === null || html.includes(STREAM_CLOSED)) {
    return renderedResponse(Buffer.from(DOCTYPE + html), { headers: responseHeaders, status: responseStatusCode });
  }
  // React Router did not take the data synchronously (its internals changed): the page would
  // lack it, so it is rendered again the streaming way, which always works.
  if (!warnedStreamFallback) {
    warnedStreamFallback = true;
    console.warn("Render satu kali tidak didukung versi React Router ini: halaman dirender lewat stream.");
  }
  const again = { ...context, serverHandoffStream: streamOf(data), renderMeta: {} };
  return renderStreamed(
    <NonceProvider value={nonce}>
      <ServerRouter context={again} url={request.url} nonce={nonce} />
    </NonceProvider>,
    nonce,
    responseStatusCode,
    responseHeaders,
  );
}

const DOCTYPE = "<!DOCTYPE html>";
/** The last script React Router writes for a page's data: present when the data is in the HTML. */
export const STREAM_CLOSED = "window.__reactRouterContext.streamController.close();";
let warnedStreamFallback = false;

async function readAll(stream: ReadableStream<Uint8Array>): Promise<string> {
  const reader = stream.getReader();
  const decoder = new TextDecoder();
  let text = "";
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    text += decoder.decode(value, { stream: true });
  }
  reader.releaseLock();
  return text + decoder.decode();
}

function streamOf(text: string): ReadableStream<Uint8Array> {
  const bytes = new TextEncoder().encode(text);
  return new ReadableStream({
    start(controller) {
      controller.enqueue(bytes);
      controller.close();
    },
  });
}

/**
 * `<StreamTransfer>` (React Router's writer of the page's data into the HTML) suspends on each
 * chunk it reads unless the chunk is already in its cache. The whole data is put there as one
 * chunk, followed by the end, so it renders synchronously and writes the same scripts.
 */
function handDataToStreamTransfer(context: EntryContext, data: string) {
  const settled = (result: { done: boolean; value: string }) => Object.assign(Promise.resolve(), { result });
  const meta = context.renderMeta as { streamCache?: Record<number, Promise<void>> } | undefined;
  if (meta) meta.streamCache = { 0: settled({ done: false, value: data }), 1: settled({ done: true, value: "" }) };
}

/** The streaming render, collected whole: the fallback of handleRequest. */
function renderStreamed(app: React.ReactElement, nonce: string, status: number, headers: Headers) {
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    // Cleared when the response ends: an uncleared timer would keep every render (request,
    // router context, loader data) alive for the whole timeout.
    const timer: { id?: ReturnType<typeof setTimeout> } = {};
    const { pipe, abort } = renderToPipeableStream(app, {
      nonce,
      onAllReady() {
        shellRendered = true;
        const chunks: Buffer[] = [];
        const sink = new Writable({
          write(chunk: Buffer, _encoding, done) {
            chunks.push(chunk);
            done();
          },
          final(done) {
            clearTimeout(timer.id);
            resolve(new Response(Buffer.concat(chunks), { headers, status }));
            done();
          },
        });
        pipe(sink);
      },
      onShellError(error: unknown) {
        clearTimeout(timer.id);
        reject(error);
      },
      onError(error: unknown) {
        status = 500;
        // Errors after the shell are logged; before it they reach the error boundary.
        if (shellRendered) console.error(error);
      },
    });
    timer.id = setTimeout(abort, streamTimeout + 1000);
  });
}

function safeNonce(context: RouterContextProvider | undefined): string {
  try {
    return context?.get(nonceContext) ?? "";
  } catch {
    return "";
  }
}

/**
 * The render sees only the routes it renders (cost independent of the route count).
 * `ServerRouter` builds a route object for every route of the manifest and `<Scripts>` matches
 * each parent path against all of them, for every request: with the LPPM areas that was ~5 %
 * of a page's CPU and grew with each screen. The matched branch (root to leaf, including the
 * route whose error boundary renders) is all the page's HTML, links and scripts need; the
 * browser discovers any other route when a link to it appears (`data-discover`), as it does
 * for every route it has not seen yet.
 */
function withRenderedRoutesOnly(context: EntryContext): EntryContext {
  const routes: EntryContext["manifest"]["routes"] = {};
  const routeModules: EntryContext["routeModules"] = {};
  const handled = context.staticHandlerContext;
  for (const { route } of handled.matches) {
    routes[route.id] = context.manifest.routes[route.id];
    routeModules[route.id] = context.routeModules[route.id];
  }
  // `<Scripts>` also matches every parent path of the URL against the whole route table, to
  // add those routes to the first manifest; they are not in this one, so it would add nothing
  // for ~3 % of a page's CPU. Paths other than the page's own find nothing.
  const here = handled.location.pathname;
  const match: typeof handled._match = (location) =>
    (typeof location === "string" ? location : location.pathname) === here ? handled._match(location) : null;
  return { ...context, manifest: { ...context.manifest, routes }, routeModules, staticHandlerContext: { ...handled, _match: match } };
}

const PATTERN_FLAG = '"unstable_routePatternMatching":true';

/**
 * The server matches routes with React Router's route-pattern matcher (server/app.ts); the
 * browser keeps its default matcher, so its bundle does not grow by that matcher's ~5 KB. The
 * flag would reach the browser in the page's context, which would then demand the matcher:
 * it is switched off there. Both matchers give every route of app/routes.ts the same matches
 * (tests/integration/route-matching.test.ts).
 */
function browserMatchesAsBefore(context: EntryContext) {
  if (context.serverHandoffString?.includes(PATTERN_FLAG)) {
    context.serverHandoffString = context.serverHandoffString.replace(PATTERN_FLAG, '"unstable_routePatternMatching":false');
  }
}
