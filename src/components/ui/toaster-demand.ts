/**
 * Whether any code has asked for a toast yet. The toast container (and react-toastify) mount only then, so
 * page loads without a toast never download or run them; toasts asked for before the container is mounted
 * wait in react-toastify's queue and appear as soon as it is.
 */
let requested = false;
const listeners = new Set<() => void>();

export function requestToaster(): void {
  if (requested) return;
  requested = true;
  for (const listener of listeners) listener();
}

export function subscribeToToasterDemand(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const isToasterRequested = (): boolean => requested;
