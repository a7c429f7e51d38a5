import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { redirect } from "next/navigation";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { AppError } from "@/server/errors";
import type { SessionUser } from "@/web/server/session";

let user: SessionUser | null = null;
vi.mock("@/web/server/session", () => ({ getSessionUser: async () => user }));
vi.mock("next-intl/server", () => ({ getLocale: async () => "en" }));

const { action, formAction } = await import("./action");

const wording = { namespace: "comments", keys: { UNAUTHORIZED: "signedOut", RATE_LIMITED: "reportRateLimited", "INVALID_INPUT:tooLong": "tooLong" } } as const;

function form(fields: Record<string, string>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  return data;
}

describe("action", () => {
  beforeEach(() => {
    user = null;
  });

  it("refuses a signed-out caller of an action that needs a user, in the form's words, and hands back the kept fields", async () => {
    const handler = vi.fn(async () => "never");
    const run = action(z.object({ body: z.string() }), handler, { context: "test", auth: "required", keep: ["body"], wording });
    const result = await run(null, form({ body: "typed", locale: "pl" }));
    expect(handler).not.toHaveBeenCalled();
    expect(result).toMatchObject({ ok: false, error: { code: "UNAUTHORIZED", reason: null, message: "Twoja sesja wygasła. Zaloguj się ponownie, aby kontynuować." }, values: { body: "typed" } });
  });

  it("passes the parsed input and the user to the handler and answers its data", async () => {
    user = { id: "u1", email: "a@example.test", emailVerified: true };
    const run = action(z.object({ n: z.coerce.number() }), async (input, { user }) => ({ twice: input.n * 2, by: user.id }), { context: "test", auth: "required" });
    expect(await run(null, { n: "21" })).toMatchObject({ ok: true, data: { twice: 42, by: "u1" } });
  });

  it("builds a refusal from the same map as route handlers: the domain's reason, the figures, the locale of the page", async () => {
    const limited = action(z.object({}), async () => {
      throw new AppError("RATE_LIMITED", { retryAfter: 61 });
    }, { context: "test", auth: "optional", wording });
    expect(await limited(null, form({}))).toMatchObject({ ok: false, error: { code: "RATE_LIMITED", message: "Too many reports were sent. Try again in 2 minutes." } });

    const tooLong = action(z.object({}), async () => {
      throw new AppError("INVALID_INPUT", { reason: "tooLong", max: 5 });
    }, { context: "test", auth: "optional", wording });
    expect(await tooLong(null, form({ locale: "pl" }))).toMatchObject({ error: { reason: "tooLong", message: "Tekst może mieć najwyżej 5 znaków." } });

    const tooLongField = action(z.object({}), async () => {
      throw new AppError("INVALID_INPUT", { field: "city", reason: "fieldTooLong", max: 100 });
    }, { context: "test", auth: "optional" });
    expect(await tooLongField(null, form({ locale: "pl" }))).toMatchObject({ error: { reason: "fieldTooLong", field: "city", message: "Ten tekst jest za długi: może mieć najwyżej 100 znaków." } });

    const unworded = action(z.object({}), async () => {
      throw new AppError("INSUFFICIENT_TOKENS", { balance: 1, attempted: 2 });
    }, { context: "test", auth: "optional" });
    expect(await unworded(null, form({ locale: "pl" }))).toMatchObject({ error: { message: "Masz 1 token, a ta operacja wymaga 2 tokenów." } });
  });

  it("answers input the schema refuses as INVALID_INPUT, and lets a redirect through", async () => {
    const strict = action(z.object({ n: z.string().min(1) }), async () => "ran", { context: "test", auth: "optional" });
    expect(await strict(null, form({}))).toMatchObject({ ok: false, error: { code: "INVALID_INPUT" } });
    const away = action(z.object({}), async () => redirect("/elsewhere"), { context: "test", auth: "optional" });
    await expect(away(null, form({}))).rejects.toThrow("NEXT_REDIRECT");
  });

  it("takes its input alone, as a form's action and a direct call give it, and a form action answers nothing", async () => {
    user = { id: "u1", email: "a@example.test", emailVerified: true };
    const run = action(z.object({ n: z.coerce.number() }), async (input) => input.n + 1, { context: "test", auth: "required" });
    expect(await run({ n: "1" })).toMatchObject({ ok: true, data: 2 });
    expect(await run(form({ n: "2" }))).toMatchObject({ ok: true, data: 3 });
    const seen: number[] = [];
    const submit = formAction(z.object({ n: z.coerce.number() }), async (input) => void seen.push(input.n), { context: "test", auth: "required" });
    await expect(submit(form({ n: "4" }))).resolves.toBeUndefined();
    expect(seen).toEqual([4]);
  });

  it("is the only way an action is made: every server action file exports what action() or formAction() built", () => {
    const dir = path.join(import.meta.dirname);
    const files = readdirSync(dir).filter((name) => name.endsWith(".ts") && !name.endsWith(".test.ts"));
    const actionFiles = files.filter((name) => readFileSync(path.join(dir, name), "utf8").startsWith('"use server"'));
    expect(actionFiles.length).toBeGreaterThan(0);
    for (const name of actionFiles) {
      const source = readFileSync(path.join(dir, name), "utf8");
      expect(source, name).not.toMatch(/^export (async )?function/m);
      for (const [, made] of source.matchAll(/^export const \w+ = (\w+)\(/gm)) expect(["action", "formAction"], name).toContain(made);
    }
  });
});
