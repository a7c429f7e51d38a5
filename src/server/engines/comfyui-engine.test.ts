import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { FakeComfyUI } from "~/tests/fakes/comfyui";
import { createComfyUIEngine, type ComfyUIEngineOptions } from "./comfyui-engine";
import { EngineError, type EngineInput } from "./engine";
import template from "./comfyui/workflow.json";

const fake = new FakeComfyUI();
let url: string;
let photo: Buffer;

beforeAll(async () => {
  url = await fake.start();
  photo = await sharp({ create: { width: 1001, height: 751, channels: 3, background: "#9a8b7c" } }).webp().toBuffer();
});
afterAll(() => fake.stop());
beforeEach(() => {
  fake.scenario = FakeComfyUI.defaults();
  fake.failNext = { count: 0, status: 500 };
  fake.promptAnswerMs = 0;
  fake.requests.length = 0;
});

/** Polls are rare here: an engine that finishes fast has heard the end on the websocket. */
const timing = { requestMs: 3000, pollMs: 5000, connectMs: 1000 };

function engine(overrides: Partial<ComfyUIEngineOptions> = {}) {
  return createComfyUIEngine({ url, timing, ...overrides });
}

const prompt = "Redesign this kitchen in industrial style.";

function input(overrides: Partial<EngineInput> = {}): EngineInput {
  return { image: photo, width: 1001, height: 751, roomType: "kitchen", styleId: "industrial", edit: { mode: "restyle", styleId: "industrial" }, creativity: "balanced", seed: 1, prompt, onProgress: () => {}, signal: new AbortController().signal, ...overrides };
}

async function failure(work: Promise<unknown>): Promise<EngineError> {
  const error = await work.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(EngineError);
  return error as EngineError;
}

const lastRun = () => [...fake.runs.values()].at(-1)!;

