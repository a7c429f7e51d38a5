// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { renderToString } from "react-dom/server";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { BatchDto, ImageDto } from "@/schemas/generation";
import { withMessages } from "~/tests/support/messages";
import type { PersonData } from "@/web/shared/person-data";
import { loadPersonData } from "@/components/account/person-data-store";
import { DesignStudio, type DesignStudioProps } from "./design-studio";

vi.mock("next/navigation", () => ({ useRouter: () => ({ refresh: vi.fn(), push: vi.fn(), replace: vi.fn() }) }));
// The room step, counted as it renders: a memoised step renders again only when its own props change.
const roomStep = vi.hoisted(() => ({ renders: 0 }));
vi.mock("./room-type-picker", async (original) => {
  const { RoomTypePicker } = await original<typeof import("./room-type-picker")>();
  return {
    RoomTypePicker: (stepProps: Parameters<typeof RoomTypePicker>[0]) => {
      roomStep.renders++;
      return RoomTypePicker(stepProps);
    },
  };
});

const NOW = Date.now();
const upload = (id: string): ImageDto => ({
  id,
  url: `/api/images/${id}`,
  kind: "upload",
  width: 1200,
  height: 800,
  createdAt: new Date(NOW).toISOString(),
  expiresAt: new Date(NOW + 3_600_000).toISOString(),
});

function props(overrides: Partial<DesignStudioProps> = {}): DesignStudioProps {
  return {
    library: [{ id: "lib-bedroom", roomType: "bedroom", file: "/library/bedroom.jpg", width: 1200, height: 800 }],
    styles: [
      { id: "scandinavian", thumbnail: "/styles/scandinavian.webp" },
      { id: "boho", thumbnail: "/styles/boho.webp" },
      { id: "industrial", thumbnail: "/styles/industrial.webp" },
    ],
    ai: true,
    modes: ["restyle", "stage", "declutter", "remove", "replace", "paint", "material"],
    sameEveryTime: ["paint"],
    followsWords: true,
    pricingHref: "/cennik",
    designHref: "/design",
    generationsHref: "/generations",
    enginesDocs: "https://example.test/docs",
    ...overrides,
  };
}

/** A stand-in for XMLHttpRequest: records the request; the test answers it. */
class FakeXhr {
  static last: FakeXhr | null = null;
  method = "";
  url = "";
  body: unknown = null;
  headers: Record<string, string> = {};
  status = 0;
  responseText = "";
  upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  onabort: (() => void) | null = null;
  constructor() {
    FakeXhr.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name.toLowerCase()] = value;
  }
  send(body: unknown) {
    this.body = body;
  }
  abort() {
    this.onabort?.();
  }
  progress(loaded: number, total: number) {
    act(() => this.upload.onprogress?.({ lengthComputable: true, loaded, total } as ProgressEvent));
  }
  async respond(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    await act(async () => this.onload?.());
  }
}

class FakeEventSource {
  static readonly CLOSED = 2;
  readyState = 1;
  onmessage = null;
  onerror = null;
  addEventListener() {}
  close() {
    this.readyState = 2;
  }
}

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  window.localStorage.clear();
  fetchMock.mockReset();
  FakeXhr.last = null;
  vi.stubGlobal("fetch", fetchMock);
  vi.stubGlobal("XMLHttpRequest", FakeXhr);
  vi.stubGlobal("EventSource", FakeEventSource);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** The person's part of the page, as GET /api/me answers it; `image` opens the page at ?image=<its id>. */
type Person = { balance?: number; team?: string; gallery?: ImageDto[]; image?: ImageDto; batches?: BatchDto[] };

async function renderStudio(overrides: Partial<DesignStudioProps> = {}, person: Person = {}) {
  const gallery = [...(person.gallery ?? []), ...(person.image ? [person.image] : [])];
  window.history.replaceState(null, "", person.image ? `/design?image=${person.image.id}` : "/design");
  const data = { balance: person.balance ?? 10, team: person.team ?? null, gallery, batches: person.batches ?? [], now: NOW, welcome: null } as unknown as PersonData;
  // Answered apart from fetchMock, whose queued answers belong to the test.
  vi.stubGlobal("fetch", async () => jsonResponse(200, data));
  await loadPersonData(`/api/me?locale=pl&with=gallery&test=${Math.random()}`);
  vi.stubGlobal("fetch", fetchMock);
  let rendered: ReturnType<typeof render> | undefined;
  await act(async () => {
    rendered = render(withMessages(<DesignStudio {...props(overrides)} />));
  });
  return rendered!;
}

/** A batch just ordered: one queued visualization per style. */
function queuedBatch(id: string, styles: string[]): BatchDto {
  return {
    id,
    roomType: "living-room",
    createdAt: new Date(NOW).toISOString(),
    expiresAt: new Date(NOW + 3_600_000).toISOString(),
    source: upload("img1"),
    engine: "local",
    mode: "restyle",
    params: { creativity: "balanced" },
    ai: false,
    visualizations: styles.map((styleId, i) => ({ id: `v${i + 1}`, styleId, status: "queued", progress: null, result: null, failureReason: null, refunded: false, variant: 0, structureScore: null, flagged: false, remadeAs: null, remakeOf: null })),
  };
}

