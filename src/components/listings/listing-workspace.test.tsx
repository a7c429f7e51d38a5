// @vitest-environment happy-dom
import { act, cleanup, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { ListingDto } from "@/schemas/listings";
import { FakeEventSource } from "~/tests/support/fake-event-source";
import { withMessages } from "~/tests/support/messages";
import { QueryProvider } from "@/web/client/query-provider";
import { ListingWorkspace } from "./listing-workspace";

// Uploads never finish here: what is said before them is the point.
vi.mock("@/components/design/api", async (original) => ({ ...(await original<object>()), uploadImage: () => ({ done: new Promise(() => {}) }) }));
vi.mock("next/navigation", () => ({ useRouter: () => ({ refresh: vi.fn(), push: vi.fn(), replace: vi.fn() }) }));
// Which results rendered, in turn: an event about one result should render that one alone.
const rendered = vi.hoisted(() => [] as string[]);
vi.mock("./listing-result", async (original) => {
  const real = await original<typeof import("./listing-result")>();
  const { createElement, memo } = await import("react");
  return {
    ListingResult: memo(function Counted(props: Parameters<typeof real.ListingResult>[0]) {
      rendered.push(props.result.visualizationId);
      return createElement(real.ListingResult, props);
    }),
  };
});

const NOW = Date.now();
const image = { id: "img-1", url: "/api/images/img-1", kind: "upload" as const, width: 1200, height: 800, createdAt: new Date(NOW).toISOString(), expiresAt: new Date(NOW + 3_600_000).toISOString() };
const listing: ListingDto = {
  id: "listing-1",
  name: "Złota 44/12",
  disclosureLabel: true,
  keptUntil: null,
  lastRoomType: "living-room",
  createdAt: new Date(NOW).toISOString(),
  expiresAt: image.expiresAt,
  expired: false,
  photos: [1, 2].map((n) => ({ id: `photo-${n}`, position: n, roomType: "living-room", image, generatable: true, chosenVisualizationId: null, hd: null, hdState: null, results: [] })),
  shares: [],
};

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

/** The server's answers: GET /api/me tells `balances` in turn (the last one from then on). */
function serve(balances: number[]) {
  const calls: string[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      const method = init?.method ?? "GET";
      calls.push(`${method} ${url}`);
      if (url.startsWith("/api/me")) return json({ balance: balances.length > 1 ? balances.shift() : balances[0], menu: null, welcome: null, now: NOW, gallery: null, batches: null });
      if (url.endsWith("/generate")) return json({ cost: 2 }, 201);
      return json({ listing });
    }),
  );
  return calls;
}

function renderWorkspace() {
  render(withMessages(<QueryProvider><ListingWorkspace initial={listing} now={NOW} listPath="/ogloszenia" sharePrefix="/p/" hdPlain={false} modes={["restyle"]} enginesDocs="https://example.test" library={[]} /></QueryProvider>));
}

