import NextLink from "next/link";
import type { ComponentProps } from "react";

/**
 * next/link without prefetching by default. Every page is rendered per request (nonce CSP, the signed-in
 * header), so a prefetch of a link in view fetched nothing the click could reuse; it only added requests
 * and main-thread work right after the page loaded. Pass `prefetch` to opt a link back in.
 */
export function Link({ prefetch = false, ...props }: ComponentProps<typeof NextLink>) {
  return <NextLink prefetch={prefetch} {...props} />;
}