const roomGroup = () => screen.getByRole("group", { name: "3. Rodzaj pomieszczenia" });
const styleGroup = () => screen.getByRole("group", { name: /^4\. Style/ });
const generateButton = () => screen.getByRole("button", { name: "Generuj" }) as HTMLButtonElement;

async function chooseRoomAndStyles(user: ReturnType<typeof userEvent.setup>, room: string, styles: string[]) {
  await user.click(within(roomGroup()).getByRole("radio", { name: room }));
  for (const style of styles) await user.click(within(styleGroup()).getByRole("checkbox", { name: style }));
}

function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
}

describe("DesignStudio: choices", () => {
  it("remembers the mode, the room type and the styles across a reload, not the variations, and costs styles × variations", async () => {
    const user = userEvent.setup();
    await renderStudio();
    await user.click(screen.getByRole("radio", { name: /Umebluj pusty pokój/ }));
    await chooseRoomAndStyles(user, "Sypialnia", ["Boho", "Skandynawski"]);
    await user.selectOptions(screen.getByLabelText("Warianty każdego stylu"), "3");
    expect(screen.getByText("Koszt: 6 tokenów")).toBeTruthy();
    expect(screen.getByText("2 style × 3 warianty")).toBeTruthy();
    cleanup();
    await renderStudio();
    expect((screen.getByRole("radio", { name: /Umebluj pusty pokój/ }) as HTMLInputElement).checked).toBe(true);
    expect((within(roomGroup()).getByRole("radio", { name: "Sypialnia" }) as HTMLInputElement).checked).toBe(true);
    expect((within(styleGroup()).getByRole("checkbox", { name: "Boho" }) as HTMLInputElement).checked).toBe(true);
    // The variations multiply the cost: back at one.
    expect((screen.getByLabelText("Warianty każdego stylu") as HTMLSelectElement).value).toBe("1");
    expect(screen.getByText("Koszt: 2 tokeny")).toBeTruthy();
  });

  it("remembers the chosen photo across a reload: a library photo, or one of the person's own images while it lives", async () => {
    const user = userEvent.setup();
    await renderStudio();
    await user.click(screen.getByRole("tab", { name: "Biblioteka" }));
    await user.click(within(screen.getByRole("group", { name: "Przykładowe zdjęcia" })).getByRole("radio", { name: "Sypialnia" }));
    await user.click(within(roomGroup()).getByRole("radio", { name: "Kuchnia" }));
    cleanup();
    await renderStudio();
    expect(screen.getByRole("img", { name: "Przykładowe zdjęcie: Sypialnia" })).toBeTruthy();
    // The room type chosen after the photo stays.
    expect((within(roomGroup()).getByRole("radio", { name: "Kuchnia" }) as HTMLInputElement).checked).toBe(true);
    cleanup();

    // Chosen through ?image= ("use as new input"); the reload's address has no query.
    const own = upload("img-own");
    await renderStudio({}, { image: own });
    expect(screen.getByRole("img", { name: "Twoje zdjęcie pomieszczenia" })).toBeTruthy();
    cleanup();
    await renderStudio({}, { gallery: [own] });
    expect(screen.getByRole("img", { name: "Twoje zdjęcie pomieszczenia" }).getAttribute("src")).toContain("img-own");
    cleanup();
    // Its hour has passed: nothing is chosen, and nothing is said about an image nobody asked for.
    await renderStudio({}, { gallery: [] });
    expect(screen.getByText("Nie wybrano jeszcze zdjęcia.")).toBeTruthy();
    expect(screen.queryByText(/Tego zdjęcia już nie ma/)).toBeNull();
  });

  it("offers only the modes the engine can do, and says what the others need", async () => {
    await renderStudio({ modes: ["restyle", "paint", "remove"] });
    expect((screen.getByRole("radio", { name: /Umebluj pusty pokój/ }) as HTMLInputElement).disabled).toBe(true);
    expect((screen.getByRole("radio", { name: /Opróżnij pokój/ }) as HTMLInputElement).disabled).toBe(true);
    expect((screen.getByRole("radio", { name: /Edytuj fragment/ }) as HTMLInputElement).disabled).toBe(false);
    expect(screen.getByText(/Wyszarzone tryby wymagają silnika AI/)).toBeTruthy();
  });

  it("keeps a room and styles ticked before the page hydrated", async () => {
    const ui = withMessages(<DesignStudio {...props()} />);
    const container = document.body.appendChild(document.createElement("div"));
    container.innerHTML = renderToString(ui);
    // The user is faster than the scripts: the browser ticks the inputs of the server's HTML.
    (container.querySelector('input[name="room-type"][value="kitchen"]') as HTMLInputElement).checked = true;
    (container.querySelector('input[name="styles"][value="boho"]') as HTMLInputElement).checked = true;
    await act(async () => {
      render(ui, { container, hydrate: true });
    });
    expect((within(roomGroup()).getByRole("radio", { name: "Kuchnia" }) as HTMLInputElement).checked).toBe(true);
    expect((within(styleGroup()).getByRole("checkbox", { name: "Boho" }) as HTMLInputElement).checked).toBe(true);
    expect(screen.getByText("Koszt: 1 token")).toBeTruthy();
  });

  it("offers the room types of the chosen mode (a restyle's eight rooms) as a radio group and the styles as a checkbox group", async () => {
    const user = userEvent.setup();
    await renderStudio();
    const rooms = within(roomGroup()).getAllByRole("radio");
    expect(rooms.map((r) => r.getAttribute("value"))).toEqual(["living-room", "dining-room", "bedroom", "bathroom", "office", "kitchen", "terrace", "kids-room"]);
    await user.click(within(roomGroup()).getByRole("radio", { name: "Kuchnia" }));
    expect((within(roomGroup()).getByRole("radio", { name: "Kuchnia" }) as HTMLInputElement).checked).toBe(true);

    const boxes = within(styleGroup()).getAllByRole("checkbox");
    expect(boxes).toHaveLength(3);
    const boho = within(styleGroup()).getByRole("checkbox", { name: "Boho" });
    expect(document.getElementById(boho.getAttribute("aria-describedby")!)?.textContent).toBe("Rattan, rośliny i wzory.");
    expect(within(styleGroup()).getByText("Nie wybrano żadnego stylu")).toBeTruthy();
    expect(within(styleGroup()).getByText(/Najlepiej sprawdza się 5–8 aranżacji/)).toBeTruthy();
    await user.click(boho);
    await user.click(within(styleGroup()).getByRole("checkbox", { name: "Skandynawski" }));
    expect(within(styleGroup()).getByText("Wybrano 2 style")).toBeTruthy();
  });

  it("enables Generate once an image, a room type and a style are chosen, and shows the cost", async () => {
    const user = userEvent.setup();
    await renderStudio();
    expect(generateButton().disabled).toBe(true);
    expect(screen.getByText("Aby wygenerować, wybierz: zdjęcie, rodzaj pomieszczenia i co najmniej jeden styl.")).toBeTruthy();

    // A library photo also chooses its room type.
    await user.click(screen.getByRole("tab", { name: "Biblioteka" }));
    await user.click(within(screen.getByRole("group", { name: "Przykładowe zdjęcia" })).getByRole("radio", { name: "Sypialnia" }));
    expect((within(roomGroup()).getByRole("radio", { name: "Sypialnia" }) as HTMLInputElement).checked).toBe(true);
    expect(screen.getByRole("img", { name: "Przykładowe zdjęcie: Sypialnia" })).toBeTruthy();
    expect(generateButton().disabled).toBe(true);
    expect(screen.getByText("Aby wygenerować, wybierz: co najmniej jeden styl.")).toBeTruthy();

    await user.click(within(styleGroup()).getByRole("checkbox", { name: "Boho" }));
    await user.click(within(styleGroup()).getByRole("checkbox", { name: "Industrialny" }));
    expect(screen.getByText("Koszt: 2 tokeny")).toBeTruthy();
    expect(screen.getByText("Na Twoim koncie: 10 tokenów.")).toBeTruthy();
    expect(generateButton().disabled).toBe(false);

    await user.click(screen.getByRole("button", { name: "Wyczyść wybór" }));
    expect(generateButton().disabled).toBe(true);
    expect(screen.getByText("Koszt: 0 tokenów")).toBeTruthy();
  });
});

