/**
 * The process's long-lived objects (database handle, auth, engine, storage, worker, signals, the shared-page
 * cache, the limits on image work and uploads in flight), in one place. Next's server bundle, its proxy
 * bundle, the worker and server.ts are separate module graphs in one process, so a module-level variable
 * would exist once per graph; these live on one global map instead. Deliberately free of `server-only`: server.ts imports it outside React's server condition.
 */
export type SingletonName =
  | "accountDownloadPace"
  | "auth"
  | "db"
  | "downloadsInFlight"
  | "engine"
  | "labelledFiles"
  | "labelledHdMaking"
  | "labelSlots"
  | "normalizeSlots"
  | "pageFillToken"
  | "resultImageSlots"
  | "shellVisitor"
  | "sessionSealKey"
  | "sharedImagePace"
  | "sharedPageCache"
  | "signals"
  | "storage"
  | "uploadsInFlight"
  | "worker";

const key = Symbol.for("aranzer.processSingletons");
const holder = globalThis as typeof globalThis & { [key]?: Map<SingletonName, unknown> };

function store(): Map<SingletonName, unknown> {
  holder[key] ??= new Map();
  return holder[key];
}

/** The object under `name`, made by `make` the first time any module graph of this process asks. */
export function remember<T>(name: SingletonName, make: () => T): T {
  const all = store();
  if (!all.has(name)) all.set(name, make());
  return all.get(name) as T;
}

/** The object under `name` if something has made it, without making it. */
export function peek<T>(name: SingletonName): T | undefined {
  return store().get(name) as T | undefined;
}

/** Puts `value` under `name` (tests install their own database or storage; server.ts its page cache). */
export function install<T>(name: SingletonName, value: T): void {
  store().set(name, value);
}

/** Drops the object under `name`, so the next `remember` makes it again (after a failed start). */
export function forget(name: SingletonName): void {
  store().delete(name);
}
