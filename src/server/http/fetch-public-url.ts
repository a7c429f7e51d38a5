import "server-only";
import { lookup as dnsLookup, type LookupAddress } from "node:dns";
import http from "node:http";
import https from "node:https";
import { BlockList, isIP, type LookupFunction } from "node:net";
import { Readable } from "node:stream";
import { AppError } from "@/server/errors";

/**
 * Addresses a request from the server must never reach: loopback, private (RFC 1918, RFC 4193), link-local
 * (cloud metadata at 169.254.169.254), carrier-grade NAT, "this network", multicast and reserved ranges, and
 * IPv4 mapped into IPv6 (IANA special-purpose address registries).
 */
const blocked = new BlockList();
for (const [net, bits] of [
  ["0.0.0.0", 8], ["10.0.0.0", 8], ["100.64.0.0", 10], ["127.0.0.0", 8], ["169.254.0.0", 16], ["172.16.0.0", 12],
  ["192.0.0.0", 24], ["192.0.2.0", 24], ["192.168.0.0", 16], ["198.18.0.0", 15], ["198.51.100.0", 24], ["203.0.113.0", 24], ["224.0.0.0", 3],
] as const) blocked.addSubnet(net, bits, "ipv4");
for (const [net, bits] of [["::", 127], ["64:ff9b::", 96], ["100::", 64], ["2001:db8::", 32], ["fc00::", 7], ["fe80::", 10], ["ff00::", 8]] as const) {
  blocked.addSubnet(net, bits, "ipv6");
}

/** Whether an IP address is one the server must not call (see `blocked`). */
export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return true;
  // IPv4 mapped into IPv6 (::ffff:a.b.c.d) is judged as the IPv4 address it carries.
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (mapped) return isPrivateAddress(mapped);
  if (family === 6 && /^::ffff:/i.test(address)) return true;
  return family === 4 ? blocked.check(address, "ipv4") : blocked.check(address, "ipv6");
}

/** A DNS lookup that refuses private answers, checked on the address the socket will connect to (no rebinding). */
const publicLookup: LookupFunction = (hostname, options, callback) => {
  dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
    if (error) return callback(error, "", 4);
    const allowed = addresses.filter((a) => !isPrivateAddress(a.address));
    if (allowed.length === 0 || allowed.length !== addresses.length) return callback(new PrivateAddressError(), "", 4);
    if (options.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, allowed);
    callback(null, allowed[0]!.address, allowed[0]!.family);
  });
};

class PrivateAddressError extends Error {
  constructor() {
    super("private address");
  }
}

export type PublicResponse = { status: number; headers: http.IncomingHttpHeaders; body: ReadableStream<Uint8Array> };

/**
 * A request to an address on the public internet: http(s) only, no credentials in the URL, every address the
 * name resolves to checked when connecting, and each redirect (at most `maxRedirects`, for GET) checked the same
 * way. A private or loopback target is INVALID_INPUT with reason privateAddress; an unreachable one urlUnreachable.
 * `allowPrivate` lifts the address check (a test endpoint on the developer's machine). The caller limits the body.
 */
export async function fetchPublicUrl(options: {
  url: string;
  method?: "GET" | "POST";
  headers?: Record<string, string>;
  body?: string;
  timeoutMs: number;
  maxRedirects?: number;
  allowPrivate?: boolean;
  field?: string;
}): Promise<PublicResponse> {
  const field = options.field ?? "url";
  let url = parseTarget(options.url, field);
  const deadline = AbortSignal.timeout(options.timeoutMs);
  for (let hop = 0; ; hop++) {
    if (!options.allowPrivate && isIP(url.hostname.replace(/^\[|\]$/g, "")) && isPrivateAddress(url.hostname.replace(/^\[|\]$/g, ""))) {
      throw new AppError("INVALID_INPUT", { field, reason: "privateAddress" });
    }
    const response = await send(url, options, deadline, field);
    const location = response.headers.location;
    if ((options.method ?? "GET") === "GET" && response.status >= 300 && response.status < 400 && location) {
      response.body.cancel().catch(() => undefined);
      if (hop >= (options.maxRedirects ?? 3)) throw new AppError("INVALID_INPUT", { field, reason: "urlUnreachable" });
      url = parseTarget(new URL(location, url).toString(), field);
      continue;
    }
    return response;
  }
}

function parseTarget(raw: string, field: string): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new AppError("INVALID_INPUT", { field, reason: "badUrl" });
  }
  if ((url.protocol !== "http:" && url.protocol !== "https:") || url.username || url.password) throw new AppError("INVALID_INPUT", { field, reason: "badUrl" });
  return url;
}

function send(url: URL, options: { method?: string; headers?: Record<string, string>; body?: string; allowPrivate?: boolean }, signal: AbortSignal, field: string): Promise<PublicResponse> {
  return new Promise((resolve, reject) => {
    const client = url.protocol === "https:" ? https : http;
    const request = client.request(
      url,
      { method: options.method ?? "GET", headers: { "user-agent": "Aranzer/1 (+https://aranzer.pl)", ...options.headers }, signal, lookup: options.allowPrivate ? undefined : publicLookup },
      (response) => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Readable.toWeb(response) as ReadableStream<Uint8Array> }),
    );
    request.on("error", (error) => {
      const cause = (error as { cause?: unknown }).cause;
      if (error instanceof PrivateAddressError || cause instanceof PrivateAddressError) reject(new AppError("INVALID_INPUT", { field, reason: "privateAddress" }));
      else reject(new AppError("INVALID_INPUT", { field, reason: "urlUnreachable" }));
    });
    request.end(options.body);
  });
}