describe("DesignStudio: rendering", () => {
  it("renders a step again only when its own props change, not when other choices or the person's data do", async () => {
    const user = userEvent.setup();
    await renderStudio({}, { image: upload("img1") });
    await user.click(within(roomGroup()).getByRole("radio", { name: "Salon" }));
    roomStep.renders = 0;
    for (const style of ["Boho", "Skandynawski"]) await user.click(within(styleGroup()).getByRole("checkbox", { name: style }));
    await user.selectOptions(screen.getByLabelText("Warianty każdego stylu"), "2");
    vi.stubGlobal("fetch", async () => jsonResponse(200, { balance: 7, gallery: [upload("img1")], batches: [], now: NOW + 1000, welcome: null }));
    await act(() => loadPersonData(`/api/me?locale=pl&with=gallery&test=${Math.random()}`));
    expect(screen.getByText("Na Twoim koncie: 7 tokenów.")).toBeTruthy();
    expect(roomStep.renders).toBe(0);
    await user.click(within(roomGroup()).getByRole("radio", { name: "Sypialnia" }));
    expect(roomStep.renders).toBeGreaterThan(0);
  });
});

describe("DesignStudio: mode options", () => {
  it("keeps a text longer than its limit whole, says by how much in words, and holds Generate until it is shortened", async () => {
    const user = userEvent.setup();
    await renderStudio();
    await chooseRoomAndStyles(user, "Sypialnia", ["Boho"]);
    await user.click(screen.getByRole("tab", { name: "Biblioteka" }));
    await user.click(within(screen.getByRole("group", { name: "Przykładowe zdjęcia" })).getByRole("radio", { name: "Sypialnia" }));
    expect(generateButton().disabled).toBe(false);

    const instruction = screen.getByLabelText("Twoimi słowami (opcjonalnie)") as HTMLTextAreaElement;
    await user.click(instruction);
    await user.paste(`${"a".repeat(150)} ${"b".repeat(150)}`);
    expect(instruction.value).toHaveLength(301);
    expect(instruction.getAttribute("aria-invalid")).toBe("true");
    expect(document.getElementById(instruction.getAttribute("aria-describedby")!)?.textContent).toBe("1 znak za dużo – skróć tekst do 300.");
    expect(generateButton().disabled).toBe(true);
    expect(screen.getByText("Aby wygenerować, skróć polecenie.")).toBeTruthy();

    await user.keyboard("{Backspace}");
    expect(instruction.value).toBe(`${"a".repeat(150)} ${"b".repeat(149)}`);
    expect(document.getElementById(instruction.getAttribute("aria-describedby")!)?.textContent).toBe("Zostało 0 znaków");
    expect(generateButton().disabled).toBe(false);
  });

  it("takes twice its limit and no more, so a long paste still says it is too long, and a huge remembered draft comes back cut to that", async () => {
    const user = userEvent.setup();
    window.localStorage.setItem("aranzer.design", JSON.stringify({ settings: { instruction: "x".repeat(50_000), keep: "y".repeat(50_000) }, roomType: null, styles: [] }));
    await renderStudio();
    const instruction = screen.getByLabelText("Twoimi słowami (opcjonalnie)") as HTMLTextAreaElement;
    expect(instruction.maxLength).toBe(600);
    expect(instruction.value).toHaveLength(600);
    expect(document.getElementById(instruction.getAttribute("aria-describedby")!)?.textContent).toBe("300 znaków za dużo – skróć tekst do 300.");
    await user.clear(instruction);
    await user.paste("z".repeat(1_000));
    expect(instruction.value).toHaveLength(600);
    expect(JSON.parse(window.localStorage.getItem("aranzer.design")!).settings.instruction).toHaveLength(600);
  });

  it("with an engine that reads no instructions, asks for none and sends none kept from before", async () => {
    const user = userEvent.setup();
    window.localStorage.setItem("aranzer.design", JSON.stringify({ settings: { instruction: "x".repeat(400) }, roomType: null, styles: [] }));
    await renderStudio({ followsWords: false, modes: ["restyle", "paint", "remove"] });
    expect(screen.queryByLabelText("Twoimi słowami (opcjonalnie)")).toBeNull();
    expect(screen.queryByRole("group", { name: "Jak daleko od zdjęcia" })).toBeNull();
    expect(screen.getByText(/^Podglądy bez AI nie czytają poleceń/)).toBeTruthy();
    await chooseRoomAndStyles(user, "Sypialnia", ["Boho"]);
    await user.click(screen.getByRole("tab", { name: "Biblioteka" }));
    await user.click(within(screen.getByRole("group", { name: "Przykładowe zdjęcia" })).getByRole("radio", { name: "Sypialnia" }));
    expect(generateButton().disabled).toBe(false);
    fetchMock.mockResolvedValueOnce(jsonResponse(500, { error: { code: "INTERNAL", message: "x", details: {} } }));
    await user.click(generateButton());
    await user.click(within(await screen.findByRole("dialog")).getByRole("button", { name: "Generuj" }));
    const [, init] = fetchMock.mock.calls.find(([url]) => url === "/api/batches")!;
    expect(JSON.parse(String(init?.body)).params).toEqual({ creativity: "balanced" });
  });

  it("does not bring back a choice this engine cannot make, kept from an AI engine's day", async () => {
    window.localStorage.setItem("aranzer.design", JSON.stringify({ settings: { mode: "surfaces", surfaceKind: "material", regionAction: "replace" }, roomType: null, styles: [] }));
    await renderStudio({ followsWords: false, modes: ["restyle", "paint", "remove"] });
    expect((screen.getByRole("radio", { name: /Ściany i podłogi/ }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole("radio", { name: "Kolor farby" }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole("radio", { name: /Materiał podłogi/ }) as HTMLInputElement).checked).toBe(false);
  });

  it("makes an edit that comes out the same every time once: no variations to pay for", async () => {
    const user = userEvent.setup();
    await renderStudio();
    await chooseRoomAndStyles(user, "Sypialnia", ["Boho"]);
    await user.selectOptions(screen.getByLabelText("Warianty każdego stylu"), "3");
    expect(screen.getByText("Koszt: 3 tokeny")).toBeTruthy();

    await user.click(screen.getByRole("radio", { name: /Ściany i podłogi/ }));
    expect(screen.queryByLabelText(/wariant/i)).toBeNull();
    expect(screen.getByText("Ta zmiana za każdym razem daje ten sam obraz, więc powstaje jeden wariant.")).toBeTruthy();
    expect(screen.getByText("Koszt: 1 token")).toBeTruthy();
    // Without styles to choose, the steps are numbered without a gap.
    expect(screen.getAllByRole("heading", { level: 2 }).map((h) => h.textContent)).toEqual(["1. Zdjęcie pomieszczenia", "2. Co zrobić ze zdjęciem", "3. Rodzaj pomieszczenia", "4. Podsumowanie"]);
    // An exact colour is painted without an engine: no words or creativity to ask for.
    expect(screen.queryByLabelText("Twoimi słowami (opcjonalnie)")).toBeNull();
    expect(screen.queryByRole("group", { name: "Jak daleko od zdjęcia" })).toBeNull();
    expect(screen.queryByText(/^Podglądy bez AI nie czytają poleceń/)).toBeNull();

    // Removing on this engine varies: the choice made before is back, for one edit rather than per style.
    await user.click(screen.getByRole("radio", { name: /Edytuj fragment/ }));
    expect((screen.getByLabelText("Liczba wariantów") as HTMLSelectElement).value).toBe("3");
    expect(screen.getByText("Koszt: 3 tokeny")).toBeTruthy();
    expect(screen.getByText("1 edycja × 3 warianty")).toBeTruthy();
  });
});

describe("DesignStudio: modes from the registry", () => {
  it("offers a garden's own room types and styles by name alone, without the catalogue's room pictures and words", async () => {
    const user = userEvent.setup();
    const styles = ["modern", "boho", "minimalist", "zen"].map((id) => ({ id, thumbnail: `/styles/${id}.webp` }));
    await renderStudio({ modes: ["restyle", "garden"], styles });
    await user.click(screen.getByRole("radio", { name: /^Aranżacja ogrodu/ }));
    expect(within(roomGroup()).getAllByRole("radio").map((r) => r.getAttribute("value"))).toEqual(["garden", "terrace"]);
    const boxes = within(styleGroup()).getAllByRole("checkbox");
    expect(boxes.map((b) => b.getAttribute("value"))).toEqual(["modern", "minimalist", "zen"]);
    for (const box of boxes) expect(box.getAttribute("aria-describedby")).toBeNull();
    expect(styleGroup().querySelectorAll("img")).toHaveLength(0);
    expect(within(styleGroup()).getByText(new RegExp(`możesz wybrać najwyżej ${boxes.length}\\.`))).toBeTruthy();
  });


  it("asks for the sky's kind with the mode's own field and sends it; shows a mode the engine cannot do disabled with its reason", async () => {
    const user = userEvent.setup();
    fetchMock.mockResolvedValueOnce(jsonResponse(201, { batch: { ...queuedBatch("b1", []), mode: "sky", visualizations: [] }, balance: 9 }));
    await renderStudio({ modes: ["restyle", "paint", "remove", "sky"], unsupported: { facade: "needsAi", garden: "needsAi", twilight: "needsAi", stage: "needsAi" } }, { image: upload("img1") });
    const facade = screen.getByRole("radio", { name: /^Elewacja/ }) as HTMLInputElement;
    expect(facade.disabled).toBe(true);
    expect(screen.getAllByText("Wymaga silnika AI.").length).toBeGreaterThan(0);

    // An interior's room type, chosen before: the sky's own list does not show it, and the summary names the ones that fit.
    await user.click(within(roomGroup()).getByRole("radio", { name: "Salon" }));
    await user.click(screen.getByRole("radio", { name: /^Niebo/ }));
    const kinds = screen.getByRole("group", { name: "Jakie niebo" });
    expect((within(kinds).getByRole("radio", { name: "Bezchmurne" }) as HTMLInputElement).checked).toBe(true);
    await user.click(within(kinds).getByRole("radio", { name: "Zachód słońca" }));
    expect(within(roomGroup()).getAllByRole("radio").map((r) => r.getAttribute("value"))).toEqual(["exterior", "garden", "terrace"]);
    expect(within(roomGroup()).getAllByRole("radio").some((r) => (r as HTMLInputElement).checked)).toBe(false);
    expect(screen.getByText("Aby wygenerować, wybierz: rodzaj zdjęcia pasujący do tej edycji (Bryła domu, Ogród lub Taras).")).toBeTruthy();
    expect(generateButton().disabled).toBe(true);
    await user.click(screen.getByRole("radio", { name: "Bryła domu" }));
    await user.click(generateButton());
    await user.click(within(await screen.findByRole("dialog")).getByRole("button", { name: "Generuj" }));
    const post = fetchMock.mock.calls.find(([url]) => url === "/api/batches")!;
    expect(JSON.parse(String(post[1]?.body))).toMatchObject({ mode: "sky", roomType: "exterior", styles: [], params: { sky: "sunset" } });
    expect(JSON.parse(String(post[1]?.body)).maskImageId).toBeUndefined();
  });
});

describe("DesignStudio: a style from a reference photo", () => {
  it("waits for the reference photo, uploads it as any photo (a refused one says why) and sends its id", async () => {
    const user = userEvent.setup();
    fetchMock.mockResolvedValueOnce(jsonResponse(201, { batch: { ...queuedBatch("b1", []), mode: "reference", visualizations: [] }, balance: 9 }));
    await renderStudio({ modes: ["restyle", "reference"] }, { image: upload("img1") });
    await user.click(screen.getByRole("radio", { name: /^Styl ze zdjęcia/ }));
    await user.click(screen.getByRole("radio", { name: "Salon" }));
    expect(screen.getByText("Aby wygenerować, wybierz: zdjęcie wzorcowe.")).toBeTruthy();

    const reference = () => screen.getByLabelText(/^Wybierz (zdjęcie wzorcowe|inne)$/) as HTMLInputElement;
    fireEvent.change(reference(), { target: { files: [new File([new Uint8Array([1, 2, 3])], "pusty.jpg", { type: "image/jpeg" })] } });
    expect(FakeXhr.last?.url).toBe("/api/images");
    await FakeXhr.last!.respond(422, { error: { code: "INVALID_IMAGE", details: { reason: "truncated" } } });
    expect(screen.getByRole("alert").textContent).toContain("Plik jest niekompletny");
    fireEvent.change(reference(), { target: { files: [new File([new Uint8Array([1, 2, 3])], "wzor.jpg", { type: "image/jpeg" })] } });
    await FakeXhr.last!.respond(201, { image: upload("ref1") });
    expect(screen.getByText("Wybrano zdjęcie wzorcowe")).toBeTruthy();
    expect(screen.getByRole("img", { name: "Zdjęcie wzorcowe" }).getAttribute("src")).toBe("/api/images/ref1");

    await user.click(generateButton());
    await user.click(within(await screen.findByRole("dialog")).getByRole("button", { name: "Generuj" }));
    const post = fetchMock.mock.calls.find(([url]) => url === "/api/batches")!;
    expect(JSON.parse(String(post[1]?.body))).toMatchObject({ mode: "reference", roomType: "living-room", styles: [], params: { reference: "ref1" } });
  });
});

describe("DesignStudio: Generate", () => {
  it("with too few tokens says so with the balance and the amount, offers Buy tokens and sends nothing", async () => {
    const user = userEvent.setup();
    await renderStudio({}, { balance: 1, image: upload("img1") });
    await chooseRoomAndStyles(user, "Salon", ["Skandynawski", "Boho"]);
    // Said before Generate is pressed, with the way to buy tokens.
    const ahead = screen.getByText("To kosztuje 2 tokeny, a masz 1 token. Kup tokeny, aby wygenerować.").closest('[role="status"]')!;
    expect(within(ahead as HTMLElement).getByRole("link", { name: "Kup tokeny" }).getAttribute("href")).toBe("/cennik");
    expect(ahead.textContent).not.toContain("Nie pobraliśmy");
    await user.click(generateButton());
    const alert = screen.getByRole("alert");
    expect(alert.textContent).toContain("Masz 1 token, a ta operacja wymaga 2 tokenów.");
    expect(alert.textContent).toContain("Nie pobraliśmy żadnych tokenów.");
    expect(within(alert).getByRole("link", { name: "Kup tokeny" }).getAttribute("href")).toBe("/cennik");
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("confirms, sends the batch request, shows the results and the new balance", async () => {
    const user = userEvent.setup();
    const batch = queuedBatch("b1", ["scandinavian", "boho"]);
    // No answer, then one cut off on its way (the batch was made), then the answer.
    fetchMock
      .mockRejectedValueOnce(new TypeError("Failed to fetch"))
      .mockResolvedValueOnce(new Response('{"batch":{"id":', { status: 201, headers: { "content-type": "application/json" } }))
      .mockResolvedValueOnce(jsonResponse(201, { batch, balance: 8 }));
    await renderStudio({}, { image: upload("img1") });
    await chooseRoomAndStyles(user, "Salon", ["Skandynawski", "Boho"]);

    await user.click(generateButton());
    const dialog = await screen.findByRole("dialog", { name: "Wygenerować 2 wizualizacje?" });
    expect(dialog.textContent).toContain("Koszt: 2 tokeny. Saldo: 10 tokenów, po wygenerowaniu: 8 tokenów.");
    await user.click(within(dialog).getByRole("button", { name: "Generuj" }));
    expect(screen.getByRole("alert").textContent).toContain("Nie udało się połączyć z serwerem");

    // The retries of the same choice reuse the request id, so the server cannot spend twice.
    await user.click(generateButton());
    await user.click(within(await screen.findByRole("dialog")).getByRole("button", { name: "Generuj" }));
    expect(screen.getByRole("alert").textContent).toContain("Nie udało się połączyć z serwerem");
    await user.click(generateButton());
    await user.click(within(await screen.findByRole("dialog")).getByRole("button", { name: "Generuj" }));
    const posts = fetchMock.mock.calls.filter(([url]) => url === "/api/batches");
    expect(posts).toHaveLength(3);
    expect(JSON.parse(String(posts[1]![1]?.body)).requestId).toBe(JSON.parse(String(posts[0]![1]?.body)).requestId);
    const [url, init] = posts[2]!;
    expect(url).toBe("/api/batches");
    expect(init?.method).toBe("POST");
    const sent = JSON.parse(String(init?.body));
    expect(sent).toMatchObject({ source: { type: "image", imageId: "img1" }, roomType: "living-room", styles: ["scandinavian", "boho"] });
    expect(sent.requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(sent.requestId).toBe(JSON.parse(String(fetchMock.mock.calls[0]![1]?.body)).requestId);

    expect(screen.getByText("Na Twoim koncie: 8 tokenów.")).toBeTruthy();
    expect(screen.getByRole("heading", { name: "Wyniki" })).toBeTruthy();
    expect(await screen.findByRole("article", { name: "Skandynawski" })).toBeTruthy();
    // The header's balance follows: the person's data is asked for again.
    expect(String(fetchMock.mock.calls.at(-1)![0])).toMatch(/^\/api\/me\?/);
  });

  it("spending the last tokens says only that it started; what to do next is said once the person chooses again", async () => {
    const user = userEvent.setup();
    fetchMock.mockResolvedValueOnce(jsonResponse(201, { batch: queuedBatch("b1", ["scandinavian", "boho"]), balance: 0 }));
    await renderStudio({}, { balance: 2, image: upload("img1") });
    await chooseRoomAndStyles(user, "Salon", ["Skandynawski", "Boho"]);
    await user.click(generateButton());
    await user.click(within(await screen.findByRole("dialog")).getByRole("button", { name: "Generuj" }));
    await screen.findByText(/^Rozpoczęto generowanie/);
    expect(screen.getByText("Na Twoim koncie: 0 tokenów.")).toBeTruthy();
    expect(screen.queryByText(/Za mało tokenów|Kup tokeny, aby wygenerować/)).toBeNull();
    await user.click(within(styleGroup()).getByRole("checkbox", { name: "Boho" }));
    expect(screen.getByRole("link", { name: "Kup tokeny" }).closest('[role="status"]')!.textContent).toContain("To kosztuje 1 token, a masz 0 tokenów. Kup tokeny, aby wygenerować.");
  });

  it("shows the server's not-enough-tokens answer (402) with its balance and amount", async () => {
    const user = userEvent.setup();
    fetchMock.mockResolvedValueOnce(jsonResponse(402, { error: { code: "INSUFFICIENT_TOKENS", details: { balance: 1, attempted: 3 } } }));
    await renderStudio({}, { balance: 5, image: upload("img1") });
    await chooseRoomAndStyles(user, "Taras", ["Skandynawski", "Boho", "Industrialny"]);
    await user.click(generateButton());
    await user.click(within(await screen.findByRole("dialog")).getByRole("button", { name: "Generuj" }));
    const alert = screen.getByRole("alert");
    expect(alert.textContent).toContain("Masz 1 token, a ta operacja wymaga 3 tokenów.");
    expect(within(alert).getByRole("link", { name: "Kup tokeny" })).toBeTruthy();
    expect(screen.getByText("Na Twoim koncie: 1 token.")).toBeTruthy();
  });
});

describe("DesignStudio: upload", () => {
  const file = () => new File([new Uint8Array([1, 2, 3])], "pokoj.heic", { type: "image/heic" });

  it("sends the file's bytes with progress and shows why an INVALID_IMAGE was refused, keeping the previous image", async () => {
    await renderStudio({}, { image: upload("img1") });
    // Started on the gallery tab (the image came from ?image=); the upload tab is one click away.
    fireEvent.click(screen.getByRole("tab", { name: "Wgraj" }));
    const input = screen.getByLabelText("Wybierz plik") as HTMLInputElement;
    expect(input.accept).toBe("image/jpeg,image/png,image/webp,image/avif,image/heic,image/heif,.heic,.heif");
    fireEvent.change(input, { target: { files: [file()] } });

    const xhr = FakeXhr.last!;
    expect(xhr.method).toBe("POST");
    expect(xhr.url).toBe("/api/images");
    expect(xhr.body).toBeInstanceOf(File);
    xhr.progress(1, 2);
    expect((screen.getByRole("progressbar", { name: "Postęp wysyłania" }) as HTMLProgressElement).value).toBeCloseTo(0.5);

    await xhr.respond(422, { error: { code: "INVALID_IMAGE", details: { reason: "tooManyPixels" } } });
    const alert = screen.getByRole("alert");
    expect(alert.textContent).toContain("Zdjęcie ma więcej niż 40 megapikseli.");
    expect(alert.textContent).toContain("JPEG, PNG, WebP, AVIF lub HEIC, do 20 MB i 40 megapikseli");
    expect(alert.textContent).toContain("Poprzednio wybrane zdjęcie pozostaje wybrane.");
    expect(screen.getByRole("img", { name: "Twoje zdjęcie pomieszczenia" }).getAttribute("src")).toBe("/api/images/img1");
  });

  it("refuses a file over 20 MB, or an empty one, at once without sending it", async () => {
    await renderStudio({}, { image: upload("img1") });
    fireEvent.click(screen.getByRole("tab", { name: "Wgraj" }));
    const big = new File([new Uint8Array(8)], "duze.jpg", { type: "image/jpeg" });
    Object.defineProperty(big, "size", { value: 20 * 1024 * 1024 + 1 });
    fireEvent.change(screen.getByLabelText("Wybierz plik"), { target: { files: [big] } });
    expect((await screen.findByRole("alert")).textContent).toContain("Plik ma więcej niż 20 MB.");
    expect(FakeXhr.last).toBeNull();
    expect(screen.getByRole("img", { name: "Twoje zdjęcie pomieszczenia" }).getAttribute("src")).toBe("/api/images/img1");
    fireEvent.change(screen.getByLabelText("Wybierz plik"), { target: { files: [new File([], "pusty.jpg", { type: "image/jpeg" })] } });
    await waitFor(() => expect(screen.getByRole("alert").textContent).toContain("Plik jest pusty."));
    expect(FakeXhr.last).toBeNull();
  });

  it("says in words that the server is busy when it answers 503 BUSY", async () => {
    await renderStudio();
    fireEvent.change(screen.getByLabelText("Wybierz plik"), { target: { files: [file()] } });
    await FakeXhr.last!.respond(503, { error: { code: "BUSY", details: { retryAfter: 5 } } });
    expect(screen.getByRole("alert").textContent).toContain("Serwer przyjmuje teraz zbyt wiele zdjęć naraz. Spróbuj ponownie za kilka sekund.");
  });

  it("shows the server's normalized image once the upload succeeds, and a network failure in words", async () => {
    await renderStudio();
    fireEvent.change(screen.getByLabelText("Wybierz plik"), { target: { files: [file()] } });
    await FakeXhr.last!.respond(201, { image: upload("img2") });
    expect(screen.getByRole("img", { name: "Twoje zdjęcie pomieszczenia" }).getAttribute("src")).toBe("/api/images/img2");
    expect(screen.getByText("Zdjęcie wgrane.")).toBeTruthy();

    fireEvent.change(screen.getByLabelText("Wybierz plik"), { target: { files: [file()] } });
    await act(async () => FakeXhr.last!.onerror?.());
    expect(screen.getByRole("alert").textContent).toContain("Sprawdź połączenie z internetem");
    expect(screen.getByRole("img", { name: "Twoje zdjęcie pomieszczenia" }).getAttribute("src")).toBe("/api/images/img2");
  });

  it("uploads an image pasted anywhere on the page", async () => {
    await renderStudio();
    const paste = new Event("paste", { bubbles: true }) as ClipboardEvent;
    Object.defineProperty(paste, "clipboardData", { value: { files: [new File([new Uint8Array([1])], "image.png", { type: "image/png" })] } });
    act(() => {
      window.dispatchEvent(paste);
    });
    expect(FakeXhr.last?.url).toBe("/api/images");
  });
});

describe("DesignStudio: coming back", () => {
  it("shows again, live, a batch still being made when the page was left, and where the others are", async () => {
    await renderStudio({}, { batches: [queuedBatch("b-running", ["boho"])] });
    expect(screen.getByRole("heading", { name: "Wyniki" })).toBeTruthy();
    expect(await screen.findByRole("article", { name: "Boho" })).toBeTruthy();
    // The hour's other batches are a link away.
    expect(screen.getByRole("link", { name: "Ostatnich wizualizacjach" }).getAttribute("href")).toBe("/generations");
  });
});

describe("DesignStudio: gallery", () => {
  it("opens the gallery, loads the last hour's images with minutes left, and takes the chosen one", async () => {
    const user = userEvent.setup();
    const result: ImageDto = { ...upload("res9"), kind: "result", createdAt: "2026-11-26T13:05:00.000Z", expiresAt: new Date(Date.now() + 12 * 60_000 + 30_000).toISOString() };
    fetchMock.mockResolvedValueOnce(jsonResponse(200, { images: [result] }));
    await renderStudio();
    await user.click(screen.getByRole("tab", { name: "Galeria" }));
    await user.click(screen.getByRole("button", { name: "Wybierz z galerii" }));
    const dialog = await screen.findByRole("dialog", { name: "Twoja galeria" });
    expect(fetchMock).toHaveBeenCalledWith("/api/images", expect.anything());
    const item = await within(dialog).findByRole("button", { name: "Wizualizacja z 14:05 Usunięcie za 12 minut" });
    await user.click(item);
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(screen.getByRole("img", { name: "Twoja wizualizacja jako nowe zdjęcie wejściowe" }).getAttribute("src")).toBe("/api/images/res9");
  });

  it("says so when the gallery is empty", async () => {
    const user = userEvent.setup();
    fetchMock.mockResolvedValueOnce(jsonResponse(200, { images: [] }));
    await renderStudio();
    await user.click(screen.getByRole("tab", { name: "Galeria" }));
    await user.click(screen.getByRole("button", { name: "Wybierz z galerii" }));
    expect(await screen.findByText(/Nie masz zdjęć z ostatniej godziny/)).toBeTruthy();
  });
});

describe("the design page of a person working as a team", () => {
  it("says the balance is the team's pool, naming the team", async () => {
    await renderStudio({}, { balance: 550, team: "Biuro Wisła" });
    expect(screen.getByText("W puli zespołu Biuro Wisła: 550 tokenów.")).toBeTruthy();
    expect(screen.queryByText(/Na Twoim koncie/)).toBeNull();
  });

  it("says too few tokens of the team's pool, and that a failed token goes back to it", async () => {
    const user = userEvent.setup();
    await renderStudio({}, { balance: 1, team: "Biuro Wisła", image: upload("img1") });
    await chooseRoomAndStyles(user, "Salon", ["Skandynawski", "Boho"]);
    expect(screen.getByText("To kosztuje 2 tokeny, a w puli zespołu Biuro Wisła: 1 token. Kup tokeny, aby wygenerować.")).toBeTruthy();
    await user.click(screen.getByRole("checkbox", { name: "Boho" }));
    await user.click(generateButton());
    expect(within(await screen.findByRole("dialog")).getByText(/token wróci do puli zespołu Biuro Wisła\./)).toBeTruthy();
  });
});
