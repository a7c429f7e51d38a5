"use client";

import { CircleCheck, CircleX, Info, TriangleAlert, X, type LucideIcon } from "lucide-react";
import { useLayoutLabels } from "@/components/ui/layout-labels-context";
import { useEffect, useEffectEvent, useRef } from "react";
// The unstyled build injects no <style> (nothing for the CSP to block); Tailwind styles everything below.
import { ToastContainer, type CloseButtonProps, type ToastContentProps } from "react-toastify/unstyled";

export const TOAST_AUTO_CLOSE_MS = 5000;

export type ToastColor = "success" | "error" | "info" | "warning";

export interface ToastData {
  title: string;
  description?: string;
  color: ToastColor;
}

const looks: Record<ToastColor, { icon: LucideIcon; tint: string; bar: string }> = {
  success: { icon: CircleCheck, tint: "text-green-600 dark:text-green-400", bar: "bg-green-600 dark:bg-green-400" },
  error: { icon: CircleX, tint: "text-red-600 dark:text-red-400", bar: "bg-red-600 dark:bg-red-400" },
  info: { icon: Info, tint: "text-primary-600 dark:text-primary-400", bar: "bg-primary-600 dark:bg-primary-400" },
  warning: { icon: TriangleAlert, tint: "text-amber-600 dark:text-amber-400", bar: "bg-amber-500 dark:bg-amber-400" },
};

/**
 * The toast's timer. react-toastify's own bar relies on its stylesheet's keyframes and carries an
 * untranslated aria-label, so this one animates with the Web Animations API and stays decorative.
 */
function ProgressBar({ duration, paused, onDone, className }: { duration: number; paused: boolean; onDone: () => void; className: string }) {
  const bar = useRef<HTMLDivElement>(null);
  const animation = useRef<Animation | null>(null);
  const done = useEffectEvent(onDone);

  useEffect(() => {
    const running = bar.current!.animate([{ transform: "scaleX(1)" }, { transform: "scaleX(0)" }], {
      duration,
      easing: "linear",
      fill: "forwards",
    });
    running.onfinish = () => done();
    animation.current = running;
    return () => running.cancel();
  }, [duration]);

  useEffect(() => {
    if (paused) animation.current?.pause();
    else animation.current?.play();
  }, [paused]);

  return (
    <div aria-hidden className="absolute inset-x-0 bottom-0 h-1 bg-gray-100 dark:bg-gray-800">
      <div ref={bar} className={`h-full origin-left rtl:origin-right ${className}`} />
    </div>
  );
}

function ToastBody({ data, toastProps, isPaused, closeToast }: ToastContentProps<ToastData>) {
  const { icon: Icon, tint, bar } = looks[data.color];
  return (
    <>
      <Icon aria-hidden className={`mt-0.5 size-5 shrink-0 ${tint}`} />
      <div className="min-w-0 flex-1">
        <p className="text-sm font-medium text-gray-900 dark:text-white">{data.title}</p>
        {data.description && <p className="mt-1 text-sm text-gray-600 dark:text-gray-300">{data.description}</p>}
      </div>
      {typeof toastProps.autoClose === "number" && (
        <ProgressBar
          // An update restarts the timer, so a changed message gets its full reading time.
          key={toastProps.updateId}
          duration={toastProps.autoClose}
          paused={isPaused}
          onDone={() => closeToast(false)}
          className={bar}
        />
      )}
    </>
  );
}

/** Toast content for react-toastify; it passes the toast's data and timer state in. */
export const renderToast = (props: ToastContentProps<ToastData>) => <ToastBody {...props} />;

function CloseButton({ closeToast }: CloseButtonProps) {
  const t = useLayoutLabels().ui;
  return (
    <button
      type="button"
      aria-label={t.close}
      onClick={(event) => {
        event.stopPropagation();
        closeToast(true);
      }}
      className="absolute end-2 top-2 inline-flex size-8 items-center justify-center rounded-md text-gray-500 transition-colors hover:bg-gray-100 hover:text-gray-900 focus-visible:outline-2 focus-visible:outline-primary-600 dark:text-gray-400 dark:hover:bg-gray-800 dark:hover:text-white dark:focus-visible:outline-primary-400"
    >
      <X aria-hidden className="size-4" />
    </button>
  );
}

export function Toaster() {
  const t = useLayoutLabels().ui;
  return (
    <ToastContainer
      position="bottom-right"
      autoClose={TOAST_AUTO_CLOSE_MS}
      pauseOnHover
      customProgressBar
      icon={false}
      // Without react-toastify's stylesheet its CSS transitions would never end; the toast animates in below.
      transition={false}
      closeButton={(props) => <CloseButton {...props} />}
      aria-label={t.notifications}
      className="fixed inset-x-0 bottom-0 z-60 flex flex-col gap-2 p-2 sm:left-auto sm:p-4"
      toastClassName="relative flex w-full items-start gap-3 overflow-hidden rounded-lg bg-white p-4 pe-12 text-gray-700 shadow-lg ring-1 ring-gray-200 [--y:0px] touch-pan-y transition duration-200 ease-out starting:translate-y-2 starting:opacity-0 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-600 motion-reduce:transition-none sm:w-96 dark:bg-gray-900 dark:text-gray-200 dark:ring-gray-800"
    />
  );
}
