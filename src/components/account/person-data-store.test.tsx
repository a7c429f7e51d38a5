// @vitest-environment happy-dom
import { act, renderHook } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { personDataScript, type PersonData } from "@/web/shared/person-data";
import { loadPersonData, reloadPersonData, usePersonData } from "./person-data-store";

const person = (balance: number) => ({ balance, gallery: [], batches: null, now: 1, welcome: null, menu: { email: "a@example.test" } }) as unknown as PersonData;

/** A page whose HTML brought `brought` for `address`, in a browser whose fetch answers `fetched`. */
function pageWith(brought: PersonData, address: string, fetched: PersonData) {
  const fetchMock = vi.fn(async () => Response.json(fetched));
  vi.stubGlobal("fetch", fetchMock);
  document.body.innerHTML = personDataScript(brought, address);
  return { fetchMock, store: renderHook(() => usePersonData()).result };
}

afterEach(() => {
  vi.unstubAllGlobals();
  document.body.innerHTML = "";
});

describe("the person's data store", () => {
  it("takes the data the page's HTML brought for its address without asking, and asks on the next visit", async () => {
    const { fetchMock, store: result } = pageWith(person(3), "/api/me?locale=pl&with=gallery", person(5));
    await act(() => loadPersonData("/api/me?locale=pl&with=gallery"));
    expect(result.current?.balance).toBe(3);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(document.getElementById("person-data")).toBeNull();

    await act(() => reloadPersonData());
    expect(fetchMock).toHaveBeenCalledWith("/api/me?locale=pl&with=gallery", expect.anything());
    expect(result.current?.balance).toBe(5);
  });

  it("fetches when the HTML brought data for another address", async () => {
    const { fetchMock, store: result } = pageWith(person(3), "/api/me?locale=pl&with=batches", person(7));
    await act(() => loadPersonData("/api/me?locale=en&with=gallery"));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(result.current?.balance).toBe(7);
  });
});