beforeEach(() => {
  vi.stubGlobal("crypto", { ...globalThis.crypto, randomUUID: () => "00000000-0000-4000-8000-000000000000" });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("ListingWorkspace's Generate", () => {
  it("shows the balance before and after in the confirmation, says the outcome beside the button and asks the balance again", async () => {
    const calls = serve([10, 8]);
    renderWorkspace();
    await userEvent.click(screen.getByRole("checkbox", { name: "Skandynawski" }));
    await userEvent.click(screen.getByRole("button", { name: "Generuj dla wszystkich zdjęć" }));
    const dialog = await screen.findByRole("dialog");
    await waitFor(() => expect(dialog.textContent).toContain("Saldo: 10 tokenów, po wygenerowaniu: 8 tokenów."));
    await userEvent.click(within(dialog).getByRole("button", { name: "Generuj za 2 tokeny" }));

    const generate = screen.getByRole("button", { name: "Generuj dla wszystkich zdjęć" });
    const outcome = await screen.findByText("Zlecone: 2 tokeny. Wyniki pojawią się przy zdjęciach.");
    // Beside the button, not a screen away at the top of the page.
    expect(generate.parentElement).toBe(outcome.parentElement);
    await waitFor(() => expect(calls.filter((c) => c.startsWith("GET /api/me"))).toHaveLength(2));
  });

  it("says in the confirmation when the balance is short, offers the way to buy tokens, and no Generate the server would refuse", async () => {
    serve([0]);
    renderWorkspace();
    await userEvent.click(screen.getByRole("checkbox", { name: "Skandynawski" }));
    await userEvent.click(screen.getByRole("button", { name: "Generuj dla wszystkich zdjęć" }));
    const dialog = await screen.findByRole("dialog");
    await waitFor(() => expect(dialog.textContent).toContain("To kosztuje 2 tokeny, a masz 0 tokenów. Kup tokeny, aby wygenerować."));
    expect(dialog.textContent).not.toContain("Nie pobraliśmy");
    expect(within(dialog).getByRole("link", { name: "Kup tokeny" }).getAttribute("href")).toBe("/cennik");
    expect(within(dialog).getByRole("button", { name: "Generuj za 2 tokeny" }).hasAttribute("disabled")).toBe(true);
  });

  it("offers the way to buy tokens when the server refuses a Generate for a balance that had run short", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async (input: RequestInfo | URL) => {
        const url = String(input);
        if (url.startsWith("/api/me")) return json({ balance: 10, menu: null, welcome: null, now: NOW, gallery: null, batches: null });
        if (url.endsWith("/generate")) return json({ error: { code: "INSUFFICIENT_TOKENS", details: { balance: 1, attempted: 2 }, message: "Masz 1 token, a ta operacja wymaga 2 tokenów." } }, 402);
        return json({ listing });
      }),
    );
    renderWorkspace();
    await userEvent.click(screen.getByRole("checkbox", { name: "Skandynawski" }));
    await userEvent.click(screen.getByRole("button", { name: "Generuj dla wszystkich zdjęć" }));
    await userEvent.click(within(await screen.findByRole("dialog")).getByRole("button", { name: "Generuj za 2 tokeny" }));
    const alert = await screen.findByText("Za mało tokenów");
    const notice = alert.closest("[role=alert]") as HTMLElement;
    expect(notice.textContent).toContain("Masz 1 token, a ta operacja wymaga 2 tokenów.");
    expect(within(notice).getByRole("link", { name: "Kup tokeny" }).getAttribute("href")).toBe("/cennik");
  });
});

describe("ListingWorkspace's Generate again", () => {
  it("sends the same request id after an answer cut off on its way, so the server spends for it once", async () => {
    let n = 0;
    vi.stubGlobal("crypto", { ...globalThis.crypto, randomUUID: () => `00000000-0000-4000-8000-00000000000${n++}` });
    const sent: string[] = [];
    vi.stubGlobal(
      "fetch",
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        const url = String(input);
        if (url.startsWith("/api/me")) return json({ balance: 10, menu: null, welcome: null, now: NOW, gallery: null, batches: null });
        if (url.endsWith("/generate")) {
          sent.push(JSON.parse(String(init?.body)).requestId);
          return sent.length === 1 ? new Response('{"cost":', { status: 201 }) : json({ cost: 2 }, 201);
        }
        return json({ listing });
      }),
    );
    renderWorkspace();
    await userEvent.click(screen.getByRole("checkbox", { name: "Skandynawski" }));
    for (let click = 0; click < 2; click++) {
      await userEvent.click(screen.getByRole("button", { name: "Generuj dla wszystkich zdjęć" }));
      await userEvent.click(within(await screen.findByRole("dialog")).getByRole("button", { name: "Generuj za 2 tokeny" }));
      await waitFor(() => expect(sent).toHaveLength(click + 1));
    }
    expect(sent[1]).toBe(sent[0]);
    expect(await screen.findByText("Zlecone: 2 tokeny. Wyniki pojawią się przy zdjęciach.")).toBeTruthy();
  });
});

describe("ListingWorkspace's styles", () => {
  it("takes at most eight styles: the others wait, and it says why", async () => {
    serve([100]);
    renderWorkspace();
    const boxes = within(screen.getByRole("group", { name: "Style" })).getAllByRole("checkbox") as HTMLInputElement[];
    for (const box of boxes.slice(0, 8)) await userEvent.click(box);
    expect(boxes.slice(8).every((box) => box.disabled)).toBe(true);
    expect(screen.getByText("Wybrano najwięcej, ile można (8). Odznacz któryś styl, aby wybrać inny.")).toBeTruthy();
    await userEvent.click(boxes[0]!);
    expect(boxes.some((box) => box.disabled)).toBe(false);
  });
});

