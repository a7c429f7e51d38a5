// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { withMessages } from "~/tests/support/messages";
import type { MaskOp, Painter } from "./ops";
import type { MaskSurface } from "./surface";

// jsdom has no canvas: the editor draws into a surface that records what it was asked to do.
const calls: string[] = [];
const blob = new Blob(["png"], { type: "image/png" });
const painter: Painter = {
  line: (points, size, tool) => calls.push(`line ${tool} ${size} ${points.map((p) => `${p.x},${p.y}`).join(" ")}`),
  rect: (r, tool) => calls.push(`rect ${tool} ${r.x},${r.y} ${r.width}x${r.height}`),
  clear: () => calls.push("clear"),
};
const fakeSurface: MaskSurface = {
  live: painter,
  bake: (op: MaskOp) => calls.push(`bake ${op.kind}`),
  rebuild: (ops) => calls.push(`rebuild ${ops.map((op) => op.kind).join(",")}`),
  exportPng: async () => {
    exports++;
    return blob;
  },
};
/** How many times the mask was encoded. */
let exports = 0;
vi.mock("./surface", async (original) => ({ ...(await original<typeof import("./surface")>()), createCanvasMask: () => fakeSurface }));

const { MaskEditor } = await import("./mask-editor");
type MaskEditorHandle = import("./mask-editor").MaskEditorHandle;

let handle: { current: MaskEditorHandle | null };
let onMarked: ReturnType<typeof vi.fn<(marked: boolean) => void>>;
beforeEach(() => {
  calls.length = 0;
  exports = 0;
  handle = { current: null };
  onMarked = vi.fn<(marked: boolean) => void>();
});
afterEach(cleanup);

function renderEditor(purpose: "region" | "surface" = "region") {
  render(withMessages(<MaskEditor imageUrl="/api/images/photo" width={1536} height={1152} onMarkedChange={onMarked} purpose={purpose} handle={handle} />));
  return screen.getByRole("application", { name: "Edytor maski" });
}

/** The mask Generate would send, once the export's delay after the last change has passed. */
async function settled() {
  await act(() => new Promise((resolve) => setTimeout(resolve, 400)));
  return handle.current!.currentMask();
}

