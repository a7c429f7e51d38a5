// @vitest-environment jsdom
import { cleanup, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { withMessages } from "~/tests/support/messages";
import { ActionForm } from "./action-form";

afterEach(cleanup);

describe("a team form that asks first", () => {
  it("sends nothing on the click, and the member's removal only once confirmed; going back sends nothing", async () => {
    const action = vi.fn(async (_previous: unknown, _form: FormData) => ({ ok: true as const, data: undefined, at: Date.now() }));
    render(
      withMessages(
        <ActionForm action={action} submit="Usuń z zespołu" submitLabel="Usuń z zespołu: Ola" color="red" done="Usunięto." confirm={{ title: "Usunąć Ola z zespołu?", description: "Ola traci dostęp.", confirmLabel: "Usuń z zespołu" }}>
          <input type="hidden" name="userId" value="u2" />
        </ActionForm>,
      ),
    );
    await userEvent.click(screen.getByRole("button", { name: "Usuń z zespołu: Ola" }));
    expect(screen.getByRole("dialog", { name: "Usunąć Ola z zespołu?" })).toBeTruthy();
    await userEvent.click(screen.getByRole("button", { name: "Anuluj" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(action).not.toHaveBeenCalled();

    await userEvent.click(screen.getByRole("button", { name: "Usuń z zespołu: Ola" }));
    await userEvent.click(screen.getByRole("button", { name: "Usuń z zespołu" }));
    await waitFor(() => expect(action).toHaveBeenCalledTimes(1));
    expect(action.mock.calls[0]![1].get("userId")).toBe("u2");
    expect(await screen.findByText("Usunięto.")).toBeTruthy();
  });
});
