import { Writable } from "node:stream";
import { renderToPipeableStream } from "react-dom/server";
import type { EntryContext, RouterContextProvider } from "react-router";
import { ServerRouter } from "react-router";
import { nonceContext } from "~/lib/http/context";
import { NonceProvider } from "~/lib/hooks/nonce";

export const streamTimeout = 5_000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  const nonce = safeNonce(loadContext);
  browserMatchesAsBefore(routerContext);
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    // Cleared when the response ends: an uncleared timer would keep every render (request,
    // router context, loader data) alive for the whole timeout.
    const timer: { id?: ReturnType<typeof setTimeout> } = {};

    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceProvider>,
      {
        nonce,
        // Every page is sent whole and compressed once (server/http.ts), and none waits on
        // deferred data: the finished HTML is collected here, without a stream per response.
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
              responseHeaders.set("Content-Type", "text/html; charset=utf-8");
              resolve(new Response(Buffer.concat(chunks), { headers: responseHeaders, status: responseStatusCode }));
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
          responseStatusCode = 500;
          // Errors after the shell are logged; before it they reach the error boundary.
          if (shellRendered) console.error(error);
        },
      },
    );
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