describe("MaskEditor", () => {
  it("names every control and describes the canvas with its purpose and the keyboard instructions", async () => {
    const canvas = renderEditor("surface");
    expect(canvas.getAttribute("tabindex")).toBe("0");
    expect(canvas.style.touchAction).toBe("none");
    const description = canvas.getAttribute("aria-describedby")!.split(" ").map((id) => document.getElementById(id)!.textContent).join(" ");
    expect(description).toContain("Zamaluj ściany lub podłogę");
    expect(description).toContain("Enter lub Spacja");
    expect(screen.getByRole("group", { name: "Narzędzie" })).toBeTruthy();
    expect((screen.getByRole("radio", { name: "Pędzel" }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole("radio", { name: "Gumka" }) as HTMLInputElement).checked).toBe(false);
    const slider = screen.getByRole("slider", { name: "Rozmiar pędzla" }) as HTMLInputElement;
    expect(slider.value).toBe("61");
    expect(slider.getAttribute("aria-valuetext")).toBe("61 px");
    fireEvent.change(slider, { target: { value: "120" } });
    expect(screen.getByText("120 px")).toBeTruthy();
    for (const name of ["Cofnij", "Ponów", "Wyczyść maskę", "Oddal", "Pokaż całe zdjęcie"]) {
      expect(screen.getByRole("button", { name }).getAttribute("aria-disabled")).toBe("true");
    }
    expect(screen.getByRole("button", { name: "Przybliż" }).getAttribute("aria-disabled")).toBeNull();
    expect(onMarked).toHaveBeenLastCalledWith(false);
    expect(await handle.current!.currentMask()).toBeNull();
  });

  it("paints a rectangle marked with the keyboard, hands the mask over, and undoes and redoes it with the keys", async () => {
    const user = userEvent.setup();
    const canvas = renderEditor();
    await user.click(screen.getByRole("radio", { name: "Gumka" }));
    await user.click(screen.getByRole("radio", { name: "Pędzel" }));
    canvas.focus();
    await user.keyboard("{Enter}");
    expect(screen.getByRole("status").textContent).toContain("Zaznaczono pierwszy róg");
    await user.keyboard("{Shift>}{ArrowLeft}{/Shift}{ArrowUp}{ArrowUp} ");
    expect(calls).toEqual(["rect brush 618,546 150x30"]);
    expect(screen.getByRole("status").textContent).toBe("Zamalowano prostokąt.");
    expect(await settled()).toBe(blob);

    await user.keyboard("{Control>}z{/Control}");
    expect(calls.at(-1)).toBe("rebuild ");
    expect(screen.getByRole("status").textContent).toBe("Cofnięto ostatni krok.");
    expect(await settled()).toBeNull();
    await user.keyboard("{Control>}{Shift>}z{/Shift}{/Control}");
    expect(calls.at(-1)).toBe("rebuild rect");
    expect(screen.getByRole("status").textContent).toBe("Przywrócono cofnięty krok.");
    // The undo button keeps the focus when there is nothing more to undo, so the keys still work.
    await user.click(screen.getByRole("button", { name: "Cofnij" }));
    await user.click(screen.getByRole("button", { name: "Cofnij" }));
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Cofnij" }));
    await user.keyboard("{Control>}y{/Control}");
    expect(calls.slice(-2)).toEqual(["rebuild ", "rebuild rect"]);
    expect(await settled()).toBe(blob);

    await user.click(screen.getByRole("button", { name: "Wyczyść maskę" }));
    expect(calls.at(-1)).toBe("clear");
    expect(screen.getByRole("status").textContent).toBe("Wyczyszczono maskę. Możesz to cofnąć.");
    expect(await settled()).toBeNull();
    expect(screen.getByRole("button", { name: "Wyczyść maskę" }).getAttribute("aria-disabled")).toBe("true");
    // Marked unavailable, it still takes a press: one that changes nothing, so a single undo brings the rectangle back.
    const before = calls.length;
    await user.click(screen.getByRole("button", { name: "Wyczyść maskę" }));
    expect(calls).toHaveLength(before);
    await user.click(screen.getByRole("button", { name: "Cofnij" }));
    expect(calls.at(-1)).toBe("rebuild rect");
    expect(await settled()).toBe(blob);
  });

  it("hands the mask over at once when asked within the delay after the last change (Generate right after a stroke)", async () => {
    const user = userEvent.setup();
    const canvas = renderEditor();
    expect(onMarked).toHaveBeenLastCalledWith(false);
    expect(await handle.current!.currentMask()).toBeNull();
    canvas.focus();
    await user.keyboard("{Enter}{ArrowRight}{ArrowDown}{Enter}");
    // Marked at once (Generate can be pressed), the mask itself not yet encoded.
    expect(onMarked).toHaveBeenLastCalledWith(true);
    expect(exports).toBe(0);
    await act(async () => expect(await handle.current!.currentMask()).toBe(blob));
    expect(exports).toBe(1);
    // Nothing changed since: the same mask, not encoded again, and no late export after the delay.
    await act(async () => expect(await handle.current!.currentMask()).toBe(blob));
    expect(await settled()).toBe(blob);
    expect(exports).toBe(1);
  });

  it("erases a rectangle with the eraser and drops a started one on Escape", async () => {
    const user = userEvent.setup();
    const canvas = renderEditor();
    await user.click(screen.getByRole("radio", { name: "Gumka" }));
    canvas.focus();
    // Each move says where the crosshair is; with a corner marked, how large the rectangle is.
    await user.keyboard("{ArrowRight}");
    expect(screen.getByRole("status").textContent).toBe("Celownik: 51% od lewej, 50% od góry.");
    await user.keyboard("{ArrowLeft}{Enter}{ArrowRight}{ArrowDown}");
    expect(screen.getByRole("status").textContent).toBe("Celownik: 51% od lewej, 51% od góry; prostokąt ma 1% szerokości i 1% wysokości.");
    await user.keyboard("{Enter}");
    expect(calls).toEqual(["rect eraser 768,576 15x15"]);
    expect(screen.getByRole("status").textContent).toBe("Wymazano prostokąt.");
    // Erasing an empty mask leaves nothing to hand over.
    expect(await settled()).toBeNull();
    await user.keyboard("{Enter}{ArrowRight}{Escape}{Enter}");
    expect(screen.getByRole("status").textContent).toBe("Zaznaczono pierwszy róg. Przesuń celownik do przeciwległego rogu i naciśnij Enter.");
    expect(calls).toHaveLength(1);
  });

  it("paints a stroke from the pointer in the photo's pixels, each frame joined to the last", async () => {
    const canvas = renderEditor();
    canvas.getBoundingClientRect = () => ({ left: 10, top: 20, width: 375, height: 281.25, right: 385, bottom: 301.25, x: 10, y: 20, toJSON: () => ({}) });
    canvas.setPointerCapture = () => {};
    fireEvent.pointerDown(canvas, { pointerId: 1, pointerType: "pen", button: 0, clientX: 10, clientY: 20 });
    fireEvent.pointerMove(canvas, { pointerId: 1, pointerType: "pen", clientX: 197.5, clientY: 20 });
    await act(() => new Promise((resolve) => requestAnimationFrame(resolve)));
    fireEvent.pointerMove(canvas, { pointerId: 1, pointerType: "pen", clientX: 197.5, clientY: 160.625 });
    fireEvent.pointerUp(canvas, { pointerId: 1, pointerType: "pen", clientX: 197.5, clientY: 160.625 });
    expect(calls).toEqual(["line brush 61 0,0 768,0", "line brush 61 768,0 768,576"]);
    expect(screen.getByRole("button", { name: "Cofnij" }).getAttribute("aria-disabled")).toBeNull();
    expect(await settled()).toBe(blob);
  });

  it("takes back a finger's stroke when a second finger comes: two fingers zoom, they do not paint", async () => {
    const canvas = renderEditor();
    canvas.getBoundingClientRect = () => ({ left: 0, top: 0, width: 375, height: 281.25, right: 375, bottom: 281.25, x: 0, y: 0, toJSON: () => ({}) });
    canvas.setPointerCapture = () => {};
    fireEvent.pointerDown(canvas, { pointerId: 1, pointerType: "touch", clientX: 150, clientY: 100 });
    await act(() => new Promise((resolve) => requestAnimationFrame(resolve)));
    fireEvent.pointerDown(canvas, { pointerId: 2, pointerType: "touch", clientX: 200, clientY: 100 });
    fireEvent.pointerMove(canvas, { pointerId: 2, pointerType: "touch", clientX: 250, clientY: 100 });
    await act(() => new Promise((resolve) => requestAnimationFrame(resolve)));
    fireEvent.pointerUp(canvas, { pointerId: 1, pointerType: "touch" });
    fireEvent.pointerUp(canvas, { pointerId: 2, pointerType: "touch" });
    expect(calls).toEqual(["line brush 61 614.4,409.6", "rebuild "]);
    expect((canvas.firstElementChild as HTMLElement).style.transform).toBe("translate(-150px, -100px) scale(2)");
    expect(screen.getByRole("button", { name: "Cofnij" }).getAttribute("aria-disabled")).toBe("true");
    expect(screen.getByRole("button", { name: "Pokaż całe zdjęcie" }).getAttribute("aria-disabled")).toBeNull();
  });
});
