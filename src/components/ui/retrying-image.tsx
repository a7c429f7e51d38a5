"use client";

import { useEffect, useRef, useState, type ImgHTMLAttributes } from "react";
import { PlainImage } from "./plain-image";

/** How long to wait before asking again for an image that did not load: a dropped connection, a busy moment. */
const RETRY_DELAYS_MS = [2_000, 5_000, 15_000];

/**
 * A PlainImage that asks again when it did not load: at once when the browser is back online, else after a
 * few seconds, a few times. A result that arrived while the connection was down would otherwise stay a broken
 * image for good, with the photo under it looking like the result.
 */
export function RetryingImage({ alt, onError, ...props }: ImgHTMLAttributes<HTMLImageElement> & { alt: string }) {
  const [attempt, setAttempt] = useState(0);
  const cancel = useRef<() => void>(() => {});
  useEffect(() => () => cancel.current(), []);
  // A new address is a new image: its retries start over.
  const [src, setSrc] = useState(props.src);
  if (src !== props.src) {
    setSrc(props.src);
    setAttempt(0);
  }

  return (
    <PlainImage
      // A new element asks the server again (a failed load is not kept by the browser).
      key={attempt}
      alt={alt}
      {...props}
      onError={(event) => {
        onError?.(event);
        if (attempt >= RETRY_DELAYS_MS.length) return;
        cancel.current();
        const again = () => setAttempt((n) => n + 1);
        if (!navigator.onLine) {
          window.addEventListener("online", again, { once: true });
          cancel.current = () => window.removeEventListener("online", again);
        } else {
          const timer = setTimeout(again, RETRY_DELAYS_MS[attempt]);
          cancel.current = () => clearTimeout(timer);
        }
      }}
    />
  );
}
