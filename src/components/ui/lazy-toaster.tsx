"use client";

import dynamic from "next/dynamic";
import { useEffect, useState } from "react";

const Toaster = dynamic(() => import("./toaster").then((m) => m.Toaster), { ssr: false });

/**
 * Mounts the toast container once the page is idle: no toast can be asked for before the user acts, and
 * its library then stays off the critical path of every page load.
 */
export function LazyToaster() {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    if ("requestIdleCallback" in window) {
      const id = window.requestIdleCallback(() => setReady(true), { timeout: 2000 });
      return () => window.cancelIdleCallback(id);
    }
    const id = setTimeout(() => setReady(true), 1000);
    return () => clearTimeout(id);
  }, []);
  return ready ? <Toaster /> : null;
}
