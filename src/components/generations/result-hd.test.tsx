// @vitest-environment happy-dom
import { act, cleanup, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, expect, it, vi } from "vitest";
import { FakeEventSource } from "~/tests/support/fake-event-source";
import { withMessages } from "~/tests/support/messages";
import { ResultHd } from "./result-hd";

const fetchMock = vi.fn<typeof fetch>();
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
const hd = { id: "hd1", url: "/api/images/hd1", kind: "result", width: 3840, height: 2560, createdAt: new Date().toISOString(), expiresAt: new Date(Date.now() + 3_600_000).toISOString() };

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal("fetch", fetchMock);
  FakeEventSource.made = [];
  vi.stubGlobal("EventSource", FakeEventSource);
});
/** The streams open now. */
const open = () => FakeEventSource.made.filter((s) => s.readyState !== FakeEventSource.CLOSED);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

it("orders the 4K copy for one token, says it is being made, follows the batch's stream (no polling) and reads the order once its event comes, then offers its download", async () => {
  const user = userEvent.setup();
  fetchMock.mockResolvedValueOnce(json(202, { state: "queued", balance: 4 }));
  fetchMock.mockResolvedValueOnce(json(200, { state: "ready", hd, plain: true }));
  render(withMessages(<ResultHd visualizationId="v1" batchId="b1" fileName="Salon Boho" styleName="Boho" />));
  await user.click(screen.getByRole("button", { name: "4K: powiększ do co najmniej 3840 px (1 token): Boho" }));
  expect(fetchMock).toHaveBeenCalledWith("/api/visualizations/v1/hd", expect.objectContaining({ method: "POST" }));
  await act(async () => {});
  expect(screen.getByRole("status").textContent).toBe("Przygotowujemy kopię 4K…");
  expect(open().map((s) => s.url)).toEqual(["/api/batches/b1/events"]);
  // Another result's copy, and the batch's other events: nothing read.
  await act(async () => {
    open()[0]!.emit({ type: "hd", seq: 7, visualizationId: "v2", state: "ready" });
    open()[0]!.emit({ type: "scored", seq: 8, visualizationId: "v1", structureScore: 0.9, flagged: false });
  });
  expect(fetchMock).toHaveBeenCalledTimes(1);
  await act(async () => open()[0]!.emit({ type: "hd", seq: 9, visualizationId: "v1", state: "ready" }));
  const link = await screen.findByRole("link", { name: "Pobierz 4K: Boho" });
  expect(link.getAttribute("href")).toBe(`/api/images/hd1?download&name=${encodeURIComponent("Salon Boho 4K")}`);
  expect(screen.getByText("To powiększenie jest zwykłym przeskalowaniem: nie dodaje szczegółów.")).toBeTruthy();
  expect(fetchMock).toHaveBeenCalledTimes(2);
  expect(open()).toEqual([]);
});

it("orders again after a failed copy and follows the batch again", async () => {
  const user = userEvent.setup();
  fetchMock.mockResolvedValueOnce(json(202, { state: "queued", balance: 4 }));
  fetchMock.mockResolvedValueOnce(json(200, { state: "failed", hd: null }));
  fetchMock.mockResolvedValueOnce(json(202, { state: "queued", balance: 4 }));
  render(withMessages(<ResultHd visualizationId="v1" batchId="b1" fileName="Salon Boho" styleName="Boho" />));
  await user.click(screen.getByRole("button", { name: /^4K: .*: Boho$/ }));
  await act(async () => {});
  // The stream ends (the order failed and gave its token back): the page reads the order once.
  await act(async () => open()[0]!.done());
  expect(await screen.findByRole("alert")).toBeTruthy();
  await user.click(screen.getByRole("button", { name: /^4K: .*: Boho$/ }));
  await act(async () => {});
  expect(open().map((s) => s.url)).toEqual(["/api/batches/b1/events"]);
  expect(FakeEventSource.made).toHaveLength(2);
  expect(fetchMock).toHaveBeenCalledTimes(3);
});

