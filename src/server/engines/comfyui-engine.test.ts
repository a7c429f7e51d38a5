import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { FakeComfyUI } from "~/tests/fakes/comfyui";
import { createComfyUIEngine, upscaleFactor, type ComfyUIEngineOptions } from "./comfyui-engine";
import { markDigitalSource } from "@/server/images/mark-digital-source";
import { EngineError, type EngineInput } from "./engine";
import template from "./comfyui/workflow.json";
import { samePixels } from "~/tests/support/same-pixels";

const fake = new FakeComfyUI();
let url: string;
let photo: Buffer;
/** White (edit) over the right half of the photo. */
let mask: Buffer;

beforeAll(async () => {
  url = await fake.start();
  photo = await sharp({ create: { width: 1001, height: 751, channels: 3, background: "#9a8b7c" } }).webp().toBuffer();
  mask = await sharp({ create: { width: 1001, height: 751, channels: 3, background: "#000" } })
    .composite([{ input: await sharp({ create: { width: 500, height: 751, channels: 3, background: "#fff" } }).png().toBuffer(), left: 501, top: 0 }])
    .png()
    .toBuffer();
});
afterAll(() => fake.stop());
beforeEach(async () => {
  await fake.settle();
  fake.scenario = FakeComfyUI.defaults();
  fake.failNext = { count: 0, status: 500 };
  fake.promptAnswerMs = 0;
  fake.requests.length = 0;
  fake.missingNodes.clear();
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
const titled = (title: string, workflow = lastRun().workflow) => Object.values(workflow).find((node) => node._meta?.title === title)!.inputs;
const classes = (workflow = lastRun().workflow) => Object.values(workflow).map((node) => node.class_type);
const sent = (path: string) => fake.requests.filter((r) => r.path === path);
/** Let a long run end quickly once interrupted. */
const longRun = () => Object.assign(fake.scenario, { runMs: 20_000, steps: 400 });

describe("the ComfyUI engine against a fake ComfyUI", () => {
  it("uploads the photo at 768 px in 8-pixel cells, queues the template under a prompt_id of its own with the prompt and seed, reports the sampler's progress and fetches the result", async () => {
    const reports: number[] = [];
    const started = Date.now();
    const result = await engine().generate(input({ seed: 4242, onProgress: (fraction) => reports.push(fraction) }));
    expect(Date.now() - started).toBeLessThan(timing.pollMs);

    const [name, uploaded] = [...fake.uploads][0]!;
    expect(name).toMatch(/^aranzer\/[0-9a-f]{24}\.png$/);
    expect(await sharp(uploaded).metadata()).toMatchObject({ format: "png", width: 768, height: 576, hasAlpha: false });
    const { workflow, clientId, id } = lastRun();
    expect(clientId).not.toBe("");
    const body = sent("/prompt")[0]!.body as { prompt_id: string; client_id: string };
    expect(body.prompt_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(id).toBe(body.prompt_id);
    expect(body.client_id).toBe(clientId);
    expect(titled("photo").image).toBe(name);
    expect(titled("prompt").text).toBe(prompt);
    expect(titled("sampler")).toMatchObject({ seed: 4242, denoise: 0.8 });
    expect(titled("checkpoint").ckpt_name).toBe(template["2"].inputs.ckpt_name);
    expect(classes(workflow)).not.toContain("SetLatentNoiseMask");
    // Started, then the sampler's four steps.
    expect(reports.map((r) => Number(r.toFixed(4)))).toEqual([0.05, 0.3125, 0.525, 0.7375, 0.95]);
    expect(await sharp(result.image).metadata()).toMatchObject({ width: 768, height: 576 });
    expect(fake.requests.map((r) => r.path).filter((p) => p !== "/history/" + id)).toEqual(["/object_info", "/upload/image", "/prompt", "/view"]);

    // Another style of the same photo reuses its upload.
    await engine().generate(input({ styleId: "boho" }));
    expect(fake.uploads.size).toBe(1);
  });

  it("stages and declutters with the img2img workflow and their own prompt, the creativity as denoise", async () => {
    await engine().generate(input({ edit: { mode: "stage", styleId: "scandinavian" }, prompt: "Furnish this empty bedroom.", creativity: "bold", seed: 7 }));
    expect(classes()).toEqual(classes(template as never));
    expect(titled("prompt").text).toBe("Furnish this empty bedroom.");
    expect(titled("sampler")).toMatchObject({ seed: 7, denoise: 0.92 });

    await engine().generate(input({ edit: { mode: "declutter", scope: "furniture", keep: "the sofa" }, prompt: "Empty the room, keep the sofa.", creativity: "subtle", seed: 8 }));
    expect(classes()).toEqual(classes(template as never));
    expect(titled("prompt").text).toBe("Empty the room, keep the sofa.");
    expect(titled("sampler")).toMatchObject({ seed: 8, denoise: 0.65 });
  });

  it("inpaints remove, replace and material inside the mask: the photo transparent where it edits, SetLatentNoiseMask, the ControlNet's edges blanked there", async () => {
    const cases = [
      { edit: { mode: "remove", mask } as const, creativity: "subtle", denoise: 0.55 },
      { edit: { mode: "replace", mask, text: "a green velvet armchair" } as const, creativity: "balanced", denoise: 0.7 },
      { edit: { mode: "material", mask, material: "oak-planks" } as const, creativity: "bold", denoise: 0.85 },
    ] as const;
    for (const [index, { edit, creativity, denoise }] of cases.entries()) {
      await engine().generate(input({ edit, creativity, seed: 100 + index, prompt: `${edit.mode} prompt`, styleId: null }));
      const { workflow } = lastRun();
      const link = (title: string, inputName: string) => {
        const value = titled(title)[inputName] as [string, number];
        return [workflow[value[0]]!._meta?.title, value[1]];
      };
      // LoadImage's outputs: 0 the image, 1 its MASK (1 − alpha).
      expect(link("photo as latent", "pixels")).toEqual(["photo", 0]);
      expect(link("only in the mask", "samples")).toEqual(["photo as latent", 0]);
      expect(link("only in the mask", "mask")).toEqual(["photo", 1]);
      expect(link("sampler", "latent_image")).toEqual(["only in the mask", 0]);
      expect(link("sampler", "positive")).toEqual(["keep the structure", 0]);
      expect(link("keep the structure", "image")).toEqual(["edges outside the mask", 0]);
      expect(link("edges outside the mask", "mask")).toEqual(["photo", 1]);
      expect(titled("no edges")).toMatchObject({ width: 768, height: 576 });
      expect(titled("prompt").text).toBe(`${edit.mode} prompt`);
      expect(titled("sampler")).toMatchObject({ seed: 100 + index, denoise });
    }

    // The upload: the photo at the working size, alpha 0 where the mask is white (edit), 255 elsewhere, its colour kept under both.
    const upload = fake.uploads.get(String(titled("photo").image))!;
    const { data, info } = await sharp(upload).raw().toBuffer({ resolveWithObject: true });
    expect(info).toMatchObject({ width: 768, height: 576, channels: 4 });
    const pixel = (x: number, y: number) => [...data.subarray((y * info.width + x) * 4, (y * info.width + x) * 4 + 4)];
    expect(pixel(100, 300)[3]).toBe(255);
    expect(pixel(700, 300)[3]).toBe(0);
    expect(pixel(700, 300).slice(0, 3)).toEqual(pixel(100, 300).slice(0, 3));
    // The edge of the brushed half, within a pixel of where it falls at 768 px.
    expect([pixel(382, 10)[3], pixel(386, 10)[3]]).toEqual([255, 0]);
  });

  it("counts progress from the sampler's node only, not from a tiled VAE decode", async () => {
    fake.scenario.tiledDecode = true;
    const reports: number[] = [];
    await engine().generate(input({ onProgress: (fraction) => reports.push(fraction) }));
    expect(reports.map((r) => Number(r.toFixed(4)))).toEqual([0.05, 0.3125, 0.525, 0.7375, 0.95]);
  });

  it("uses the server's own model files when told, and says which input the server refused", async () => {
    await engine({ checkpoint: "dreamshaper_8.safetensors" }).generate(input());
    expect(titled("checkpoint").ckpt_name).toBe("dreamshaper_8.safetensors");

    const error = await failure(engine({ controlNet: "control_v11f1p_sd15_depth.pth" }).generate(input()));
    expect(error.kind).toBe("failed");
    expect(error.message).toBe(
      "ComfyUI did not take the workflow: Prompt outputs failed validation; ControlNetLoader #5: Value not in list: control_net_name: 'control_v11f1p_sd15_depth.pth' not in ['control_v11p_sd15_canny.pth']",
    );
  });

  it("asks the server's nodes once, at start, and says which nodes a workflow lacks and what brings them", async () => {
    fake.missingNodes.add("ImageCompositeMasked");
    fake.missingNodes.add("Canny");
    fake.missingNodes.add("ImageUpscaleWithModel");
    const comfy = engine();
    const error = await failure(comfy.generate(input({ edit: { mode: "remove", mask }, styleId: null })));
    expect(error).toMatchObject({ kind: "failed", message: "ComfyUI lacks the nodes Canny (needs the Python package kornia), ImageCompositeMasked" });
    const upscale = await failure(comfy.upscale!({ image: photo, width: 1001, height: 751, minLongSide: 2000, signal: new AbortController().signal }));
    expect(upscale.message).toBe("ComfyUI lacks the nodes ImageUpscaleWithModel (needs the Python package spandrel)");
    expect(sent("/object_info")).toHaveLength(1);
    expect(sent("/prompt")).toHaveLength(0);
    // A server with kornia but without spandrel still restyles.
    fake.missingNodes.delete("Canny");
    await engine().generate(input());
  });

  it("fails the run, as the server does, on an upscale model it does not have", async () => {
    const error = await failure(engine({ upscaleModel: "4x-UltraSharp.pth" }).upscale!({ image: photo, width: 1001, height: 751, minLongSide: 2000, signal: new AbortController().signal }));
    expect(error.kind).toBe("failed");
    expect(error.message).toMatch(/failed in UpscaleModelLoader: FileNotFoundError Model in folder 'upscale_models' with filename '4x-UltraSharp.pth' not found/);
  });

  it("answers what SaveImage wrote, the workflow in a `prompt` text chunk, which the stored result no longer has", async () => {
    const { image } = await engine().generate(input());
    const text = (png: Buffer) => png.toString("latin1");
    expect(text(image)).toContain("tEXtprompt\0");
    expect(text(image)).toContain(prompt);
    const stored = markDigitalSource({ image, ai: true });
    expect(text(stored)).not.toContain("prompt\0");
    expect(text(stored)).not.toContain(prompt);
    expect(text(stored)).not.toMatch(/aranzer\/[0-9a-f]{24}\.png|realisticVision/);
    expect(await samePixels(stored, image)).toBe(true);
  });

  it("uses the inpaint checkpoint for masked edits when one is set, else the restyle one", async () => {
    await engine({ checkpoint: "dreamshaper_8.safetensors" }).generate(input({ edit: { mode: "remove", mask }, styleId: null }));
    expect(titled("checkpoint").ckpt_name).toBe("dreamshaper_8.safetensors");
    fake.models.checkpoints.push("sd-v1-5-inpainting.ckpt");
    try {
      const comfy = engine({ checkpoint: "dreamshaper_8.safetensors", inpaintCheckpoint: "sd-v1-5-inpainting.ckpt" });
      await comfy.generate(input({ edit: { mode: "remove", mask }, styleId: null }));
      expect(titled("checkpoint").ckpt_name).toBe("sd-v1-5-inpainting.ckpt");
      await comfy.generate(input());
      expect(titled("checkpoint").ckpt_name).toBe("dreamshaper_8.safetensors");
    } finally {
      fake.models.checkpoints.pop();
    }
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

  it("uses the prompt_id that comes back from a build that makes its own", async () => {
    fake.scenario.legacy = true;
    const result = await engine().generate(input());
    expect(result.image.length).toBeGreaterThan(0);
    const chosen = (sent("/prompt")[0]!.body as { prompt_id?: string }).prompt_id;
    expect(chosen).toEqual(expect.any(String));
    expect(lastRun().id).not.toBe(chosen);
    expect(sent(`/history/${lastRun().id}`).length).toBeGreaterThan(0);
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
    // An engine that has asked for the server's nodes at start: the next request is its run's.
    const started = () => {
      const comfy = engine();
      return expect.poll(() => sent("/object_info").length).toBe(1).then(() => comfy);
    };
    let comfy = await started();
    fake.failNext = { count: 1, status: 429, retryAfter: "7" };
    expect(await failure(comfy.generate(input()))).toMatchObject({ kind: "transient", retryAfterMs: 7000 });
    fake.requests.length = 0;
    comfy = await started();
    fake.failNext = { count: 1, status: 503 };
    expect(await failure(comfy.generate(input()))).toMatchObject({ kind: "transient" });
    expect(await failure(engine({ url: "http://127.0.0.1:9" }).generate(input()))).toMatchObject({ kind: "transient", message: expect.stringMatching(/unreachable/) });
  });

  it("deletes an abandoned prompt that /queue lists as pending and interrupts one it lists as running, with or without the websocket", async () => {
    longRun();
    fake.scenario.websocket = false;
    const running = new AbortController();
    const queued = new AbortController();
    const before = fake.runs.size;
    const first = engine().generate(input({ signal: running.signal }));
    await expect.poll(() => fake.runs.size).toBe(before + 1);
    const firstRun = lastRun();
    const second = engine().generate(input({ signal: queued.signal }));
    await expect.poll(() => fake.runs.size).toBe(before + 2);
    const secondRun = lastRun();
    expect(fake.isPending(secondRun.id)).toBe(true);

    queued.abort(new Error("abandoned"));
    await expect(second).rejects.toThrow("abandoned");
    await expect.poll(() => sent("/queue").map((r) => [r.method, r.body])).toEqual([
      ["GET", undefined],
      ["POST", { delete: [secondRun.id] }],
      ["GET", undefined],
    ]);
    expect(sent("/interrupt")).toEqual([]);

    running.abort(new Error("worker stopping"));
    await expect(first).rejects.toThrow("worker stopping");
    await expect.poll(() => fake.interrupted).toEqual([firstRun.id]);
    expect(sent("/interrupt").map((r) => r.body)).toEqual([{ prompt_id: firstRun.id }]);
    await expect.poll(() => fake.history.get(firstRun.id)?.status.status_str).toBe("error");
    expect(fake.history.has(secondRun.id)).toBe(false);
  });

  it("does not interrupt on an older build a run that is not its own, after its own has ended", async () => {
    fake.scenario.legacy = true;
    longRun();
    const before = fake.runs.size;
    const other = engine().generate(input({ seed: 1 }));
    await expect.poll(() => fake.runs.size).toBe(before + 1);
    const otherRun = lastRun();
    const controller = new AbortController();
    const mine = engine().generate(input({ seed: 2, signal: controller.signal }));
    await expect.poll(() => fake.runs.size).toBe(before + 2);
    expect(fake.isPending(lastRun().id)).toBe(true);
    controller.abort(new Error("abandoned"));
    await expect(mine).rejects.toThrow("abandoned");
    await expect.poll(() => sent("/queue").filter((r) => r.method === "POST").length).toBe(1);
    expect(sent("/interrupt")).toEqual([]);
    expect(fake.interrupted).not.toContain(otherRun.id);
    // Let the other run end.
    await fetch(`${url}/interrupt`, { method: "POST" });
    await expect(other).rejects.toMatchObject({ kind: "transient" });
  });

  it("cancels a prompt queued while its job was aborted, before its id came back", async () => {
    longRun();
    fake.promptAnswerMs = 300;
    const before = fake.runs.size;
    const controller = new AbortController();
    const work = engine().generate(input({ signal: controller.signal }));
    await expect.poll(() => fake.runs.size > before).toBe(true);
    const run = lastRun();
    controller.abort(new Error("abandoned"));
    await expect(work).rejects.toThrow("abandoned");
    await expect.poll(() => fake.interrupted).toContain(run.id);
    expect(sent("/interrupt").at(-1)?.body).toEqual({ prompt_id: run.id });
    await expect.poll(() => fake.history.has(run.id)).toBe(true);
  });

  it("cancels, by the prompt_id it chose, a prompt whose answer timed out", async () => {
    longRun();
    fake.promptAnswerMs = 300;
    const error = await failure(engine({ timing: { ...timing, requestMs: 150 } }).generate(input()));
    // Running past the request's own time limit is worth a retry.
    expect(error).toMatchObject({ kind: "transient", message: expect.stringMatching(/unreachable/) });
    const chosen = (sent("/prompt").at(-1)!.body as { prompt_id: string }).prompt_id;
    expect(lastRun().id).toBe(chosen);
    await expect.poll(() => fake.interrupted).toContain(chosen);
    expect(sent("/interrupt").at(-1)?.body).toEqual({ prompt_id: chosen });
  });

  it("upscales with the model, then ImageScaleBy to at least the asked long side", async () => {
    const result = await sharp({ create: { width: 768, height: 576, channels: 3, background: "#445566" } }).webp().toBuffer();
    const hd = await engine().upscale!({ image: result, width: 768, height: 576, minLongSide: 2000, signal: new AbortController().signal });
    expect(classes()).toEqual(["LoadImage", "UpscaleModelLoader", "ImageUpscaleWithModel", "ImageScaleBy", "SaveImage"]);
    expect(titled("upscaler").model_name).toBe("RealESRGAN_x2.pth");
    expect(titled("scale").scale_by).toBeCloseTo(2000 / 1536, 3);
    expect(await sharp(hd.image).metadata()).toMatchObject({ width: 2000, height: 1500 });

    const four = await engine({ upscaleModel: "RealESRGAN_x4plus.pth" }).upscale!({ image: result, width: 768, height: 576, minLongSide: 1536, signal: new AbortController().signal });
    expect(titled("scale").scale_by).toBe(0.5);
    expect(await sharp(four.image).metadata()).toMatchObject({ width: 1536, height: 1152 });

    // A model that enlarges less than its name says: the rest is resampled.
    fake.upscaleFactors["RealESRGAN_x2.pth"] = 1;
    try {
      const short = await engine().upscale!({ image: result, width: 768, height: 576, minLongSide: 1536, signal: new AbortController().signal });
      expect(await sharp(short.image).metadata()).toMatchObject({ width: 1536, height: 1152 });
    } finally {
      fake.upscaleFactors["RealESRGAN_x2.pth"] = 2;
    }
  });

  it("reads an upscale model's factor from its file name", () => {
    expect(["RealESRGAN_x2.pth", "RealESRGAN_x4plus.pth", "4x-UltraSharp.pth", "4x_NMKD-Siax_200k.pth", "2x-AnimeSharpV2_MoSR_Sharp.pth", "ESRGAN.pth"].map(upscaleFactor)).toEqual([2, 4, 4, 4, 2, 2]);
  });
});

describe("the fake ComfyUI validates a workflow as the server does", () => {
  async function post(workflow: unknown) {
    const response = await fetch(`${url}/prompt`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ prompt: workflow }) });
    return { status: response.status, body: (await response.json()) as { error?: { type: string; message: string; details: string }; node_errors?: Record<string, { errors: { type: string; details: string; message: string }[] }> } };
  }
  /** The restyle template with a photo the server has. */
  async function workflow() {
    const form = new FormData();
    form.append("image", new Blob([new Uint8Array(await sharp(photo).png().toBuffer())], { type: "image/png" }), "valid.png");
    await fetch(`${url}/upload/image`, { method: "POST", body: form });
    const copy = structuredClone(template) as Record<string, { class_type: string; inputs: Record<string, unknown> }>;
    copy["1"]!.inputs.image = "valid.png";
    return copy;
  }

  it("takes the template, and refuses an unknown node type at the top level", async () => {
    fake.scenario.runMs = 0;
    expect((await post(await workflow())).status).toBe(200);
    const unknown = { ...(await workflow()), "12": { class_type: "IPAdapterApply", inputs: {} } };
    expect(await post(unknown)).toEqual({
      status: 400,
      body: { error: { type: "invalid_prompt", message: "Cannot execute because node IPAdapterApply does not exist.", details: "Node ID '#12'", extra_info: {} }, node_errors: {} },
    });
  });

  it("checks link types by output index, ranges, combo values, required inputs and the loaded file", async () => {
    const broken = await workflow();
    broken["3"]!.inputs.clip = ["2", 0]; // CheckpointLoaderSimple's 0 is MODEL
    Object.assign(broken["9"]!.inputs, { denoise: 1.5, steps: 0, sampler_name: "nope" });
    delete broken["10"]!.inputs.vae;
    broken["1"]!.inputs.image = "missing.png";
    const { status, body } = await post(broken);
    expect(status).toBe(400);
    expect(body.error).toMatchObject({ type: "prompt_outputs_failed_validation" });
    const reasons = (id: string) => body.node_errors![id]!.errors.map((e) => [e.type, e.details]);
    expect(reasons("3")).toEqual([["return_type_mismatch", "clip, MODEL != CLIP"]]);
    expect(reasons("9")).toEqual(
      expect.arrayContaining([
        ["value_smaller_than_min", "steps"],
        ["value_bigger_than_max", "denoise"],
        ["value_not_in_list", expect.stringMatching(/^sampler_name: 'nope' not in \['euler', /)],
      ]),
    );
    expect(reasons("10")).toEqual([["required_input_missing", "vae"]]);
    expect(reasons("1")).toEqual([["custom_validation_failed", "image - Invalid image file: missing.png"]]);
    // The save node fails only through its inputs: it has no reasons of its own.
    expect(body.node_errors!["11"]).toBeUndefined();
  });
});
