import type { ReactNode } from "react";

/** The headline block every page starts with. */
export function PageHeader({ title, lead, children }: { title: string; lead?: string; children?: ReactNode }) {
  return (
    <header className="mb-8 space-y-3">
      <h1 className="text-3xl font-bold tracking-tight text-balance wrap-anywhere text-gray-950 sm:text-4xl dark:text-white">{title}</h1>
      {lead ? <p className="max-w-2xl text-lg text-pretty text-gray-700 dark:text-gray-300">{lead}</p> : null}
      {children}
    </header>
  );
}

export function PageContainer({ children, narrow }: { children: ReactNode; narrow?: boolean }) {
  return <div className={`mx-auto w-full px-4 py-10 sm:py-14 ${narrow ? "max-w-xl" : "max-w-6xl"}`}>{children}</div>;
}
