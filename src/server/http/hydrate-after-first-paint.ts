import type { ServerResponse } from "node:http";

/**
 * Next puts the page's scripts into the document head as `<script src async>`. On a fast connection they
 * arrive while the page is still being parsed and laid out, and their evaluation (React DOM, the router,
 * hydration: 30–40 ms on this machine, four times that on a mid-range phone) runs before the first frame
 * and delays it; in some loads the text even lands in a second frame after them. This module takes those
 * tags out of the head and puts one inline script in their place that adds the same scripts once the
 * browser reports the first contentful paint. The page is server-rendered, so nothing a visitor can read
 * waits for them; what waits is hydration, whose scripts are now requested once the first frame is on
 * screen. Off unless HYDRATE_AFTER_FIRST_PAINT=true: measured on a mid-range phone profile it kept taps dead
 * for longer and painted no earlier (bench/hydration.ts; decision record 0004 has the figures).
 */

// Next's bootstrap tags, exactly as Next 16 writes them. Anything else (inline scripts, the noModule
// polyfill, tags of another shape after an upgrade) is left alone, so a change of format costs the
// optimisation, never the page.
const BOOTSTRAP_SCRIPT = /<script src="(\/_next\/static\/[^"<>]+\.js)" async=""(?: nonce="([^"<>]*)")?><\/script>/g;
const HEAD_END = "</head>";

/**
 * The inline loader. It waits for the first-contentful-paint entry (delivered after the frame is on
 * screen), then adds the scripts, one per task: each insertion costs 1–2 ms here, and ten in one task
 * made a long task in Lighthouse's 4× slowdown (median blocking time on `/` 164 → 73 ms). A hidden page
 * (a background tab, a prerender) has no paint to wait for and loads them at once, and so does a browser
 * without paint timing. The timeout keeps a page whose first paint never comes from staying without
 * scripts.
 *
 * The added scripts carry no nonce: the policy's 'strict-dynamic' trusts scripts that a nonced script
 * adds, and writing the nonce into script text would expose it to the page's DOM.
 */
export function loaderScript(urls: readonly string[]): string {
  return (
    `(()=>{const u=${JSON.stringify(urls)};let d=0;` +
    `const add=()=>{const s=u.shift();if(!s)return;const e=document.createElement("script");e.src=s;e.async=true;document.head.append(e);setTimeout(add)};const go=()=>{if(d)return;d=1;add()};` +
    `try{if(document.visibilityState==="visible"&&PerformanceObserver.supportedEntryTypes.includes("paint")){` +
    `new PerformanceObserver((l,o)=>{if(l.getEntriesByName("first-contentful-paint").length){o.disconnect();go()}}).observe({type:"paint",buffered:true});` +
    `setTimeout(go,3000);return}}catch{}go()})()`
  );
}

/**
 * Rewrites the head of a document: Next's bootstrap script tags are removed and the loader takes the
 * place of the first one, with its nonce. Text without such tags comes back unchanged.
 */
export function deferBootstrapScripts(head: string): string {
  const urls: string[] = [];
  let nonce: string | undefined;
  const marker = "\u0000loader\u0000";
  const stripped = head.replace(BOOTSTRAP_SCRIPT, (_tag, src: string, tagNonce: string | undefined) => {
    nonce ??= tagNonce;
    urls.push(src);
    return urls.length === 1 ? marker : "";
  });
  if (urls.length === 0) return head;
  const nonceAttribute = nonce === undefined ? "" : ` nonce="${nonce}"`;
  return stripped.replace(marker, `<script${nonceAttribute}>${loaderScript(urls)}</script>`);
}

type WriteCallback = (error?: Error | null) => void;

/**
 * Applies deferBootstrapScripts to an HTML response on its way out: the body is held back until the end
 * of the head has been written (the first chunk of Next's stream, in practice), rewritten, and from then
 * on passed through untouched, so streaming is kept. Other responses, and HTML whose length was already
 * sent in a header, pass through as they are. Call it before the response is handed to Next.
 */
export function hydrateAfterFirstPaint(res: ServerResponse): void {
  const write = res.write.bind(res) as (chunk: unknown, encoding?: BufferEncoding, callback?: WriteCallback) => boolean;
  const end = res.end.bind(res) as (chunk?: unknown, encoding?: BufferEncoding, callback?: () => void) => ServerResponse;
  let held: Buffer[] | null = null;
  let decided = false;

  const restore = () => {
    res.write = write as ServerResponse["write"];
    res.end = end as ServerResponse["end"];
  };
  const decide = () => {
    decided = true;
    const contentType = String(res.getHeader("content-type") ?? "");
    const lengthSent = res.headersSent && res.getHeader("content-length") !== undefined;
    if (contentType.startsWith("text/html") && !lengthSent) {
      if (!res.headersSent) res.removeHeader("content-length");
      held = [];
    } else {
      restore();
    }
  };
  const toBuffer = (chunk: unknown, encoding?: BufferEncoding) =>
    typeof chunk === "string" ? Buffer.from(chunk, encoding ?? "utf8") : Buffer.from(chunk as Uint8Array);
  const splitArguments = (encodingOrCallback?: unknown, callback?: unknown) =>
    typeof encodingOrCallback === "function"
      ? { encoding: undefined, callback: encodingOrCallback as WriteCallback }
      : { encoding: encodingOrCallback as BufferEncoding | undefined, callback: callback as WriteCallback | undefined };

  res.write = ((chunk: unknown, encodingOrCallback?: unknown, maybeCallback?: unknown) => {
    const { encoding, callback } = splitArguments(encodingOrCallback, maybeCallback);
    if (!decided) decide();
    if (!held) return write(chunk, encoding, callback);
    held.push(toBuffer(chunk, encoding));
    const body = Buffer.concat(held);
    const headEnd = body.indexOf(HEAD_END);
    if (headEnd === -1) {
      if (callback) process.nextTick(callback);
      return true;
    }
    held = null;
    restore();
    // Only the head is decoded (it ends on an ASCII '>', so on a whole character); the rest goes on as the
    // bytes it came as, where a chunk may end inside a letter.
    const cut = headEnd + HEAD_END.length;
    const head = Buffer.from(deferBootstrapScripts(body.subarray(0, cut).toString("utf8")), "utf8");
    return write(Buffer.concat([head, body.subarray(cut)]), undefined, callback);
  }) as ServerResponse["write"];

  res.end = ((chunkOrCallback?: unknown, encodingOrCallback?: unknown, maybeCallback?: unknown) => {
    const chunk = typeof chunkOrCallback === "function" ? undefined : chunkOrCallback;
    const { encoding, callback } =
      typeof chunkOrCallback === "function" ? splitArguments(chunkOrCallback) : splitArguments(encodingOrCallback, maybeCallback);
    if (!decided && chunk !== undefined && chunk !== null) decide();
    if (!held) {
      restore();
      return end(chunk, encoding, callback as (() => void) | undefined);
    }
    if (chunk !== undefined && chunk !== null) held.push(toBuffer(chunk, encoding));
    const text = Buffer.concat(held).toString("utf8");
    held = null;
    restore();
    return end(deferBootstrapScripts(text), "utf8", callback as (() => void) | undefined);
  }) as ServerResponse["end"];
}
