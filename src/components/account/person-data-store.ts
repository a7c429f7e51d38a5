"use client";

import { useState, useSyncExternalStore } from "react";
import { apiFetch } from "@/web/client/api-fetch";
import { PERSON_DATA_ELEMENT, type PersonData } from "@/web/shared/person-data";
import type { AccountMenuData } from "@/web/shared/account-menu-data";

/*
 * The person's data on a signed-in shell (src/web/shared/person-data.ts), fetched once per page from
 * GET /api/me and shared by the header, the welcome dialog and the page. One store for the tab, so a page
 * that changes the balance (a batch, a refund) reloads it and the header follows.
 */

/** `version` counts the answers kept, so a part rendered by the server can tell whether one came after it. */
type State = { data: PersonData | null; signedOut: boolean; version: number };

let state: State = { data: null, signedOut: false, version: 0 };
let source: string | null = null;
let loading: Promise<void> | null = null;
/** Counts requests: only the answer to the latest one is kept (an older one may know an older balance). */
let latest = 0;
const listeners = new Set<() => void>();

function set(next: State) {
  state = next;
  for (const listener of listeners) listener();
}

async function fetchFrom(url: string): Promise<void> {
  const request = ++latest;
  const answer = await apiFetch<PersonData>("GET", url);
  if (!answer.ok) {
    if (answer.kind === "error" && answer.status === 401) set({ ...state, signedOut: true });
    // Offline for a moment, or another error: the page keeps what it showed; the next reload asks again.
    return;
  }
  if (request === latest) set({ data: answer.body, signedOut: false, version: state.version + 1 });
}

function start(url: string): Promise<void> {
  source = url;
  const pending = fetchFrom(url).finally(() => {
    if (loading === pending) loading = null;
  });
  loading = pending;
  return pending;
}

/** The data server.ts put in this page's HTML for `url`, taken once (a later visit of the page asks anew). */
function takeEmbedded(url: string): PersonData | null {
  const element = document.getElementById(PERSON_DATA_ELEMENT);
  if (!element || element.dataset.source !== url) return null;
  element.remove();
  try {
    return JSON.parse(element.textContent ?? "") as PersonData;
  } catch {
    return null;
  }
}

/**
 * The person's data for `url` (GET /api/me?…): from the page's HTML when it came with it, else fetched,
 * sharing a request for the same address under way.
 */
export function loadPersonData(url: string): Promise<void> {
  if (url === source && loading) return loading;
  const embedded = takeEmbedded(url);
  if (!embedded) return start(url);
  source = url;
  latest++;
  set({ data: embedded, signedOut: false, version: state.version + 1 });
  return Promise.resolve();
}

/** Asks again (after a change of balance), even if a request is under way; the header and the page follow. */
export function reloadPersonData(): Promise<void> {
  return source ? start(source) : Promise.resolve();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The person's data once fetched (null before, and in the server's HTML, which holds none of it). */
export function usePersonData(): PersonData | null {
  return useSyncExternalStore(subscribe, () => state.data, () => null);
}

/** True once GET /api/me said the session has ended. */
export function usePersonSignedOut(): boolean {
  return useSyncExternalStore(subscribe, () => state.signedOut, () => false);
}

const serverVersion = () => 0;

/**
 * The account menu to show: the server's render of it, unless the store answered after that render (a
 * batch changed the balance on the page since), or on a signed-in shell, whose render has none.
 */
export function useAccountMenu(rendered: AccountMenuData | null): AccountMenuData | null {
  const data = usePersonData();
  const version = useSyncExternalStore(subscribe, () => state.version, serverVersion);
  const [seen, setSeen] = useState({ rendered, version });
  if (seen.rendered !== rendered) setSeen({ rendered, version });
  if (rendered === null || version > seen.version) return data?.menu ?? rendered;
  return rendered;
}
