import "server-only";
import { Worker } from "node:worker_threads";
import { AppError } from "@/server/errors";
import { log } from "@/server/log";

type Decoded = { width: number; height: number; data: Uint8ClampedArray };
type Job = { buffer: Uint8Array; page: number; maxPixels: number };
type Outcome = ({ type: "decoded" } & Decoded) | { type: "refused"; reason: "truncated" | "tooManyPixels" } | { type: "failed"; cause: string };

/** The major brands heic-decode 2.1.0 lets through to libheif; it refuses any other without looking further. */
const HEIC_DECODE_MAJOR_BRANDS = new Set(["mif1", "msf1", "heic", "heix", "hevc", "hevx"]);
/** Far beyond a 40 MP decode (about 5 s); a file that takes longer is stopped with its thread. */
const WORKER_TIMEOUT_MS = 60_000;

/**
 * The worker's program, CommonJS run with `eval`, so that no bundler has to know about a second entry file.
 * Like `node -e`, it resolves heic-decode from the working directory (the app runs from the repository root);
 * where that fails, decodeHeic decodes on the main thread instead.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require("node:worker_threads");
const decode = require("heic-decode");
parentPort.postMessage({ type: "ready" });
(async () => {
  const images = await decode.all({ buffer: workerData.buffer });
  try {
    const image = images[workerData.page] || images[0];
    if (!image) return { type: "refused", reason: "truncated" };
    if (image.width * image.height > workerData.maxPixels) return { type: "refused", reason: "tooManyPixels" };
    const { width, height, data } = await image.decode();
    return { type: "decoded", width, height, data };
  } finally {
    images.dispose();
  }
})().then(
  (outcome) => parentPort.postMessage(outcome, outcome.data ? [outcome.data.buffer] : []),
  (error) => parentPort.postMessage({ type: "failed", cause: String((error && error.message) || error) }),
);
`;

/** The worker's steps, on this thread: the fallback where a worker thread cannot start or load heic-decode. */
async function decodeHere(job: Job): Promise<Outcome> {
  const { default: decode } = await import("heic-decode");
  try {
    const images = await decode.all({ buffer: job.buffer });
    try {
      const image = images[job.page] ?? images[0];
      if (!image) return { type: "refused", reason: "truncated" };
      if (image.width * image.height > job.maxPixels) return { type: "refused", reason: "tooManyPixels" };
      return { type: "decoded", ...(await image.decode()) };
    } finally {
      images.dispose();
    }
  } catch (error) {
    return { type: "failed", cause: error instanceof Error ? error.message : String(error) };
  }
}

/** Rejects only when the worker could not start or load heic-decode; anything after that is an outcome. */
function decodeInWorker(job: Job): Promise<Outcome> {
  return new Promise((resolve, reject) => {
    // One copy of the bytes is moved (not cloned again) into the worker; the pixels come back the same way.
    const buffer = new Uint8Array(job.buffer);
    // stdout: true keeps libheif-js's console.log chatter ("Decoding image failed …") out of the server's JSON
    // log lines; the cause reaches the log through normalizeImage. stderr still goes through. execArgv: [] as
    // the program is plain CommonJS: the parent's loaders (tsx) would only slow the start.
    const worker = new Worker(WORKER_SOURCE, {
      eval: true,
      execArgv: [],
      workerData: { ...job, buffer },
      transferList: [buffer.buffer],
      stdout: true,
    });
    worker.stdout.resume();
    let ready = false;
    let finished = false;
    const finish = (outcome: Outcome) => {
      if (finished) return; // the exit that follows an outcome, or an error after the timeout
      finished = true;
      clearTimeout(timer);
      // Settled once the worker is gone, so that the next decode never overlaps this one's WebAssembly memory.
      void worker.terminate().finally(() => resolve(outcome));
    };
    const timer = setTimeout(() => finish({ type: "failed", cause: `HEIC decoding took over ${WORKER_TIMEOUT_MS} ms` }), WORKER_TIMEOUT_MS);
    worker.on("message", (message: Outcome | { type: "ready" }) => {
      if (message.type === "ready") ready = true;
      else finish(message);
    });
    worker.on("error", (error) => {
      if (ready) return finish({ type: "failed", cause: error.message });
      clearTimeout(timer);
      reject(error);
    });
    worker.on("exit", (code) => {
      if (ready) finish({ type: "failed", cause: `HEIC worker exited with code ${code}` });
      else {
        clearTimeout(timer);
        reject(new Error(`HEIC worker exited with code ${code} before it was ready`));
      }
    });
  });
}

let workerUnavailable = false;
let previous: Promise<unknown> = Promise.resolve();

/**
 * Decodes one top-level image of a HEIC file to RGBA with heic-decode (libheif and libde265 compiled to
 * WebAssembly: sharp's prebuilt libvips has no HEVC decoder). libheif applies the file's rotation and mirror
 * (irot/imir), so the pixels come out upright and any EXIF orientation in the file must not be applied again.
 *
 * The decode runs in a worker thread that ends with it, for two measured reasons: the WebAssembly decode is
 * one synchronous call (on the main thread a 12 MP photo held the event loop for 2.5–3.7 s in
 * bench/normalize-image.ts on the loaded 2-core host: every other request of the server waited), and libheif's WebAssembly memory grows to the
 * largest image decoded and is never given back (on this thread RSS stayed 180 MB up after a 12 MP HEIC, and
 * that grows with the pixels; with the worker, 80 MB that the C allocator keeps). One decode at a time: it
 * takes a whole core and a few hundred MB while it runs.
 *
 * `page` is the index among the top-level images, in the order libvips reports them, so sharp's
 * metadata().pagePrimary picks the primary image (not simply the first one, which is all heic-decode's
 * default export decodes). The size is checked again before decoding because that is what allocates.
 */
export async function decodeHeic(options: { data: Buffer; page: number; maxPixels: number }): Promise<Decoded> {
  let buffer = options.data;
  if (!HEIC_DECODE_MAJOR_BRANDS.has(buffer.toString("latin1", 8, 12))) {
    // e.g. "heim" or "heis": libheif judges the file by its compatible brands, so hand it over as generic HEIF.
    buffer = Buffer.from(buffer);
    buffer.write("mif1", 8, "latin1");
  }
  const job: Job = { buffer, page: options.page, maxPixels: options.maxPixels };
  const run = previous.then(async (): Promise<Outcome> => {
    if (workerUnavailable) return decodeHere(job);
    try {
      return await decodeInWorker(job);
    } catch (error) {
      workerUnavailable = true;
      log.warn("heic.worker_unavailable", { error });
      return decodeHere(job);
    }
  });
  previous = run.catch(() => undefined);
  const outcome = await run;
  if (outcome.type === "refused") throw new AppError("INVALID_IMAGE", { reason: outcome.reason });
  if (outcome.type === "failed") throw new Error(outcome.cause);
  if (outcome.data.length !== outcome.width * outcome.height * 4) throw new AppError("INVALID_IMAGE", { reason: "truncated" });
  return { width: outcome.width, height: outcome.height, data: outcome.data };
}
