// @vitest-environment happy-dom
import { cleanup, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import en from "../../messages/en.json";
import ErrorPage from "../../app/[locale]/error";
import { LayoutLabelsProvider } from "@/components/ui/layout-labels-context";
import { withLayoutLabels } from "~/tests/support/layout-labels";
import { layoutLabels } from "@/web/server/layout-labels";

afterEach(cleanup);

describe("the error boundary of every page", () => {
  it("says what happened in the page's language, retries, and links home", async () => {
    const reset = vi.fn();
    render(withLayoutLabels(<ErrorPage error={new Error("boom")} reset={reset} />));
    expect(screen.getByRole("heading", { level: 1, name: "Ups! Coś poszło nie tak" })).toBeTruthy();
    expect(screen.getByText("Coś poszło nie tak. Spróbuj ponownie za chwilę.")).toBeTruthy();
    await userEvent.click(screen.getByRole("button", { name: "Spróbuj ponownie" }));
    expect(reset).toHaveBeenCalledOnce();
    expect(screen.getByRole("link", { name: "Wróć na stronę główną" }).getAttribute("href")).toBe("/");
  });

  it("in English, the way home goes to the English home page", () => {
    render(
      <LayoutLabelsProvider labels={layoutLabels("en")}>
        <ErrorPage error={new Error("boom")} reset={() => {}} />
      </LayoutLabelsProvider>,
    );
    expect(screen.getByRole("link", { name: en.errors.backHome }).getAttribute("href")).toBe("/en");
  });
});
