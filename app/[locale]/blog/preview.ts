import { cookies } from "next/headers";
import { env } from "@/env";
import { isPreviewRequest, PREVIEW_COOKIE } from "@/server/blog/preview";

/** Whether this request is an editor's preview (drafts shown): see src/server/blog/preview.ts. */
export async function isPreview(searchParams: Record<string, string | string[] | undefined>): Promise<boolean> {
  const token = env().PREVIEW_TOKEN;
  if (!token) return false;
  const cookie = (await cookies()).get(PREVIEW_COOKIE)?.value;
  return isPreviewRequest({ searchParams, cookie, token });
}
