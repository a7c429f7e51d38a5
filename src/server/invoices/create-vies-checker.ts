import "server-only";
import { log } from "@/server/log";

/** What VIES says of an EU VAT number: registered for intra-EU trade, not, or no answer now (never taken as either). */
export type VatNumberCheck = { result: "valid" | "invalid" | "unavailable"; name: string | null; address: string | null };

/** Checks an EU VAT number (country prefix as VIES writes it, Greece EL; the number without it). */
export type VatNumberChecker = { check: (id: { country: string; number: string }) => Promise<VatNumberCheck> };

/** The errors VIES reports for a number it cannot read, as opposed to one it cannot check now. */
const INPUT_ERRORS = new Set(["INVALID_INPUT", "INVALID_REQUESTER_INFO"]);

/**
 * The European Commission's VIES REST API: `POST {baseUrl}/check-vat-number` with `{ countryCode, vatNumber }`,
 * answered `{ valid, name, address, requestDate, … }` (`"---"` where a member state withholds a field). A member
 * state's or VIES's outage comes as an error status, as `errorWrappers: [{ error: "MS_UNAVAILABLE" | "TIMEOUT" |
 * "SERVICE_UNAVAILABLE" | … }]` or as a `userError` other than VALID/INVALID: all of those, a network failure and a
 * slow answer are "unavailable", never "invalid".
 */
export function createViesChecker(options: { baseUrl: string; timeoutMs?: number }): VatNumberChecker {
  const url = `${options.baseUrl.replace(/\/$/, "")}/check-vat-number`;
  const unavailable: VatNumberCheck = { result: "unavailable", name: null, address: null };
  return {
    async check(id) {
      const ask = () =>
        fetch(url, {
          method: "POST",
          headers: { "content-type": "application/json", accept: "application/json" },
          body: JSON.stringify({ countryCode: id.country, vatNumber: id.number }),
          signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
        });
      let response: Response;
      try {
        // A check is safe to repeat: a connection dropped before any answer (a kept-alive socket the other side
        // had just closed) is asked once more; a slow answer is not.
        response = await ask().catch((error: unknown) => (error instanceof DOMException && error.name === "TimeoutError" ? Promise.reject(error) : ask()));
      } catch (error) {
        log.warn("vies.unanswered", { country: id.country, error });
        return unavailable;
      }
      const body = (await response.json().catch(() => null)) as {
        valid?: unknown;
        isValid?: unknown;
        userError?: unknown;
        name?: unknown;
        address?: unknown;
        errorWrappers?: { error?: unknown }[];
      } | null;
      const errors = (body?.errorWrappers ?? []).map((e) => String(e.error ?? ""));
      if (errors.length > 0) return errors.every((e) => INPUT_ERRORS.has(e)) ? { ...unavailable, result: "invalid" } : unavailable;
      if (!response.ok || !body) return unavailable;
      if (typeof body.userError === "string" && body.userError !== "VALID" && body.userError !== "INVALID") return unavailable;
      const valid = body.valid ?? body.isValid;
      if (typeof valid !== "boolean") return unavailable;
      const shown = (value: unknown) => (typeof value === "string" && value.trim() !== "" && value.trim() !== "---" ? value.trim() : null);
      return { result: valid ? "valid" : "invalid", name: shown(body.name), address: shown(body.address) };
    },
  };
}
