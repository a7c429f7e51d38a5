// @vitest-environment happy-dom
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { withMessages } from "~/tests/support/messages";
import { engineIds } from "@/config/engines";
import { editModes } from "@/config/edit-modes";
import { catalogs } from "@/i18n/catalogs";
import type { ProofAnswer } from "@/server/provenance/get-proof";
import { ProofReport } from "./proof-report";

afterEach(cleanup);

const proof = (change: Partial<ProofAnswer>): ProofAnswer => ({
  id: "0A1B2C3D",
  created: "2026-11-29T08:00:00.000Z",
  ai: true,
  mode: "restyle",
  styleId: "modern",
  engine: "replicate",
  model: null,
  structureScore: 0.97,
  structureFindings: null,
  originalSha256: null,
  images: { state: "live", until: "2026-11-29T09:00:00.000Z", published: true },
  ...change,
});

const report = (change: Partial<ProofAnswer>) => render(withMessages(<ProofReport answer={{ made: true, proof: proof(change), manifestFacts: null }} />));

describe("the proof page's report", () => {
  it("describes a result made without AI as such, in its text and its image's alternative text, and names the engine", () => {
    report({ ai: false, engine: "fake", mode: "garden" });
    expect(screen.getByText("Zmienione algorytmem bez modelu AI (podgląd): to wizualizacja, nie zdjęcie tego miejsca w obecnym stanie.")).toBeTruthy();
    expect(screen.getByRole("img", { name: "To miejsce zmienione algorytmem bez modelu AI" })).toBeTruthy();
    expect(screen.queryByRole("img", { name: /Wizualizacja AI/ })).toBeNull();
    expect(screen.getByText("Silnik: testowy (bez AI)")).toBeTruthy();
    expect(document.body.textContent).not.toMatch(/\bfake\b/);
    // A garden has no walls: the structure sentence speaks of the photo's lines.
    expect(screen.getByText("Kontrola struktury: linie zdjęcia zachowane (97%).")).toBeTruthy();
  });

  it("describes an AI result of a facade as a building's, with the engine's name and model", () => {
    report({ mode: "facade", model: "black-forest-labs/flux-kontext-pro", structureScore: 0.5 });
    expect(screen.getByRole("img", { name: "Wizualizacja AI tego budynku" })).toBeTruthy();
    expect(screen.getByRole("img", { name: "Oryginalne zdjęcie budynku" })).toBeTruthy();
    expect(screen.getByText("Zmienione przez model AI: to wizualizacja, nie zdjęcie budynku w obecnym stanie.")).toBeTruthy();
    expect(screen.getByText("Silnik: Replicate (model black-forest-labs/flux-kontext-pro)")).toBeTruthy();
    expect(screen.getByText("Kontrola struktury: linie budynku mogły się przesunąć (zachowane tylko 50% linii zdjęcia).")).toBeTruthy();
  });

  it("keeps the room's words for a room, and shows no engine line for an engine it cannot name", () => {
    report({ engine: "retired-engine" });
    expect(screen.getByRole("img", { name: "Wizualizacja AI tego pokoju" })).toBeTruthy();
    expect(screen.getByText("Kontrola struktury: ściany, okna i drzwi zachowane (97% linii zdjęcia).")).toBeTruthy();
    expect(screen.queryByText(/Silnik/)).toBeNull();
  });

  it("says what was done by the mode alone, never a name waiting for the person's words or colour", () => {
    const done = (mode: string) => {
      cleanup();
      report({ mode, styleId: null });
      return screen.getByText(/^Co zrobiono: /).textContent;
    };
    expect([done("replace"), done("paint"), done("material"), done("stage"), done("twilight")]).toEqual([
      "Co zrobiono: Fragment zastąpiony czymś innym",
      "Co zrobiono: Ściana pomalowana na nowy kolor",
      "Co zrobiono: Nowa podłoga lub okładzina ściany",
      "Co zrobiono: Umebluj pusty pokój",
      "Co zrobiono: Zmierzch",
    ]);
    for (const locale of ["pl", "en"] as const) {
      for (const mode of editModes) {
        const entry = catalogs[locale].modes[mode as keyof (typeof catalogs)["pl"]["modes"]] as Record<string, string> | undefined;
        const shown = entry?.proofName ?? entry?.name ?? "";
        expect(shown, `${locale} ${mode}`).not.toMatch(/[{}]/);
      }
    }
  });

  it("has a name for every engine in both languages", () => {
    for (const locale of ["pl", "en"] as const) expect(Object.keys(catalogs[locale].verify.engineNames).sort()).toEqual([...engineIds].sort());
  });
});