describe("ListingWorkspace's modes for some photos", () => {
  it("makes a twilight of the outdoor photos alone: counts and charges them, says the rest are left as they are, and says so when there are none", async () => {
    serve([10]);
    const photos = [listing.photos[0]!, { ...listing.photos[1]!, roomType: "exterior" }];
    const view = (shown: typeof photos) => <QueryProvider><ListingWorkspace initial={{ ...listing, photos: shown }} now={NOW} listPath="/ogloszenia" sharePrefix="/p/" hdPlain={false} modes={["restyle", "twilight"]} enginesDocs="https://example.test" library={[]} /></QueryProvider>;
    render(withMessages(view(photos)));
    await userEvent.click(screen.getByRole("radio", { name: /^Zmierzch/ }));
    expect(screen.getByText(/^Jedno zdjęcie jest typu, do którego ta edycja nie służy, i zostaje bez zmian/)).toBeTruthy();
    await userEvent.click(screen.getByRole("button", { name: "Generuj dla wszystkich zdjęć" }));
    const dialog = await screen.findByRole("dialog");
    expect(dialog.textContent).toContain("Zdjęcia: 1 × warianty: 1 = 1 token.");
    expect(within(dialog).getByRole("button", { name: "Generuj za 1 token" })).toBeTruthy();
    await userEvent.click(within(dialog).getByRole("button", { name: "Anuluj" }));

    // The page's own copy of the listing is its first state: a listing of rooms alone, opened afresh.
    cleanup();
    render(withMessages(view(listing.photos)));
    await userEvent.click(screen.getByRole("radio", { name: /^Zmierzch/ }));
    expect(screen.getByText(/^Żadne zdjęcie nie jest typu, do którego służy ta edycja/)).toBeTruthy();
    expect(screen.getByRole("button", { name: "Generuj dla wszystkich zdjęć" }).hasAttribute("disabled")).toBe(true);
  });
});

describe("ListingWorkspace's uploads", () => {
  it("says how many of the chosen photos still fit when they exceed the listing's limit", async () => {
    serve([10]);
    const photos = Array.from({ length: 37 }, (_, i) => ({ ...listing.photos[0]!, id: `photo-${i}`, position: i + 1 }));
    render(withMessages(<QueryProvider><ListingWorkspace initial={{ ...listing, photos }} now={NOW} listPath="/ogloszenia" sharePrefix="/p/" hdPlain={false} modes={["restyle"]} enginesDocs="https://example.test" library={[]} /></QueryProvider>));
    const files = Array.from({ length: 5 }, (_, i) => new File(["x"], `${i}.jpg`, { type: "image/jpeg" }));
    await userEvent.upload(screen.getByLabelText("Wybierz zdjęcia"), files);
    expect(screen.getByText("Ogłoszenie może mieć najwyżej 40 zdjęć: dodajemy tylko pierwsze 3 z wybranych.").getAttribute("role")).toBe("alert");
  });
});

describe("ListingWorkspace's results", () => {
  it("names each result by its style, variation and remake, and each Choose button by its result and photo", async () => {
    serve([10]);
    const result = (id: string, variant: number, remakeOf: string | null = null) => ({
      visualizationId: id,
      batchId: "batch-1",
      mode: "restyle" as const,
      styleId: "scandinavian",
      ai: true,
      variant,
      status: "succeeded" as const,
      progress: null,
      result: { ...image, id: `result-${id}`, url: `/api/images/result-${id}`, kind: "result" as const },
      failureReason: null,
      refunded: false,
      structureScore: 0.97,
      flagged: false,
      scoring: false,
      remadeAs: null,
      remakeOf,
    });
    const photos = [{ ...listing.photos[0]!, results: [result("v1", 0), result("v2", 1), result("v3", 1, "v2"), { ...result("v4", 0), mode: "stage" as const }] }];
    render(withMessages(<QueryProvider><ListingWorkspace initial={{ ...listing, photos }} now={NOW} listPath="/ogloszenia" sharePrefix="/p/" hdPlain={false} modes={["restyle"]} enginesDocs="https://example.test" library={[]} /></QueryProvider>));
    expect(screen.getByText("Skandynawski, wariant 2")).toBeTruthy();
    expect(screen.getByText("Skandynawski, wariant 2 (ponownie)")).toBeTruthy();
    expect(screen.getAllByRole("button", { name: /^Wybierz ten wynik/ }).map((b) => b.getAttribute("aria-label"))).toEqual([
      "Wybierz ten wynik: Skandynawski, zdjęcie 1",
      "Wybierz ten wynik: Skandynawski, wariant 2, zdjęcie 1",
      "Wybierz ten wynik: Skandynawski, wariant 2 (ponownie), zdjęcie 1",
      // Staged in the same style: said so, not only shown above the picture.
      "Wybierz ten wynik: Umebluj pusty pokój: Skandynawski, zdjęcie 1",
    ]);
  });
});

