import "server-only";
import { headers } from "next/headers";
import { env } from "@/env";
import { requestOrigin } from "@/server/http/request-origin";

/** The origin this request's redirects and return addresses go to (see requestOrigin). */
export async function ownOrigin(): Promise<string> {
  const { APP_URL, PORT } = env();
  return requestOrigin({ appUrl: APP_URL, port: PORT, host: (await headers()).get("host") });
}
