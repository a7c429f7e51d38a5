/** One JSON call of the listings API: the answer's body, or the server's error (its code, details and translated message). */
export type Called<T> = { ok: true; body: T } | { ok: false; status: number; code: string; details: Record<string, unknown>; message: string | null };

export async function callApi<T = unknown>(method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE", url: string, body?: unknown): Promise<Called<T>> {
  let response: Response;
  try {
    response = await fetch(url, {
      method,
      headers: { Accept: "application/json", ...(body === undefined ? {} : { "Content-Type": "application/json" }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    return { ok: false, status: 0, code: "network", details: {}, message: null };
  }
  const parsed = (await response.json().catch(() => null)) as ({ error?: { code?: string; details?: Record<string, unknown>; message?: string } } & T) | null;
  if (response.ok && parsed) return { ok: true, body: parsed };
  return { ok: false, status: response.status, code: parsed?.error?.code ?? "generic", details: parsed?.error?.details ?? {}, message: parsed?.error?.message ?? null };
}
