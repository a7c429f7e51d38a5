import type { ImgHTMLAttributes } from "react";

/**
 * A plain <img>. The user's images sit behind the session cookie at /api/images/… and last an hour, so
 * next/image's optimizer (which fetches them again, without the cookie, and caches them) cannot serve them;
 * thumbnails of styles and library photos are small files already sized for their slots.
 */
export function PlainImage({ alt, ...props }: ImgHTMLAttributes<HTMLImageElement> & { alt: string }) {
  // eslint-disable-next-line @next/next/no-img-element -- see above
  return <img alt={alt} decoding="async" {...props} />;
}
