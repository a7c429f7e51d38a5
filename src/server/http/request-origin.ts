import { networkInterfaces, type NetworkInterfaceInfo } from "node:os";

const LOOPBACK = new Set(["localhost", "127.0.0.1", "::1"]);

/**
 * The origin that links, redirects and return addresses of one request go to. With APP_URL set, always it.
 * Without, the product runs on this machine and a browser may have opened it as localhost, 127.0.0.1 or one
 * of the machine's network addresses: the request's own origin is kept when its host is one of those, on
 * the server's port, so the person stays on the origin their session cookie belongs to. Any other Host
 * header (a client can send what it likes) gets http://localhost:PORT.
 */
export function requestOrigin(options: {
  /** APP_URL as configured (unset: undefined). */
  appUrl: string | undefined;
  port: number;
  /** The request's Host header. */
  host: string | null | undefined;
  /** This machine's interfaces; os.networkInterfaces() unless given. */
  interfaces?: NodeJS.Dict<NetworkInterfaceInfo[]>;
}): string {
  if (options.appUrl) return options.appUrl.replace(/\/$/, "");
  const fallback = `http://localhost:${options.port}`;
  if (!options.host) return fallback;
  let url: URL;
  try {
    url = new URL(`http://${options.host}`);
  } catch {
    return fallback;
  }
  if (url.port !== String(options.port) || url.username || url.password || url.pathname !== "/") return fallback;
  const hostname = url.hostname.replace(/^\[(.*)\]$/, "$1").toLowerCase();
  const own =
    LOOPBACK.has(hostname) ||
    Object.values(options.interfaces ?? networkInterfaces())
      .flat()
      .some((entry) => entry?.address.toLowerCase() === hostname);
  return own ? url.origin : fallback;
}
