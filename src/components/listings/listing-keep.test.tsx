// @vitest-environment happy-dom
import { cleanup, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { withMessages } from "~/tests/support/messages";
import { ListingKeep } from "./listing-keep";

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

function serve(answer: () => Response) {
  const calls: string[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      calls.push(`${init?.method ?? "GET"} ${String(input)}`);
      return answer();
    }),
  );
  return calls;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("keeping a listing's originals and proof", () => {
  it("says for how long and until which day before keeping, then keeps", async () => {
    const calls = serve(() => json({ keptUntil: new Date().toISOString() }));
    const onChange = vi.fn(async () => null);
    render(withMessages(<ListingKeep base="/api/listings/l1" keptUntil={null} onChange={onChange} />));
    await userEvent.click(screen.getByRole("button", { name: "Zachowaj oryginały i dowód" }));
    const dialog = await screen.findByRole("dialog");
    const until = new Intl.DateTimeFormat("pl", { dateStyle: "long", timeZone: "Europe/Warsaw" }).format(new Date(Date.now() + 180 * 86_400_000));
    expect(dialog.textContent).toContain(until);
    expect(dialog.textContent).toContain("180 dni");
    await userEvent.click(screen.getByRole("button", { name: "Zachowaj do tego dnia" }));
    await waitFor(() => expect(onChange).toHaveBeenCalled());
    expect(calls).toEqual(["PUT /api/listings/l1/keep"]);
  });

  it("ends it at once after asking, and says when the server refuses", async () => {
    const calls = serve(() => json({ error: { code: "NOT_FOUND", message: "Nie ma takiego ogłoszenia." } }, 404));
    render(withMessages(<ListingKeep base="/api/listings/l1" keptUntil={new Date(Date.now() + 86_400_000).toISOString()} onChange={async () => null} />));
    expect(screen.getByText(/są przechowywane do/)).toBeTruthy();
    await userEvent.click(screen.getByRole("button", { name: "Zakończ przechowywanie teraz" }));
    const buttons = within(await screen.findByRole("dialog")).getAllByRole("button", { name: "Zakończ przechowywanie teraz" });
    await userEvent.click(buttons[buttons.length - 1]!);
    expect(await screen.findByRole("alert")).toHaveProperty("textContent", "Nie ma takiego ogłoszenia.");
    expect(calls).toEqual(["DELETE /api/listings/l1/keep"]);
  });
});
