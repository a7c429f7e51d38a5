// @vitest-environment happy-dom
import { act, cleanup, render, screen, waitFor, within } from "@testing-library/react";
import { NextIntlClientProvider } from "next-intl";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { catalogs } from "@/i18n/catalogs";
import type { BatchDto, BatchEvent, ImageDto } from "@/schemas/generation";
import { pick } from "@/web/shared/pick";
import { LiveResults } from "./live-results";
import { resultNamespaces } from "./result-namespaces";
import { withLayoutLabels } from "~/tests/support/layout-labels";
import { withMessages } from "~/tests/support/messages";

/** A stand-in for the browser's EventSource: the test pushes events; it records what was opened and closed. */
class FakeEventSource {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  static instances: FakeEventSource[] = [];
  readyState = FakeEventSource.OPEN;
  onmessage: ((event: MessageEvent<string>) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  onopen: ((event: Event) => void) | null = null;
  constructor(readonly url: string) {
    FakeEventSource.instances.push(this);
  }
  listeners = new Map<string, () => void>();
  addEventListener(type: string, listener: () => void) {
    this.listeners.set(type, listener);
  }
  close() {
    this.readyState = FakeEventSource.CLOSED;
  }
  emit(event: BatchEvent) {
    act(() => this.onmessage?.(new MessageEvent("message", { data: JSON.stringify(event), lastEventId: String(event.seq) })));
  }
}

// Relative to the real clock: the component switches to the device clock right after its first render.
const NOW = Date.now();
const image = (id: string, minutesLeft = 50): ImageDto => ({
  id,
  url: `/api/images/${id}`,
  kind: id.startsWith("res") ? "result" : "upload",
  width: 1200,
  height: 800,
  createdAt: new Date(NOW - 60_000).toISOString(),
  expiresAt: new Date(NOW + minutesLeft * 60_000).toISOString(),
});

function batch(overrides: Partial<BatchDto> = {}): BatchDto {
  return {
    id: "b1",
    roomType: "living-room",
    createdAt: new Date(NOW).toISOString(),
    expiresAt: new Date(NOW + 3_600_000).toISOString(),
    source: image("src1"),
    engine: "local",
      mode: "restyle",
      params: { creativity: "balanced" },
    ai: false,
    visualizations: [
      { id: "v1", styleId: "scandinavian", status: "queued", progress: null, result: null, failureReason: null, refunded: false, variant: 0, structureScore: null, flagged: false, remadeAs: null, remakeOf: null },
      { id: "v2", styleId: "boho", status: "queued", progress: null, result: null, failureReason: null, refunded: false, variant: 0, structureScore: null, flagged: false, remadeAs: null, remakeOf: null },
    ],
    ...overrides,
  };
}

function renderResults(dto: BatchDto, options: { eager?: boolean } = {}) {
  return render(withMessages(<LiveResults batch={dto} now={NOW} enginesDocs="https://example.test/docs#engines" designHref="/design" eager={options.eager} />));
}

beforeEach(() => {
  FakeEventSource.instances = [];
  vi.stubGlobal("EventSource", FakeEventSource);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe("LiveResults", () => {
  it("subscribes to the batch's events and shows each state as its event arrives", () => {
    renderResults(batch());
    expect(FakeEventSource.instances).toHaveLength(1);
    const stream = FakeEventSource.instances[0]!;
    expect(stream.url).toBe("/api/batches/b1/events");

    const card = () => screen.getByRole("article", { name: "Skandynawski" });
    expect(within(card()).getByText("W kolejce")).toBeTruthy();

    stream.emit({ seq: 1, type: "running", visualizationId: "v1", progress: 0.4 });
    const progress = within(card()).getByRole("progressbar", { name: "Postęp: Skandynawski" }) as HTMLProgressElement;
    expect(progress.value).toBeCloseTo(0.4);

    stream.emit({ seq: 2, type: "succeeded", visualizationId: "v1", result: image("res1"), structureScore: 0.97, flagged: false });
    const result = within(card()).getByRole("img", { name: "Salon, styl Skandynawski – podgląd wykonany bez AI" });
    expect(result.getAttribute("src")).toBe("/api/images/res1");
    expect(within(card()).getByText("Podgląd bez AI")).toBeTruthy();
    expect(within(card()).getByRole("link", { name: "Pobierz: Skandynawski" }).hasAttribute("download")).toBe(true);
    expect(within(card()).getByRole("link", { name: "Użyj jako nowego zdjęcia: Skandynawski" }).getAttribute("href")).toBe("/design?image=res1");
    expect(within(card()).getByRole("slider", { name: "Porównanie przed i po: Skandynawski" })).toBeTruthy();
    // A replayed older event does not move a finished result back.
    stream.emit({ seq: 1, type: "running", visualizationId: "v1", progress: 0.1 });
    expect(within(card()).queryByRole("progressbar")).toBeNull();
    expect(stream.readyState).toBe(FakeEventSource.OPEN);
  });

  it("offers the grid its display-size copy through srcset, the full image still its src and download", () => {
    renderResults(batch());
    const stream = FakeEventSource.instances[0]!;
    const result = { ...image("res1"), display: { url: "/api/images/res1?size=display", width: 768 } };
    stream.emit({ seq: 1, type: "succeeded", visualizationId: "v1", result, structureScore: 0.97, flagged: false });
    const shown = screen.getByRole("img", { name: "Salon, styl Skandynawski – podgląd wykonany bez AI" });
    expect(shown.getAttribute("srcset")).toBe("/api/images/res1?size=display 768w, /api/images/res1 1200w");
    expect(shown.getAttribute("sizes")).toMatch(/330px/);
    expect(shown.getAttribute("src")).toBe("/api/images/res1");
    // The full image, named after the room and the style.
    expect(screen.getByRole("link", { name: "Pobierz: Skandynawski" }).getAttribute("href")).toBe("/api/images/res1?download&name=Salon%20Skandynawski");
  });

  it("takes a result's JPEG at the photo's size when it replaces the engine's answer shown first", () => {
    renderResults(batch());
    const stream = FakeEventSource.instances[0]!;
    const display = { url: "/api/images/res1?size=display", width: 768 };
    stream.emit({ seq: 1, type: "succeeded", visualizationId: "v1", result: { ...image("res1"), width: 768, height: 512, display }, structureScore: null, flagged: false });
    const shown = () => screen.getByRole("img", { name: "Salon, styl Skandynawski – podgląd wykonany bez AI" });
    expect(shown().getAttribute("srcset")).toBe("/api/images/res1?size=display 768w, /api/images/res1 768w");
    stream.emit({ seq: 2, type: "replaced", visualizationId: "v1", result: { ...image("res1"), width: 1536, height: 1024, display } });
    expect(shown().getAttribute("srcset")).toBe("/api/images/res1?size=display 768w, /api/images/res1 1536w");
    expect(shown().getAttribute("width")).toBe("1536");
  });
  it("loads a result when scrolled near, or at once for the batch just ordered", () => {
    for (const eager of [false, true]) {
      renderResults(batch(), { eager });
      FakeEventSource.instances.at(-1)!.emit({ seq: 1, type: "succeeded", visualizationId: "v1", result: image("res1"), structureScore: 0.97, flagged: false });
      const result = screen.getByRole("img", { name: "Salon, styl Skandynawski – podgląd wykonany bez AI" });
      expect(result.getAttribute("loading")).toBe(eager ? "eager" : "lazy");
      cleanup();
    }
  });

  it("starts fetching the batch just ordered's result image as its event arrives, the candidate its card takes", () => {
    const preloads = () => [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="preload"][as="image"]')];
    // Those of earlier tests: jsdom loads nothing, so they stay.
    for (const link of preloads()) link.remove();
    renderResults(batch());
    FakeEventSource.instances.at(-1)!.emit({ seq: 1, type: "succeeded", visualizationId: "v1", result: image("res1"), structureScore: 0.97, flagged: false });
    expect(preloads()).toHaveLength(0);
    cleanup();

    renderResults(batch(), { eager: true });
    const result = { ...image("res2"), display: { url: "/api/images/res2?size=display", width: 768 } };
    FakeEventSource.instances.at(-1)!.emit({ seq: 1, type: "succeeded", visualizationId: "v1", result, structureScore: 0.97, flagged: false });
    const shown = screen.getByRole("img", { name: "Salon, styl Skandynawski – podgląd wykonany bez AI" });
    const [preload] = preloads();
    expect(preload?.getAttribute("imagesrcset")).toBe(shown.getAttribute("srcset"));
    expect(preload?.getAttribute("imagesizes")).toBe(shown.getAttribute("sizes"));
    preload!.dispatchEvent(new Event("load"));
    expect(preloads()).toHaveLength(0);
  });

  it("says that previews were made without AI and links to how to connect an engine", () => {
    renderResults(batch());
    const link = screen.getByRole("link", { name: "Jak podłączyć silnik AI" });
    expect(link.getAttribute("href")).toBe("https://example.test/docs#engines");
  });

  it("explains a failure in words, says the token was refunded, and closes the stream once all are final", () => {
    renderResults(batch());
    const stream = FakeEventSource.instances[0]!;
    stream.emit({ seq: 1, type: "succeeded", visualizationId: "v1", result: image("res1"), structureScore: 0.97, flagged: false });
    stream.emit({ seq: 2, type: "failed", visualizationId: "v2", reason: "refused", refunded: true });
    const card = screen.getByRole("article", { name: "Boho" });
    expect(within(card).getByText(/odmówiła przerobienia tego zdjęcia/)).toBeTruthy();
    expect(within(card).getByText("Token wrócił na Twoje konto.")).toBeTruthy();
    expect(stream.readyState).toBe(FakeEventSource.CLOSED);
  });

  it("shows a result at once and its structure check when it comes, keeping the stream open until then or until the server is done", () => {
    renderResults(batch());
    const stream = FakeEventSource.instances[0]!;
    stream.emit({ seq: 1, type: "succeeded", visualizationId: "v1", result: image("res1"), structureScore: null, flagged: false });
    stream.emit({ seq: 2, type: "failed", visualizationId: "v2", reason: "refused", refunded: true });
    const card = screen.getByRole("article", { name: "Skandynawski" });
    expect(within(card).queryByText(/linii zdjęcia/)).toBeNull();
    // The check is said to be under way where its note will stand, so the buttons below it do not move when it comes.
    expect(within(card).getByText("Sprawdzamy ściany, okna i drzwi…")).toBeTruthy();
    expect(stream.readyState).toBe(FakeEventSource.OPEN);
    stream.emit({
      seq: 3,
      type: "scored",
      visualizationId: "v1",
      structureScore: 0.5,
      flagged: true,
      structureFindings: [
        { kind: "added", element: "window", side: "left", level: "middle", box: [0.1, 0.2, 0.25, 0.5] },
        { kind: "moved", element: "ceiling-line", side: "centre", level: "top", segment: [0.3, 0.2, 0.7, 0.2], to: [0.3, 0.15, 0.7, 0.15] },
      ],
    });
    expect(within(card).getByText(/różnią się od zdjęcia \(zachowano tylko 50%\)/)).toBeTruthy();
    expect(within(card).queryByText("Sprawdzamy ściany, okna i drzwi…")).toBeNull();
    // What differs, in words, and marked on the before/after.
    expect(within(card).getByText("Co mogło się zmienić (ocena automatyczna): pojawiło się okno po lewej i linia sufitu jest wyżej pośrodku.")).toBeTruthy();
    const overlay = within(card).getByRole("img", { name: "Różnice względem zdjęcia zaznaczone na obrazie" });
    expect(overlay.querySelectorAll("rect")).toHaveLength(1);
    expect(overlay.querySelectorAll("line")).toHaveLength(2);
    expect(stream.readyState).toBe(FakeEventSource.CLOSED);

    // A check that never comes: the server's "done" ends the stream.
    cleanup();
    renderResults(batch());
    const second = FakeEventSource.instances.at(-1)!;
    second.emit({ seq: 1, type: "succeeded", visualizationId: "v1", result: image("res1"), structureScore: null, flagged: false });
    second.emit({ seq: 2, type: "failed", visualizationId: "v2", reason: "refused", refunded: true });
    act(() => second.listeners.get("done")?.());
    expect(second.readyState).toBe(FakeEventSource.CLOSED);
  });

  it("asks again for a structure check the server stopped waiting for, and shows it when it comes", () => {
    vi.useFakeTimers();
    renderResults(batch());
    const stream = FakeEventSource.instances.at(-1)!;
    stream.emit({ seq: 1, type: "succeeded", visualizationId: "v1", result: image("res1"), structureScore: null, flagged: false });
    stream.emit({ seq: 2, type: "failed", visualizationId: "v2", reason: "refused", refunded: true });
    act(() => stream.listeners.get("done")?.());
    expect(stream.readyState).toBe(FakeEventSource.CLOSED);
    act(() => vi.advanceTimersByTime(10_000));
    const again = FakeEventSource.instances.at(-1)!;
    expect(again).not.toBe(stream);
    expect(again.url).toContain("after=2");
    again.emit({ seq: 3, type: "scored", visualizationId: "v1", structureScore: 0.96, flagged: false });
    expect(within(screen.getByRole("article", { name: "Skandynawski" })).getByText(/96% linii zdjęcia/)).toBeTruthy();
    expect(again.readyState).toBe(FakeEventSource.CLOSED);
  });

  it("announces finished styles politely, several at once in one message", () => {
    vi.useFakeTimers();
    renderResults(batch());
    const stream = FakeEventSource.instances[0]!;
    stream.emit({ seq: 1, type: "running", visualizationId: "v1", progress: 0.5 });
    stream.emit({ seq: 2, type: "succeeded", visualizationId: "v1", result: image("res1"), structureScore: 0.97, flagged: false });
    stream.emit({ seq: 3, type: "failed", visualizationId: "v2", reason: "timeout", refunded: true });
    act(() => vi.advanceTimersByTime(1_100));
    expect(screen.getByRole("status").textContent).toBe("Skandynawski: gotowe. Boho: nie udało się, token wrócił na Twoje konto.");
  });

  it("says when the connection dropped and the browser is trying again, and stops once it is back", () => {
    vi.useFakeTimers();
    renderResults(batch());
    const stream = FakeEventSource.instances[0]!;
    stream.readyState = FakeEventSource.CONNECTING;
    act(() => stream.onerror?.(new Event("error")));
    // A blip is not worth a sentence.
    expect(screen.queryByText(/Połączenie z serwerem zostało przerwane/)).toBeNull();
    act(() => vi.advanceTimersByTime(3_000));
    expect(screen.getByText(/Połączenie z serwerem zostało przerwane\. Łączymy ponownie/).getAttribute("role")).toBe("status");
    stream.readyState = FakeEventSource.OPEN;
    act(() => stream.onopen?.(new Event("open")));
    expect(screen.queryByText(/Połączenie z serwerem zostało przerwane/)).toBeNull();
  });

  it("reads the batch when the stream is refused, and announces what finished meanwhile", async () => {
    const done = batch({
      visualizations: [
        { ...batch().visualizations[0]!, status: "succeeded", result: image("res1"), structureScore: 0.97 },
        { ...batch().visualizations[1]!, status: "failed", failureReason: "timeout", refunded: true },
      ],
    });
    vi.stubGlobal("fetch", vi.fn(async () => new Response(JSON.stringify({ batch: done }), { status: 200, headers: { "content-type": "application/json" } })));
    renderResults(batch());
    const stream = FakeEventSource.instances[0]!;
    stream.readyState = FakeEventSource.CLOSED;
    act(() => stream.onerror?.(new Event("error")));
    await waitFor(() => expect(screen.getByRole("status").textContent).toBe("Skandynawski: gotowe. Boho: nie udało się, token wrócił na Twoje konto."), { timeout: 3_000 });
  });

  it("announces a flag when its check comes, with what can be done, once", () => {
    vi.useFakeTimers();
    renderResults(batch());
    const stream = FakeEventSource.instances[0]!;
    stream.emit({ seq: 1, type: "succeeded", visualizationId: "v1", result: image("res1"), structureScore: null, flagged: false });
    act(() => vi.advanceTimersByTime(1_100));
    stream.emit({ seq: 2, type: "scored", visualizationId: "v1", structureScore: 0.52, flagged: true });
    act(() => vi.advanceTimersByTime(1_100));
    expect(screen.getByRole("status").textContent).toBe("Skandynawski: linie pomieszczenia różnią się od zdjęcia (zachowano 52%); sprawdź przed użyciem. Możesz wygenerować ten wynik ponownie za darmo.");
  });

  it("announces a flagged remake without offering another free remake, as its card offers none", () => {
    vi.useFakeTimers();
    const boho = { styleId: "boho", progress: null, result: null, failureReason: null, refunded: false, variant: 0, structureScore: null, flagged: false };
    renderResults(
      batch({
        visualizations: [
          { ...boho, id: "v1", status: "succeeded", progress: 1, result: image("res1"), structureScore: 0.5, flagged: true, remadeAs: "v2", remakeOf: null },
          { ...boho, id: "v2", status: "running", remadeAs: null, remakeOf: "v1" },
        ],
      }),
    );
    const stream = FakeEventSource.instances[0]!;
    stream.emit({ seq: 1, type: "succeeded", visualizationId: "v2", result: image("res2"), structureScore: null, flagged: false });
    act(() => vi.advanceTimersByTime(1_100));
    stream.emit({ seq: 2, type: "scored", visualizationId: "v2", structureScore: 0.48, flagged: true });
    act(() => vi.advanceTimersByTime(1_100));
    expect(screen.getByRole("status").textContent).toBe("Boho (ponownie): linie pomieszczenia różnią się od zdjęcia (zachowano 48%); sprawdź przed użyciem.");
    expect(within(screen.getByRole("article", { name: "Boho (ponownie)" })).queryByRole("button", { name: /za darmo/ })).toBeNull();
  });

  it("does not open a stream for a batch that is already final, and says in words that AI results are AI visualizations", () => {
    renderResults(
      batch({
        ai: true,
        visualizations: [{ id: "v1", styleId: "scandinavian", status: "succeeded", progress: 1, result: image("res1"), failureReason: null, refunded: false, variant: 0, structureScore: 0.97, flagged: false, remadeAs: null, remakeOf: null }],
      }),
    );
    expect(FakeEventSource.instances).toHaveLength(0);
    expect(screen.getByRole("img", { name: "Salon, styl Skandynawski – wizualizacja AI" })).toBeTruthy();
    expect(screen.getByText(/^To wizualizacje AI: model sztucznej inteligencji przerobił Twoje zdjęcie\./)).toBeTruthy();
    expect(screen.queryByText("Podgląd bez AI")).toBeNull();
    // The original and the result each say how long they have left.
    expect(screen.getAllByText("Usunięcie za 50 minut")).toHaveLength(2);
  });

  it("names an edit by what was done, counts its variations as visualizations, with only the namespaces a results page hands over", () => {
    const done = (id: string, variant: number) => ({ id, styleId: null, status: "succeeded" as const, progress: 1, result: image(`res-${id}`), failureReason: null, refunded: false, variant, structureScore: 0.97, flagged: false, remadeAs: null, remakeOf: null });
    const edits: [Partial<BatchDto>, string][] = [
      [{ mode: "declutter", params: { creativity: "balanced", scope: "furniture" } }, "Opróżniony pokój"],
      [{ mode: "material", params: { creativity: "balanced", material: "herringbone-parquet" } }, "Materiał: Parkiet w jodełkę"],
      [{ mode: "paint", params: { creativity: "balanced", color: "#C0643F" } }, "Kolor: Terakota (#C0643F)"],
      [{ mode: "paint", params: { creativity: "balanced", color: "#123456" } }, "Kolor #123456"],
    ];
    for (const [overrides, name] of edits) {
      const dto = batch({ ...overrides, ai: true, visualizations: [done("v1", 0), done("v2", 1)] });
      const view = render(
        withLayoutLabels(
          <NextIntlClientProvider locale="pl" timeZone="Europe/Warsaw" messages={pick(catalogs.pl, resultNamespaces)}>
            <LiveResults batch={dto} now={NOW} enginesDocs="https://example.test/docs" designHref="/design" />
          </NextIntlClientProvider>,
        ),
      );
      expect(screen.getByRole("heading", { name: "Salon · 2 wizualizacje" })).toBeTruthy();
      expect(screen.getByRole("article", { name }).textContent).toContain("Ściany, okna i drzwi zachowane (97% linii zdjęcia)");
      expect(screen.getByRole("article", { name: `${name}, wariant 2` })).toBeTruthy();
      expect(screen.getByRole("img", { name: `Salon, ${name} – wizualizacja AI` })).toBeTruthy();
      view.unmount();
    }
  });

  it("tells a free remake from the flagged result it remakes", () => {
    const boho = { styleId: "boho", status: "succeeded" as const, progress: 1, failureReason: null, refunded: false, variant: 0 };
    renderResults(
      batch({
        visualizations: [
          { ...boho, id: "v1", result: image("res1"), structureScore: 0.5, flagged: true, remadeAs: "v2", remakeOf: null },
          { ...boho, id: "v2", result: image("res2"), structureScore: 0.99, flagged: false, remadeAs: null, remakeOf: "v1" },
        ],
      }),
    );
    expect(within(screen.getByRole("article", { name: "Boho" })).getByText(/różnią się od zdjęcia/)).toBeTruthy();
    expect(within(screen.getByRole("article", { name: "Boho (ponownie)" })).getByText(/zachowane \(99% linii zdjęcia\)/)).toBeTruthy();
  });

  it("says what was kept in words that fit the photo: a building's lines for a facade, the photo's lines for a garden", () => {
    const scored = (id: string, structureScore: number, flagged: boolean) => ({ id, styleId: "modern", status: "succeeded" as const, progress: 1, result: image(`res-${id}`), failureReason: null, refunded: false, variant: 0, structureScore, flagged, remadeAs: null, remakeOf: null });
    const cases: [Partial<BatchDto>, string, string][] = [
      [{ mode: "facade", roomType: "exterior" }, "Linie budynku zachowane (96% linii zdjęcia)", "Linie budynku różnią się od zdjęcia (zachowano tylko 40%)"],
      [{ mode: "garden", roomType: "garden" }, "Linie zdjęcia zachowane (96%)", "Linie wyniku różnią się od zdjęcia (zachowano tylko 40%)"],
    ];
    for (const [overrides, kept, flagged] of cases) {
      const view = renderResults(batch({ ...overrides, visualizations: [scored("v1", 0.96, false), { ...scored("v2", 0.4, true), styleId: "boho" }] }));
      expect(screen.getByRole("article", { name: "Nowoczesny" }).textContent).toContain(kept);
      expect(screen.getByRole("article", { name: "Boho" }).textContent).toContain(flagged);
      expect(document.body.textContent).not.toMatch(/Ściany, okna i drzwi|Linie pomieszczenia/);
      view.unmount();
    }
  });

  it("closes the stream when it leaves the page", () => {
    const view = renderResults(batch());
    const stream = FakeEventSource.instances[0]!;
    view.unmount();
    expect(stream.readyState).toBe(FakeEventSource.CLOSED);
  });
});
