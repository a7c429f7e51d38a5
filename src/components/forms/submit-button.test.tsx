// @vitest-environment happy-dom
import { cleanup, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Form } from "./form";
import { SubmitButton } from "./submit-button";

afterEach(cleanup);

describe("SubmitButton", () => {
  it("is busy while its form's action runs, and a second press sends nothing", async () => {
    let finish: () => void = () => {};
    const action = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    render(
      <Form action={action}>
        <SubmitButton>Zapłać</SubmitButton>
      </Form>,
    );
    const button = screen.getByRole("button", { name: "Zapłać" });
    await userEvent.click(button);
    await waitFor(() => expect(button.getAttribute("aria-busy")).toBe("true"));
    await userEvent.click(button);
    expect(action).toHaveBeenCalledTimes(1);
    finish();
    await waitFor(() => expect(button.hasAttribute("aria-busy")).toBe(false));
  });
});
