// @vitest-environment jsdom
import { cleanup, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, expect, it, vi } from "vitest";
import { withMessages } from "~/tests/support/messages";
import { ResultHd } from "./result-hd";

const fetchMock = vi.fn<typeof fetch>();
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
const hd = { id: "hd1", url: "/api/images/hd1", kind: "result", width: 3840, height: 2560, createdAt: new Date().toISOString(), expiresAt: new Date(Date.now() + 3_600_000).toISOString() };

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal("fetch", fetchMock);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

it("orders the 4K copy for one token, says it is being made, asks until it is ready, then offers its download and says it is a plain resampling", async () => {
  const user = userEvent.setup();
  fetchMock.mockResolvedValueOnce(json(202, { state: "queued", balance: 4 }));
  fetchMock.mockResolvedValueOnce(json(200, { state: "running", hd: null, plain: true }));
  fetchMock.mockResolvedValueOnce(json(200, { state: "ready", hd, plain: true }));
  render(withMessages(<ResultHd visualizationId="v1" fileName="Salon Boho" styleName="Boho" />));
  await user.click(screen.getByRole("button", { name: "4K: powiększenie do co najmniej 3840 px (1 token): Boho" }));
  expect(fetchMock).toHaveBeenCalledWith("/api/visualizations/v1/hd", expect.objectContaining({ method: "POST" }));
  expect(screen.getByRole("status").textContent).toBe("Przygotowujemy kopię 4K…");
  const link = await screen.findByRole("link", { name: "Pobierz 4K: Boho" }, { timeout: 6000 });
  expect(link.getAttribute("href")).toBe(`/api/images/hd1?download&name=${encodeURIComponent("Salon Boho 4K")}`);
  expect(screen.getByText("To powiększenie jest zwykłym przeskalowaniem: nie dodaje szczegółów.")).toBeTruthy();
  expect(fetchMock).toHaveBeenCalledTimes(3);
}, 10_000);

it("says why an order was refused, in the server's sentence", async () => {
  const user = userEvent.setup();
  fetchMock.mockResolvedValueOnce(json(402, { error: { code: "INSUFFICIENT_TOKENS", details: {}, message: "Masz 0 tokenów." } }));
  render(withMessages(<ResultHd visualizationId="v1" fileName="Salon Boho" styleName="Boho" />));
  await user.click(screen.getByRole("button", { name: /^4K: .*: Boho$/ }));
  expect((await screen.findByRole("alert")).textContent).toBe("Masz 0 tokenów.");
});

it("knows an order placed before the page loaded: says it is being made and offers no second order, then its download", async () => {
  fetchMock.mockResolvedValueOnce(json(200, { state: "ready", hd, plain: false }));
  render(withMessages(<ResultHd visualizationId="v1" fileName="Salon Boho" styleName="Boho" ordered="running" />));
  expect(screen.getByRole("status").textContent).toBe("Przygotowujemy kopię 4K…");
  expect(screen.queryByRole("button")).toBeNull();
  await screen.findByRole("link", { name: "Pobierz 4K: Boho" }, { timeout: 6000 });
  expect(fetchMock).toHaveBeenCalledTimes(1);
  expect(fetchMock.mock.calls[0]![1]).toMatchObject({ method: "GET" });
}, 10_000);

it("asks at once for a copy made before the page loaded and offers its download, never the order", async () => {
  fetchMock.mockResolvedValueOnce(json(200, { state: "ready", hd, plain: false }));
  render(withMessages(<ResultHd visualizationId="v1" fileName="Salon Boho" styleName="Boho" ordered="ready" />));
  expect(screen.queryByRole("button")).toBeNull();
  const link = await screen.findByRole("link", { name: "Pobierz 4K: Boho" }, { timeout: 1000 });
  expect(link.getAttribute("href")).toBe(`/api/images/hd1?download&name=${encodeURIComponent("Salon Boho 4K")}`);
  expect(fetchMock).toHaveBeenCalledTimes(1);
});
