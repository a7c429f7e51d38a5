"use client";

import dynamic from "next/dynamic";
import { useSyncExternalStore } from "react";
import { isToasterRequested, subscribeToToasterDemand } from "./toaster-demand";

const Toaster = dynamic(() => import("./toaster").then((m) => m.Toaster), { ssr: false });

/** Mounts the toast container when the first toast is asked for (see toaster-demand.ts). */
export function LazyToaster() {
  const requested = useSyncExternalStore(subscribeToToasterDemand, isToasterRequested, () => false);
  return requested ? <Toaster /> : null;
}