describe("ListingWorkspace's photos", () => {
  it("names each photo's room select by its photo", () => {
    serve([10]);
    renderWorkspace();
    expect(screen.getAllByRole("combobox", { name: /zdjęciu/ }).map((select) => select.getAttribute("aria-label"))).toEqual(["Pomieszczenie na zdjęciu 1", "Pomieszczenie na zdjęciu 2"]);
  });

  it("credits a library photo in the page's language, letting its address wrap in the dialog rather than be cut off", async () => {
    serve([10]);
    const credit = { kind: "photo", source: "pxhere.com/en/photo/1367038", licence: "CC0 1.0" } as const;
    render(withMessages(<QueryProvider><ListingWorkspace initial={listing} now={NOW} listPath="/ogloszenia" sharePrefix="/p/" hdPlain={false} modes={["restyle"]} enginesDocs="https://example.test" library={[{ id: "living-room", roomType: "living-room", file: "/library/living-room.jpg", width: 1536, height: 922, credit }]} /></QueryProvider>));
    await userEvent.click(screen.getByRole("button", { name: "Z biblioteki przykładów" }));
    const dialog = await screen.findByRole("dialog");
    const shown = within(dialog).getByText("Zdjęcie: pxhere.com/en/photo/1367038 (CC0 1.0)");
    // The radio is named by its room and its credit, both in Polish.
    expect(within(dialog).getByRole("radio", { name: "Salon Zdjęcie: pxhere.com/en/photo/1367038 (CC0 1.0)" })).toBeTruthy();
    // The card cuts off what overflows it: an address with no space in it must be allowed to break anywhere.
    expect(shown.closest(".wrap-anywhere")).not.toBeNull();
  });
});

describe("ListingWorkspace's photo removal", () => {
  it("asks first, saying what goes with the photo, and removes it only when confirmed", async () => {
    const calls = serve([10]);
    renderWorkspace();
    await userEvent.click(screen.getByRole("button", { name: "Usuń zdjęcie 2" }));
    const dialog = await screen.findByRole("dialog", { name: "Usuń zdjęcie 2" });
    expect(dialog.textContent).toContain("Zdjęcie zniknie z ogłoszenia.");
    await userEvent.click(within(dialog).getByRole("button", { name: "Anuluj" }));
    expect(calls.some((c) => c.startsWith("DELETE"))).toBe(false);

    await userEvent.click(screen.getByRole("button", { name: "Usuń zdjęcie 2" }));
    await userEvent.click(within(await screen.findByRole("dialog")).getByRole("button", { name: "Usuń zdjęcie" }));
    await waitFor(() => expect(calls).toContain("DELETE /api/listings/listing-1/photos/photo-2"));
  });
});

describe("ListingWorkspace's name", () => {
  it("follows a rename in the tab's title, which the server named after the listing", async () => {
    let renamed = false;
    vi.stubGlobal(
      "fetch",
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        if (String(input).startsWith("/api/me")) return json({ balance: 10, menu: null, welcome: null, now: NOW, gallery: null, batches: null });
        if (init?.method === "PATCH") renamed = true;
        return json({ listing: renamed ? { ...listing, name: "Złota 44/14" } : listing });
      }),
    );
    document.title = "Złota 44/12 · Ogłoszenia | Aranżer";
    renderWorkspace();
    const field = screen.getByRole("textbox", { name: "Nazwa (adres lub numer oferty)" });
    await userEvent.clear(field);
    await userEvent.type(field, "Złota 44/14");
    await userEvent.click(screen.getByRole("button", { name: "Zmień nazwę" }));
    await waitFor(() => expect(document.title).toBe("Złota 44/14 · Ogłoszenia | Aranżer"));
  });
});

