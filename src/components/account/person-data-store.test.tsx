// @vitest-environment jsdom
import { act, renderHook } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { personDataScript, type PersonData } from "@/web/shared/person-data";
import { loadPersonData, reloadPersonData, usePersonData } from "./person-data-store";

const person = (balance: number) => ({ balance, gallery: [], batches: null, now: 1, welcome: null, menu: { email: "a@example.test" } }) as unknown as PersonData;

afterEach(() => {
  vi.unstubAllGlobals();
  document.body.innerHTML = "";
});

describe("the person's data store", () => {
  it("takes the data the page's HTML brought for its address without asking, and asks on the next visit", async () => {
    const fetchMock = vi.fn(async () => Response.json(person(5)));
    vi.stubGlobal("fetch", fetchMock);
    document.body.innerHTML = personDataScript(person(3), "/api/me?locale=pl&with=gallery");
    const { result } = renderHook(() => usePersonData());
    await act(() => loadPersonData("/api/me?locale=pl&with=gallery"));
    expect(result.current?.balance).toBe(3);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(document.getElementById("person-data")).toBeNull();

    await act(() => reloadPersonData());
    expect(fetchMock).toHaveBeenCalledWith("/api/me?locale=pl&with=gallery", expect.anything());
    expect(result.current?.balance).toBe(5);
  });

  it("fetches when the HTML brought data for another address", async () => {
    const fetchMock = vi.fn(async () => Response.json(person(7)));
    vi.stubGlobal("fetch", fetchMock);
    document.body.innerHTML = personDataScript(person(3), "/api/me?locale=pl&with=batches");
    const { result } = renderHook(() => usePersonData());
    await act(() => loadPersonData("/api/me?locale=en&with=gallery"));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(result.current?.balance).toBe(7);
  });
});
