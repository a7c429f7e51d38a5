import "server-only";
import { AppError } from "@/server/errors";

/**
 * Reads a request body into memory, counting bytes as they arrive. The moment the count passes maxBytes the
 * stream is cancelled and the upload refused: a client that lies about (or omits) Content-Length cannot make
 * the server buffer more than maxBytes plus one chunk.
 *
 * Errors of the stream itself (the client went away) are passed on as they are: they are not a property of
 * the file, and the route answers them like any other broken request.
 */
export async function readLimitedBody(options: { body: ReadableStream<Uint8Array> | null; maxBytes: number }): Promise<Buffer> {
  const { body, maxBytes } = options;
  if (!body) throw new AppError("INVALID_IMAGE", { reason: "empty" });
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      // Drop what we hold before waiting on the cancel, and never let a failing cancel hide the refusal.
      chunks.length = 0;
      await reader.cancel("upload too large").catch(() => undefined);
      throw new AppError("INVALID_IMAGE", { reason: "tooLarge" });
    }
    chunks.push(value);
  }
  if (total === 0) throw new AppError("INVALID_IMAGE", { reason: "empty" });
  return Buffer.concat(chunks, total);
}