describe("ListingWorkspace's deletions", () => {
  it("asks in its own dialog before deleting the listing, and sends nothing when cancelled", async () => {
    const calls = serve([10]);
    renderWorkspace();
    await userEvent.click(screen.getByRole("button", { name: "Usuń ogłoszenie" }));
    const dialog = await screen.findByRole("dialog", { name: "Usuń ogłoszenie" });
    expect(dialog.textContent).toContain("Złota 44/12");
    await userEvent.click(within(dialog).getByRole("button", { name: "Anuluj" }));
    expect(calls.filter((c) => c.startsWith("DELETE"))).toEqual([]);
    await userEvent.click(screen.getByRole("button", { name: "Usuń ogłoszenie" }));
    await userEvent.click(within(await screen.findByRole("dialog")).getByRole("button", { name: "Usuń ogłoszenie" }));
    await waitFor(() => expect(calls.filter((c) => c.startsWith("DELETE"))).toEqual(["DELETE /api/listings/listing-1"]));
  });
});

describe("ListingWorkspace's results as they arrive", () => {
  it("follows the running batches' event streams, shows a result when its event comes, and renders that result alone", async () => {
    serve([10]);
    vi.stubGlobal("EventSource", FakeEventSource);
    FakeEventSource.made = [];
    const running = (id: string, batchId: string) => ({
      visualizationId: id,
      batchId,
      mode: "restyle" as const,
      styleId: "scandinavian",
      ai: true,
      variant: 0,
      status: "running" as const,
      progress: null,
      result: null,
      failureReason: null,
      refunded: false,
      structureScore: null,
      flagged: false,
      scoring: false,
      remadeAs: null,
      remakeOf: null,
    });
    const photos = [
      { ...listing.photos[0]!, results: [running("v1", "batch-1"), { ...running("v2", "batch-1"), styleId: "industrial" }] },
      { ...listing.photos[1]!, results: [running("v3", "batch-2")] },
    ];
    render(withMessages(<QueryProvider><ListingWorkspace initial={{ ...listing, photos }} now={NOW} listPath="/ogloszenia" sharePrefix="/p/" hdPlain={false} modes={["restyle"]} enginesDocs="https://example.test" library={[]} /></QueryProvider>));
    expect(FakeEventSource.made.map((s) => s.url)).toEqual(["/api/batches/batch-1/events", "/api/batches/batch-2/events"]);
    rendered.length = 0;

    const result = { ...image, id: "result-v1", url: "/api/images/result-v1", kind: "result" as const };
    act(() => FakeEventSource.made[0]!.emit({ seq: 3, type: "succeeded", visualizationId: "v1", result, structureScore: 0.97, flagged: false }));
    expect(await screen.findByRole("button", { name: "Wybierz ten wynik: Skandynawski, zdjęcie 1" })).toBeTruthy();
    expect(rendered).toEqual(["v1"]);
    await waitFor(() => expect(screen.getAllByRole("status").some((s) => s.textContent?.includes("Skandynawski: gotowe"))).toBe(true), { timeout: 5000 });
  });

  it("reads the listing once when a stream is refused (a server restarted meanwhile), and shows where it stands", async () => {
    const result = { ...image, id: "result-v1", url: "/api/images/result-v1", kind: "result" as const };
    const running = { ...listing.photos[0]!, results: [{ visualizationId: "v1", batchId: "batch-1", mode: "restyle" as const, styleId: "scandinavian", ai: true, variant: 0, status: "running" as const, progress: null, result: null, failureReason: null, refunded: false, structureScore: null, flagged: false, scoring: false, remadeAs: null, remakeOf: null }] };
    const finished = { ...running, results: [{ ...running.results[0]!, status: "succeeded" as const, result, structureScore: 0.97 }] };
    const calls: string[] = [];
    vi.stubGlobal(
      "fetch",
      vi.fn(async (input: RequestInfo | URL) => {
        const url = String(input);
        calls.push(url);
        if (url.startsWith("/api/me")) return json({ balance: 10, menu: null, welcome: null, now: NOW, gallery: null, batches: null });
        return json({ listing: { ...listing, photos: [finished] } });
      }),
    );
    vi.stubGlobal("EventSource", FakeEventSource);
    FakeEventSource.made = [];
    render(withMessages(<QueryProvider><ListingWorkspace initial={{ ...listing, photos: [running] }} now={NOW} listPath="/ogloszenia" sharePrefix="/p/" hdPlain={false} modes={["restyle"]} enginesDocs="https://example.test" library={[]} /></QueryProvider>));
    act(() => FakeEventSource.made[0]!.fail(FakeEventSource.CLOSED));
    expect(await screen.findByRole("button", { name: "Wybierz ten wynik: Skandynawski, zdjęcie 1" })).toBeTruthy();
    expect(calls.filter((url) => url === "/api/listings/listing-1")).toHaveLength(1);
  });
});