describe("the ComfyUI engine against a fake ComfyUI", () => {
  it("uploads the photo at 768 px in 8-pixel cells, queues the template with the prompt, reports the websocket's progress and fetches the result", async () => {
    const reports: number[] = [];
    const started = Date.now();
    const result = await engine().generate(input({ onProgress: (fraction) => reports.push(fraction) }));
    expect(Date.now() - started).toBeLessThan(timing.pollMs);

    const [name, uploaded] = [...fake.uploads][0]!;
    expect(name).toMatch(/^aranzer\/[0-9a-f]{24}\.png$/);
    expect(await sharp(uploaded).metadata()).toMatchObject({ format: "png", width: 768, height: 576 });
    const { workflow, clientId } = lastRun();
    expect(clientId).not.toBe("");
    const titled = (title: string) => Object.values(workflow).find((node) => node._meta?.title === title)!.inputs;
    expect(titled("photo").image).toBe(name);
    expect(titled("prompt").text).toBe(prompt);
    expect(titled("sampler").seed).toEqual(expect.any(Number));
    expect(titled("checkpoint").ckpt_name).toBe(template["2"].inputs.ckpt_name);
    // Started, then the sampler's four steps.
    expect(reports.map((r) => Number(r.toFixed(4)))).toEqual([0.05, 0.3125, 0.525, 0.7375, 0.95]);
    expect(await sharp(result.image).metadata()).toMatchObject({ width: 768, height: 576 });
    expect(fake.requests.map((r) => r.path).filter((p) => p !== "/history/" + lastRun().id)).toEqual(["/upload/image", "/prompt", "/view"]);

    // Another style of the same photo reuses its upload, with another seed.
    await engine().generate(input({ styleId: "boho" }));
    expect(fake.uploads.size).toBe(1);
  });

  it("uses the server's own model files when told, and fails when the server lacks one", async () => {
    await engine({ checkpoint: "dreamshaper_8.safetensors" }).generate(input());
    expect(Object.values(lastRun().workflow).find((node) => node.class_type === "CheckpointLoaderSimple")!.inputs.ckpt_name).toBe("dreamshaper_8.safetensors");

    const error = await failure(engine({ controlNet: "control_v11f1p_sd15_depth.pth" }).generate(input()));
    expect(error.kind).toBe("failed");
    expect(error.message).toMatch(/control_net_name/);
  });

  it("finishes by polling /history when the websocket cannot be opened, and without the final `executing`", async () => {
    fake.scenario.websocket = false;
    const polled = await engine({ timing: { ...timing, pollMs: 30 } }).generate(input());
    expect(polled.image.length).toBeGreaterThan(0);

    fake.scenario = { ...FakeComfyUI.defaults(), sendExecutingNull: false };
    const started = Date.now();
    await engine().generate(input());
    expect(Date.now() - started).toBeLessThan(timing.pollMs);
  });

  it("fails a run that errs or saves no image, and retries one that ran out of GPU memory", async () => {
    fake.scenario.outcome = "error";
    expect(await failure(engine().generate(input()))).toMatchObject({ kind: "failed", message: expect.stringMatching(/KSampler.*mat1 and mat2/) });
    fake.scenario.outcome = "no-images";
    expect(await failure(engine().generate(input()))).toMatchObject({ kind: "failed" });
    fake.scenario.outcome = "out-of-memory";
    expect(await failure(engine().generate(input()))).toMatchObject({ kind: "transient" });
  });

  it("takes a 429 with Retry-After, a 5xx and an unreachable server as transient", async () => {
    fake.failNext = { count: 1, status: 429, retryAfter: "7" };
    expect(await failure(engine().generate(input()))).toMatchObject({ kind: "transient", retryAfterMs: 7000 });
    fake.failNext = { count: 1, status: 503 };
    expect(await failure(engine().generate(input()))).toMatchObject({ kind: "transient" });
    expect(await failure(engine({ url: "http://127.0.0.1:9" }).generate(input()))).toMatchObject({ kind: "transient", message: expect.stringMatching(/unreachable/) });
  });

  it("interrupts its own running prompt when the job is aborted, and takes a queued one out of the queue", async () => {
    fake.scenario.runMs = 20_000;
    fake.scenario.steps = 200;
    const running = new AbortController();
    const queued = new AbortController();
    const first = engine().generate(input({ signal: running.signal }));
    await expect.poll(() => fake.requests.some((r) => r.path === "/prompt")).toBe(true);
    const second = engine().generate(input({ signal: queued.signal }));
    await expect.poll(() => fake.runs.size >= 2 && [...fake.runs.values()].filter((run) => !fake.history.has(run.id)).length === 2).toBe(true);
    const [firstRun, secondRun] = [...fake.runs.values()].slice(-2);

    queued.abort(new Error("abandoned"));
    await expect(second).rejects.toThrow("abandoned");
    await expect.poll(() => fake.requests.some((r) => r.path === "/queue" && JSON.stringify(r.body) === JSON.stringify({ delete: [secondRun!.id] }))).toBe(true);

    running.abort(new Error("worker stopping"));
    await expect(first).rejects.toThrow("worker stopping");
    await expect.poll(() => fake.interrupted).toEqual([firstRun!.id]);
    expect(fake.requests.find((r) => r.path === "/interrupt")?.body).toEqual({ prompt_id: firstRun!.id });
  });

  it("takes out of the queue a prompt queued while its job was aborted, before its id came back", async () => {
    fake.scenario.runMs = 20_000;
    fake.promptAnswerMs = 300;
    const before = fake.runs.size;
    const controller = new AbortController();
    const work = engine().generate(input({ signal: controller.signal }));
    await expect.poll(() => fake.runs.size > before).toBe(true);
    const run = [...fake.runs.values()].at(-1)!;
    controller.abort(new Error("abandoned"));
    await expect(work).rejects.toThrow("abandoned");
    await expect.poll(() => fake.requests.some((r) => r.path === "/queue" && JSON.stringify(r.body) === JSON.stringify({ delete: [run.id] }))).toBe(true);
    // The request still has a time limit of its own, and running past it is worth a retry.
    const prompts = () => fake.requests.filter((r) => r.path === "/prompt").length;
    const promptsBefore = prompts();
    expect(await failure(engine({ timing: { ...timing, requestMs: 150 } }).generate(input()))).toMatchObject({ kind: "transient", message: expect.stringMatching(/unreachable/) });
    expect(prompts()).toBe(promptsBefore + 1);
  });
});
