import "server-only";
import { AppError } from "@/server/errors";

/**
 * How fast a body must arrive: `graceMs` for the first bytes, then one more second for every
 * `minBytesPerSecond` received, and never longer than `maxMs` in all.
 */
export type BodyPace = { graceMs: number; minBytesPerSecond: number; maxMs: number };

/**
 * Reads a request body into memory, counting bytes as they arrive. The moment the count passes maxBytes the
 * stream is cancelled and the upload refused: a client that lies about (or omits) Content-Length cannot make
 * the server buffer more than maxBytes plus one chunk.
 *
 * With `pace`, a body that falls behind it is cancelled and refused too (reason `tooSlow`): an upload holds
 * one of the few places admitUpload gives out while it is read, and a client sending a byte now and then
 * (slowloris) must not keep it for the minutes the HTTP server itself would wait.
 *
 * Errors of the stream itself (the client went away) are passed on as they are: they are not a property of
 * the file, and the route answers them like any other broken request.
 */
export async function readLimitedBody(options: { body: ReadableStream<Uint8Array> | null; maxBytes: number; pace?: BodyPace }): Promise<Buffer> {
  const { body, maxBytes, pace } = options;
  if (!body) throw new AppError("INVALID_IMAGE", { reason: "empty" });
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  const started = Date.now();
  let total = 0;
  const refuse = async (reason: "tooLarge" | "tooSlow"): Promise<never> => {
    // Drop what we hold before waiting on the cancel, and never let a failing cancel hide the refusal.
    chunks.length = 0;
    await reader.cancel(reason === "tooLarge" ? "upload too large" : "upload too slow").catch(() => undefined);
    throw new AppError("INVALID_IMAGE", { reason });
  };
  for (;;) {
    const next = pace ? await readBefore(reader, started + Math.min(pace.maxMs, pace.graceMs + (total / pace.minBytesPerSecond) * 1000)) : await reader.read();
    if (next === "late") return refuse("tooSlow");
    const { done, value } = next;
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) return refuse("tooLarge");
    chunks.push(value);
  }
  if (total === 0) throw new AppError("INVALID_IMAGE", { reason: "empty" });
  return Buffer.concat(chunks, total);
}

/** The next read, or "late" when it has not come by `deadline` (a time in ms). */
async function readBefore(reader: ReadableStreamDefaultReader<Uint8Array>, deadline: number): Promise<ReadableStreamReadResult<Uint8Array> | "late"> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<"late">((resolve) => {
    timer = setTimeout(() => resolve("late"), Math.max(0, deadline - Date.now()));
  });
  try {
    return await Promise.race([reader.read(), late]);
  } finally {
    clearTimeout(timer);
  }
}
