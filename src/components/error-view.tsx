import type { ReactNode } from "react";

/** The error page: 'Oops! Room not found!' with a way home. */
export function ErrorView({ code, title, message, actions }: { code?: string; title: string; message: string; actions: ReactNode }) {
  return (
    <div className="mx-auto flex w-full max-w-xl flex-1 flex-col items-center justify-center px-4 py-20 text-center">
      {code ? (
        <p aria-hidden="true" className="text-6xl font-black text-primary-600 dark:text-primary-400">
          {code}
        </p>
      ) : null}
      <h1 className="mt-4 text-3xl font-bold text-gray-950 dark:text-white">{title}</h1>
      <p className="mt-3 break-all text-gray-700 dark:text-gray-300">{message}</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">{actions}</div>
    </div>
  );
}
