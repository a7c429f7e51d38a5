import type { BatchDto, CreateBatchInput, ImageDto, ImageSource, VisualizationDto } from "@/schemas/generation";
import { UPLOAD_MAX_BYTES } from "@/config/generation";
import { apiFetch, getJson, readApiError, type ApiError, type NoAnswer } from "@/web/client/api-fetch";
import { mayShrink, photoToSend } from "./shrink-photo";

/** What the browser learns from one call (src/web/client/api-fetch.ts), and an upload the person stopped. */
export type { ApiError, NoAnswer };
export type Aborted = { ok: false; kind: "aborted" };

export type UploadOutcome = { ok: true; image: ImageDto } | ApiError | NoAnswer | Aborted;
export type CreateBatchOutcome = { ok: true; batch: BatchDto; balance: number } | ApiError | NoAnswer;

/**
 * POST /api/images with the photo's bytes as the body: a large one shrunk first to the size the server stores
 * (photoToSend); an empty one, or one over UPLOAD_MAX_BYTES, refused without sending anything. XMLHttpRequest
 * rather than fetch, because only it reports upload progress. `onProgress` gets 0..1, or null when the browser
 * cannot tell the total.
 */
export function uploadImage(file: Blob, onProgress: (fraction: number | null) => void): { done: Promise<UploadOutcome>; abort: () => void } {
  let xhr: XMLHttpRequest | null = null;
  let aborted = false;
  const send = (body: Blob) =>
    new Promise<UploadOutcome>((resolve) => {
      const request = new XMLHttpRequest();
      xhr = request;
      request.open("POST", "/api/images");
      request.setRequestHeader("Content-Type", body.type || "application/octet-stream");
      request.setRequestHeader("Accept", "application/json");
      request.upload.onprogress = (event) => onProgress(event.lengthComputable && event.total > 0 ? event.loaded / event.total : null);
      request.onload = () => {
        if (request.status >= 200 && request.status < 300) {
          try {
            const answer = JSON.parse(request.responseText) as { image: ImageDto };
            resolve({ ok: true, image: answer.image });
          } catch {
            resolve({ ok: false, kind: "error", status: request.status, code: "generic", details: {} });
          }
        } else {
          resolve(readApiError(request.status, request.responseText));
        }
      };
      request.onerror = () => resolve({ ok: false, kind: "network" });
      request.ontimeout = () => resolve({ ok: false, kind: "network" });
      request.onabort = () => resolve({ ok: false, kind: "aborted" });
      request.send(body);
    });
  // Refused at once, not after sending 20 MB for the server to refuse (which it still does, for any client); and
  // before shrinking, which would hide the size.
  const refused = file.size === 0 || file.size > UPLOAD_MAX_BYTES ? { ok: false as const, kind: "error" as const, status: 0, code: "INVALID_IMAGE", details: { reason: file.size === 0 ? "empty" : "tooLarge" } } : null;
  const done = refused
    ? Promise.resolve(refused)
    : mayShrink(file)
      ? photoToSend(file).then((body) => (aborted ? ({ ok: false, kind: "aborted" } as const) : send(body)))
      : send(file);
  return {
    done,
    abort: () => {
      aborted = true;
      xhr?.abort();
    },
  };
}

/** POSTs a body (JSON, or a Blob as it is) and reads the JSON answer, or the server's error, or no answer. */
export async function postJson<T>(url: string, body?: unknown): Promise<({ ok: true } & T) | ApiError | NoAnswer> {
  const answer = await apiFetch<T>("POST", url, body ?? {});
  return answer.ok ? { ok: true, ...answer.body } : answer;
}

/** POST /api/batches. */
export function createBatch(request: CreateBatchInput): Promise<CreateBatchOutcome> {
  return postJson<{ batch: BatchDto; balance: number }>("/api/batches", request);
}

/**
 * POST /api/masks: the painted mask (white = edit) of the chosen photo, `?image=<id>` for one of the person's
 * own or `?library=<id>` for an example, which then becomes one of theirs (the answer's `source`).
 */
export function uploadMask(mask: Blob, source: ImageSource): Promise<({ ok: true } & { image: ImageDto; source: ImageDto }) | ApiError | NoAnswer> {
  const query = source.type === "image" ? `image=${encodeURIComponent(source.imageId)}` : `library=${encodeURIComponent(source.libraryId)}`;
  return postJson<{ image: ImageDto; source: ImageDto }>(`/api/masks?${query}`, mask);
}

/** POST /api/visualizations/<id>/remake: a flagged result made again, once, without spending. */
export function requestRemake(visualizationId: string): Promise<({ ok: true } & { visualization: VisualizationDto }) | ApiError | NoAnswer> {
  return postJson<{ visualization: VisualizationDto }>(`/api/visualizations/${encodeURIComponent(visualizationId)}/remake`);
}

/** GET /api/images: the user's uploads and results of the last hour. */
export async function listImages(): Promise<ImageDto[]> {
  return (await getJson<{ images: ImageDto[] }>("/api/images")).images;
}
