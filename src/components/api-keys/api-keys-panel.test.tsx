// @vitest-environment happy-dom
import { cleanup, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { withMessages } from "~/tests/support/messages";
import type { ApiKeyDto } from "@/server/api-keys/api-key-dto";
import { ApiKeysPanel } from "./api-keys-panel";

const actions = vi.hoisted(() => ({ createApiKeyAction: vi.fn(), revokeApiKeyAction: vi.fn() }));
vi.mock("@/web/actions/api-keys", () => actions);

afterEach(() => {
  cleanup();
  vi.resetAllMocks();
});

const revoke = "Unieważnij";
const key: ApiKeyDto = { id: "k1", name: "CRM", mode: "live", prefix: "az_live_AbCdEf", scopes: ["read", "generate"], concurrency: null, state: "active", expiresAt: null, lastUsedAt: null, lastUsedAddress: null, createdAt: "2026-11-29T05:00:00.000Z" };

describe("the team's API keys", () => {
  it("are titled as the team's, and made and revoked as the team's (its id sent with each action)", async () => {
    actions.createApiKeyAction.mockResolvedValue({ ok: true, data: { secret: "az_live_secret", prefix: "az_live_secr" } });
    actions.revokeApiKeyAction.mockResolvedValue({ ok: true, data: undefined });
    render(withMessages(<ApiKeysPanel keys={[key]} teamId="t1" />));
    expect(screen.getByRole("heading", { name: "Klucze API zespołu" })).toBeTruthy();
    expect(screen.getByRole("heading", { name: "Klucze zespołu" })).toBeTruthy();
    await userEvent.type(screen.getByRole("textbox", { name: "Nazwa klucza" }), "Portal");
    await userEvent.click(screen.getByRole("button", { name: "Utwórz klucz" }));
    await waitFor(() => expect(actions.createApiKeyAction).toHaveBeenCalledWith(expect.objectContaining({ name: "Portal", teamId: "t1" })));
    expect((screen.getByRole("textbox", { name: "Sekret" }) as HTMLInputElement).value).toBe("az_live_secret");
    await userEvent.click(screen.getByRole("button", { name: "Unieważnij klucz CRM" }));
    const dialog = await screen.findByRole("dialog");
    await userEvent.click(within(dialog).getByRole("button", { name: revoke }));
    await waitFor(() => expect(actions.revokeApiKeyAction).toHaveBeenCalledWith({ keyId: "k1", teamId: "t1" }));
  });

  it("are a person's own in the settings: no team id is sent", async () => {
    actions.createApiKeyAction.mockResolvedValue({ ok: true, data: { secret: "az_live_mine", prefix: "az_live_mine" } });
    render(withMessages(<ApiKeysPanel keys={[]} />));
    expect(screen.getByRole("heading", { name: "Klucze API" })).toBeTruthy();
    await userEvent.type(screen.getByRole("textbox", { name: "Nazwa klucza" }), "Mine");
    await userEvent.click(screen.getByRole("button", { name: "Utwórz klucz" }));
    await waitFor(() => expect(actions.createApiKeyAction).toHaveBeenCalledWith(expect.objectContaining({ name: "Mine", teamId: null })));
  });

  it("keeps a name longer than a key's and shows the server's reason under it, rather than cutting it off", async () => {
    actions.createApiKeyAction.mockResolvedValue({ ok: false, error: { code: "INVALID_INPUT", reason: "keyNameTooLong", field: "name", message: "Nazwa klucza jest za długa." }, values: {}, at: 1 });
    render(withMessages(<ApiKeysPanel keys={[]} />));
    const name = "CRM biura ".repeat(8);
    const field = screen.getByRole("textbox", { name: "Nazwa klucza" }) as HTMLInputElement;
    await userEvent.type(field, name);
    await userEvent.click(screen.getByRole("button", { name: "Utwórz klucz" }));
    await waitFor(() => expect(field.getAttribute("aria-invalid")).toBe("true"));
    expect(field.value).toBe(name);
    expect(screen.getByText("Nazwa klucza jest za długa.")).toBeTruthy();
  });
});