it("two cards of one batch waiting for their copies share one stream, and each reads only its own", async () => {
  fetchMock.mockResolvedValueOnce(json(200, { state: "ready", hd, plain: false }));
  render(
    withMessages(
      <>
        <ResultHd visualizationId="v1" batchId="b1" fileName="Salon Boho" styleName="Boho" ordered="running" />
        <ResultHd visualizationId="v2" batchId="b1" fileName="Salon Loft" styleName="Loft" ordered="queued" />
      </>,
    ),
  );
  await act(async () => {});
  expect(open().map((s) => s.url)).toEqual(["/api/batches/b1/events"]);
  await act(async () => open()[0]!.emit({ type: "hd", seq: 4, visualizationId: "v1", state: "ready" }));
  await screen.findByRole("link", { name: "Pobierz 4K: Boho" });
  expect(fetchMock).toHaveBeenCalledTimes(1);
  expect(fetchMock.mock.calls[0]![0]).toBe("/api/visualizations/v1/hd");
  // The other card still waits on the same stream.
  expect(open()).toHaveLength(1);
});

it("says why an order was refused, in the server's sentence", async () => {
  const user = userEvent.setup();
  fetchMock.mockResolvedValueOnce(json(402, { error: { code: "INSUFFICIENT_TOKENS", details: {}, message: "Masz 0 tokenów." } }));
  render(withMessages(<ResultHd visualizationId="v1" batchId="b1" fileName="Salon Boho" styleName="Boho" />));
  await user.click(screen.getByRole("button", { name: /^4K: .*: Boho$/ }));
  expect((await screen.findByRole("alert")).textContent).toBe("Masz 0 tokenów.");
});

it("knows an order placed before the page loaded: says it is being made, offers no second order, follows the batch, then its download", async () => {
  fetchMock.mockResolvedValueOnce(json(200, { state: "ready", hd, plain: false }));
  render(withMessages(<ResultHd visualizationId="v1" batchId="b1" fileName="Salon Boho" styleName="Boho" ordered="running" />));
  expect(screen.getByRole("status").textContent).toBe("Przygotowujemy kopię 4K…");
  expect(screen.queryByRole("button")).toBeNull();
  expect(fetchMock).not.toHaveBeenCalled();
  await act(async () => open()[0]!.emit({ type: "hd", seq: 3, visualizationId: "v1", state: "ready" }));
  await screen.findByRole("link", { name: "Pobierz 4K: Boho" });
  expect(fetchMock).toHaveBeenCalledTimes(1);
  expect(fetchMock.mock.calls[0]![1]).toMatchObject({ method: "GET" });
});

it("asks at once for a copy made before the page loaded and offers its download, never the order", async () => {
  fetchMock.mockResolvedValueOnce(json(200, { state: "ready", hd, plain: false }));
  render(withMessages(<ResultHd visualizationId="v1" batchId="b1" fileName="Salon Boho" styleName="Boho" ordered="ready" />));
  expect(screen.queryByRole("button")).toBeNull();
  const link = await screen.findByRole("link", { name: "Pobierz 4K: Boho" }, { timeout: 1000 });
  expect(link.getAttribute("href")).toBe(`/api/images/hd1?download&name=${encodeURIComponent("Salon Boho 4K")}`);
  expect(fetchMock).toHaveBeenCalledTimes(1);
});

// Last in the file: it gives the person-data store an address, which the other tests' orders would then read.
it("has the page's and the header's balances read again once the order took its token", async () => {
  const user = userEvent.setup();
  const { loadPersonData } = await import("@/components/account/person-data-store");
  const asked: string[] = [];
  fetchMock.mockImplementation(async (input, init) => {
    asked.push(`${init?.method ?? "GET"} ${String(input)}`);
    if (String(input).startsWith("/api/me")) return json(200, { balance: 38 });
    return json(202, { state: "queued", balance: 38 });
  });
  await loadPersonData("/api/me?locale=pl");
  render(withMessages(<ResultHd visualizationId="v1" batchId="b1" fileName="Salon Boho" styleName="Boho" />));
  await user.click(screen.getByRole("button", { name: /^4K: .*: Boho$/ }));
  await act(async () => {});
  expect(asked).toEqual(["GET /api/me?locale=pl", "POST /api/visualizations/v1/hd", "GET /api/me?locale=pl"]);
});
