import "server-only";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { CallToolResult, ServerNotification, ServerRequest } from "@modelcontextprotocol/sdk/types.js";
import type { RequestHandlerExtra } from "@modelcontextprotocol/sdk/shared/protocol.js";
import { z } from "zod";
import { MCP_CONFIRM_ABOVE_TOKENS, type ApiScope } from "@/config/api";
import { creativityLevels, declutterScopes, editModes, INSTRUCTION_MAX_CHARS, modeOf, tokenCost, visualizationCount, type EditMode } from "@/config/edit-modes";
import { engineModes } from "@/config/engines";
import { LISTING_MAX_PHOTOS, listingModes } from "@/config/listings";
import { modeTools, type ModeTool } from "@/config/mcp-tools";
import { skyKinds } from "@/config/modes/sky";
import { roomTypes } from "@/config/room-types";
import { styleIds } from "@/config/styles";
import { recordIdSchema } from "@/schemas/generation";
import { createVisualizationSchema, generateListingApiSchema } from "@/schemas/public-api";
import { parseInput } from "@/server/parse-input";
import type { ApiCaller } from "@/server/api-keys/authenticate-api-key";
import { AppError } from "@/server/errors";
import { checkModeOnEngine } from "@/server/generation/check-mode-on-engine";
import { errorAnswer } from "@/server/http/error-answer";
import { fetchPublicUrl } from "@/server/http/fetch-public-url";
import { getImageFile } from "@/server/images/get-image-file";
import { uploadMask } from "@/server/images/upload-mask";
import { addListingPhotos } from "@/server/listings/add-listing-photos";
import { createListing } from "@/server/listings/create-listing";
import { getBalance } from "@/server/tokens/get-balance";
import { engineForKey } from "@/server/public-api/engine-for-key";
import { getApiResultHd } from "@/server/public-api/get-api-result-hd";
import { getVisualization } from "@/server/public-api/get-visualization";
import { orderApiResultHd } from "@/server/public-api/order-api-result-hd";
import { startListingGeneration } from "@/server/public-api/start-listing-generation";
import { startVisualization } from "@/server/public-api/start-visualization";
import { uploadFromUrl } from "@/server/public-api/upload-from-url";
import { subscribe } from "@/server/realtime/signals";
import { wakeUp } from "@/server/realtime/wake-up";
import type { ApiVisualization } from "@/server/public-api/to-api-visualization";

type Extra = RequestHandlerExtra<ServerRequest, ServerNotification>;

/** How long a tool waits for its results before answering with their state and links (the work goes on). */
const WAIT_MS = 110_000;
const POLL_MS = 500;

const image = z
  .string()
  .min(1)
  .max(2048)
  .describe("The room photo: an https:// address we can download (JPEG, PNG, WebP or HEIC, up to 20 MB), or the id of a photo uploaded with POST /api/v1/images.");
const roomType = z.enum(roomTypes).describe("What the room is.");
const style = z.enum(styleIds as unknown as [string, ...string[]]).describe("The interior style, e.g. japandi, scandinavian, modern, boho.");
const confirm = z.boolean().optional().describe(`Set true to spend the tokens once the user agreed to the cost. Needed when a call costs more than ${MCP_CONFIRM_ABOVE_TOKENS} tokens.`);
const variations = z.number().int().min(1).max(4).optional().describe("How many different results (one token each). Default 1.");
const mask = z.string().min(1).max(2048).describe("Where to edit: an https:// address of a mask PNG of the photo's size (white = edit), or the id of a mask sent with POST /api/v1/images/{id}/mask.");
const instruction = z.string().max(INSTRUCTION_MAX_CHARS).optional().describe("The user's own words for the AI engine, e.g. \"keep the fireplace\" (AI engines only).");
const creativity = z.enum(creativityLevels).optional().describe("How far the AI engine may go from the photo: subtle, balanced (default) or bold.");
const visualizationId = z.string().min(1).max(100).describe("The visualization's id, as the tools answer it (\"Visualization <id>\").");

/**
 * A tool's input for an edit mode, from the mode's module: the photo and its room type (the types the mode
 * fits), the style (its own list where it has one), the mask (required or optional, if it takes one), its own
 * parameters (required as its module says; a reference photo taken as an address or an id), variations unless
 * every engine makes it once, and the instruction, creativity and confirmation every mode takes.
 */
function modeInput(mode: EditMode): z.ZodRawShape {
  const definition = modeOf(mode);
  const entry: ModeTool = modeTools[mode];
  const described = entry.params ?? {};
  const shape: Record<string, z.ZodType> = { image, room_type: definition.roomTypes ? z.enum(definition.roomTypes as [string, ...string[]]).describe("What the photo shows.") : roomType };
  if (definition.styled) shape.style = definition.styles ? z.enum(Object.keys(definition.styles) as [string, ...string[]]).describe("The style, from this edit's own list.") : style;
  if (definition.mask !== "none") shape.mask = definition.mask === "required" ? mask : mask.optional();
  for (const [field, schema] of Object.entries(definition.params)) {
    const base = field === definition.referencePhoto ? image : schema instanceof z.ZodOptional ? (schema.unwrap() as z.ZodType) : schema;
    const required = Object.hasOwn(definition.required ?? {}, field);
    shape[field] = (required ? base : base.optional()).describe(described[field] ?? field);
  }
  if (!Object.values(definition.engines).every((engine) => engine.once)) shape.variations = variations;
  return { ...shape, instruction, creativity, confirm };
}

/**
 * The MCP server of one request, speaking for one API key: tools that order visualizations through the same
 * domain functions as the API and the website (startVisualization, startListingGeneration), state the cost in
 * tokens before spending, ask for `confirm: true` above MCP_CONFIRM_ABOVE_TOKENS, send progress notifications
 * while the engine works, and answer with the results as images plus their links.
 */
export function createMcpServer(options: { caller: ApiCaller; clientAddress: string; locale: "pl" | "en"; appUrl: string }): McpServer {
  const { caller } = options;
  const server = new McpServer({ name: "aranzer", version: "1.0.0" }, { capabilities: { tools: {} } });

  const tool = <Shape extends z.ZodRawShape>(
    name: string,
    config: { title: string; description: string; scope: ApiScope; input: Shape },
    run: (args: z.output<z.ZodObject<Shape>>, extra: Extra) => Promise<CallToolResult>,
  ) =>
    server.registerTool(name, { title: config.title, description: config.description, inputSchema: config.input }, (async (args: z.output<z.ZodObject<Shape>>, extra: Extra) => {
      try {
        if (!caller.scopes.includes(config.scope)) throw new AppError("FORBIDDEN", { reason: "missingScope", scope: config.scope });
        return await run(args, extra);
      } catch (error) {
        const answer = errorAnswer(error, { locale: options.locale, context: "mcp" });
        return { isError: true, content: [{ type: "text", text: `${answer.code}: ${answer.message}` }] };
      }
    }) as never);

  /** A photo id of the owner's: the given id, or the address downloaded and stored as an upload. */
  const photoId = async (value: string) =>
    /^https?:\/\//.test(value) ? (await uploadFromUrl({ userId: caller.ownerId, teamId: caller.teamId, clientAddress: options.clientAddress, url: value })).id : recordIdSchema.parse(value);

  /**
   * The cost of a call above the threshold, asked of the user before spending: through the client (MCP
   * elicitation) when it can ask, else refused until the call comes again with confirm: true. A test key costs nothing.
   */
  const costCheck = async (cost: number, confirmed: boolean | undefined): Promise<CallToolResult | null> => {
    if (caller.mode === "test" || cost <= MCP_CONFIRM_ABOVE_TOKENS || confirmed) return null;
    const balance = await getBalance({ userId: caller.ownerId, teamId: caller.teamId });
    if (server.server.getClientCapabilities()?.elicitation) {
      const answer = await server.server.elicitInput({
        message: `This costs ${cost} tokens (the balance is ${balance}). Spend them?`,
        requestedSchema: { type: "object", properties: { confirm: { type: "boolean", title: `Spend ${cost} tokens` } }, required: ["confirm"] },
      });
      if (answer.action === "accept" && answer.content?.confirm === true) return null;
      return { content: [{ type: "text", text: `The user did not agree to spend ${cost} tokens. Nothing was spent.` }] };
    }
    return {
      content: [{ type: "text", text: `This costs ${cost} tokens (the balance is ${balance}). Nothing was spent. Ask the user, then call again with confirm: true.` }],
    };
  };

  /** A mask's id: the given id, or the address downloaded and stored as the photo's mask. */
  const maskId = async (value: string, imageId: string) => {
    if (!/^https?:\/\//.test(value)) return recordIdSchema.parse(value);
    const file = await fetchPublicUrl({ url: value, timeoutMs: 30_000, field: "mask" });
    return (await uploadMask({ userId: caller.ownerId, teamId: caller.teamId, source: { type: "image", imageId }, body: file.body })).image.id;
  };

  /**
   * One edit of one photo, as the API's POST /visualizations: refused at once when this key's engine cannot do
   * the mode (the API's own refusal), then the cost asked, the photo (and a reference photo) taken, the
   * visualization started and waited for.
   */
  const visualize = async (extra: Extra, mode: EditMode, args: Record<string, unknown>) => {
    const definition = modeOf(mode);
    checkModeOnEngine({ mode, engineId: engineForKey(caller) });
    const styles = typeof args.style === "string" ? [args.style] : [];
    const count = typeof args.variations === "number" ? args.variations : 1;
    const refusal = await costCheck(tokenCost({ mode, styles, variations: count }), args.confirm === true);
    if (refusal) return refusal;
    const imageId = await photoId(String(args.image));
    const params: Record<string, unknown> = { instruction: args.instruction, creativity: args.creativity };
    for (const field of Object.keys(definition.params)) {
      const value = args[field];
      params[field] = field === definition.referencePhoto && typeof value === "string" ? await photoId(value) : value;
    }
    const maskImageId = typeof args.mask === "string" ? await maskId(args.mask, imageId) : undefined;
    const made = await startVisualization({
      caller,
      requestId: crypto.randomUUID(),
      // The tool's arguments as the API's body, checked here as the API checks it (each mode's rules).
      request: parseInput(createVisualizationSchema, { source: { type: "image", imageId }, roomType: args.room_type, mode, styles, variations: count, params, maskImageId }),
    });
    await progress(extra, 0, made.visualization.results.length, "Queued");
    const done = await waitFor(made.visualization.id, extra);
    return answer(done, `Spent ${made.cost} tokens; the balance is ${made.balance}.`);
  };

  /**
   * Reads `read` again whenever the batch has news (its signal, as its event stream) and at least every POLL_MS,
   * until `state` says all is settled, WAIT_MS have passed or the client gave up, sending progress notifications
   * meanwhile; answers the last reading (the work goes on after WAIT_MS).
   */
  const until = async <T>(extra: Extra, batchId: string, read: () => Promise<T>, state: (now: T) => { done: number; total: number; message: string }): Promise<T> => {
    const deadline = Date.now() + WAIT_MS;
    const { poke, wait } = wakeUp();
    const unsubscribe = subscribe("batch", batchId, poke);
    try {
      for (;;) {
        const now = await read();
        const { done, total, message } = state(now);
        if (done === total || Date.now() > deadline || extra.signal.aborted) return now;
        await progress(extra, done, total, message);
        await wait(POLL_MS);
      }
    } finally {
      unsubscribe();
    }
  };

  const waitFor = (id: string, extra: Extra): Promise<ApiVisualization> =>
    until(
      extra,
      id,
      () => getVisualization({ ownerId: caller.ownerId, id }),
      (now) => ({
        done: now.results.filter((r) => r.status === "succeeded" || r.status === "failed").length,
        total: now.results.length,
        message: now.status === "running" ? "The engine is working" : "Queued",
      }),
    );

  const progress = async (extra: Extra, done: number, total: number, message: string) => {
    const token = extra._meta?.progressToken;
    if (token === undefined) return;
    await extra.sendNotification({ method: "notifications/progress", params: { progressToken: token, progress: done, total, message } }).catch(() => undefined);
  };

  /** A result's 4K copy in words: made (its size and link), failed (refunded), or still ordered. */
  const hdLine = (hd: Awaited<ReturnType<typeof getApiResultHd>>, free: boolean): string | null => {
    if (hd.image) return `4K copy ready, ${hd.image.width}×${hd.image.height} px: ${options.appUrl}${hd.image.url}`;
    if (hd.state === "failed") return `4K copy failed: it could not be made${free ? "" : " and its token was refunded"}.`;
    if (hd.state) return `4K copy ${hd.state}.`;
    return null;
  };

  const answer = async (v: ApiVisualization, cost: string, hd?: Map<string, string>): Promise<CallToolResult> => {
    const content: CallToolResult["content"] = [];
    for (const result of v.results) {
      if (!result.image) continue;
      const file = await getImageFile({ userId: caller.ownerId, imageId: result.image.id, display: true }).catch(() => null);
      if (file) content.push({ type: "image", data: file.data.toString("base64"), mimeType: file.contentType });
    }
    const lines = v.results.map(
      (r) =>
        `- ${r.styleId ?? v.mode} (result ${r.id}): ${r.status}${r.image ? `, ${options.appUrl}${r.image.url}` : ""}${r.structureScore !== null ? `, structure kept ${Math.round(r.structureScore * 100)}%` : ""}${r.flagged ? " (walls or windows may have moved)" : ""}${r.failureReason ? ` (${r.failureReason}${r.refunded ? ", token refunded" : ""})` : ""}${hd?.has(r.id) ? `; ${hd.get(r.id)}` : ""}`,
    );
    content.push({
      type: "text",
      text: [`Visualization ${v.id}: ${v.status}. ${cost}`.trim(), v.ai ? "AI edits, marked as such." : "Previews made without AI (test key or local engine).", ...lines, `Image links need the same API key (Authorization: Bearer …). State: ${options.appUrl}/api/v1/visualizations/${v.id}`].join("\n"),
    });
    return { content };
  };

  const engineId = engineForKey(caller);
  for (const mode of editModes) {
    const { name, title, description } = modeTools[mode];
    const tokens = modeOf(mode).tokens;
    const cost = `${tokens === 1 ? "One token" : `${tokens} tokens`} per result.`;
    const unavailable = engineModes(engineId).includes(mode) ? "" : ` Not available with this key: its engine (${engineId}) cannot make it.`;
    tool(name, { title, scope: "generate", description: `${description} ${cost}${unavailable}`, input: modeInput(mode) }, (args, extra) => visualize(extra, mode, args));
  }
  tool(
    "get_visualization",
    {
      title: "Look at a visualization",
      scope: "read",
      description: "Answers where a visualization stands, without waiting or spending: its results as images with their links, and each result's 4K copy if one was ordered. For work started earlier or still running.",
      input: { visualization_id: visualizationId },
    },
    async (args) => {
      const v = await getVisualization({ ownerId: caller.ownerId, id: args.visualization_id });
      const hd = new Map<string, string>();
      for (const result of v.results) {
        if (result.status !== "succeeded") continue;
        const line = hdLine(await getApiResultHd({ ownerId: caller.ownerId, visualizationId: v.id, resultId: result.id }), v.test);
        if (line) hd.set(result.id, line);
      }
      return answer(v, "", hd);
    },
  );
  tool(
    "upscale_4k",
    {
      title: "Make a result's 4K copy",
      scope: "generate",
      description:
        "Orders the 4K copy (at least 3840 px on the long side) of one result, for print or a large screen, waits for it and answers with its link. One token (none for a test key's results); ordering again while it is made, or once it is, costs nothing. A copy that cannot be made gives its token back.",
      input: { visualization_id: visualizationId, result_id: z.string().min(1).max(100).describe("The result's id, as the tools answer it (\"result <id>\")."), confirm },
    },
    async (args, extra) => {
      const ids = { visualizationId: args.visualization_id, resultId: args.result_id };
      const v = await getVisualization({ ownerId: caller.ownerId, id: ids.visualizationId });
      const refusal = await costCheck(v.test ? 0 : 1, args.confirm);
      if (refusal) return refusal;
      const order = await orderApiResultHd({ caller, ...ids });
      const cost = v.test ? "Nothing spent (a test key's result)." : order.state === "queued" && order.balance !== null ? `Spent 1 token; the balance is ${order.balance}.` : "Already ordered: nothing spent.";
      const hd = await until(
        extra,
        ids.visualizationId,
        () => getApiResultHd({ ownerId: caller.ownerId, ...ids }),
        (now) => ({ done: now.state === "ready" || now.state === "failed" ? 1 : 0, total: 1, message: now.state === "running" ? "Upscaling" : "Queued" }),
      );
      const line = hdLine(hd, v.test) ?? "4K copy not ordered.";
      const text = [`Result ${ids.resultId} of visualization ${ids.visualizationId}: ${line}`, hd.state === "failed" ? "" : cost, hd.image ? "The link needs the same API key (Authorization: Bearer …); the copy is kept as long as the result." : hd.state === "failed" ? "" : "Call upscale_4k again later (it costs nothing more) or get_visualization to see it."];
      return { isError: hd.state === "failed" ? true : undefined, content: [{ type: "text", text: text.filter(Boolean).join("\n") }] };
    },
  );
  tool(
    "listing",
    {
      title: "Work on a listing",
      scope: "listings",
      description:
        "Prepares a property listing: makes one (or takes listing_id), adds the photos and generates them in the same style(s) and mode, so the rooms look like one home. A mode takes the photos it is for and leaves the others as they are: restyle, stage and declutter the rooms, sky and twilight the outdoor photos (add those with room_type exterior, garden or terrace). Costs those photos × styles tokens; asks to confirm above the threshold. Answers with the results and the ZIP link.",
      input: {
        listing_id: z.string().max(100).optional().describe("An existing listing; without it a new one named `name` is made."),
        name: z.string().max(120).optional().describe("The new listing's name, e.g. its address."),
        images: z.array(image).max(LISTING_MAX_PHOTOS).default([]).describe("Photos to add (addresses or uploaded ids)."),
        room_type: roomType,
        // A listing's modes but the reference style, whose photo this tool does not take.
        mode: z.enum(listingModes.filter((m) => !modeOf(m).referencePhoto) as [EditMode, ...EditMode[]]).default("stage"),
        styles: z.array(style).max(3).default([]).describe("Styles for restyle or stage."),
        scope: z.enum(declutterScopes).optional().describe("For declutter: how much to take out."),
        sky: z.enum(skyKinds).optional().describe("For sky: the new sky."),
        confirm,
      },
    },
    async (args, extra) => {
      const listingId = args.listing_id ?? (await createListing({ userId: caller.ownerId, teamId: caller.teamId, name: args.name ?? "Listing" })).id;
      if (args.images.length) {
        const ids = [];
        for (const value of args.images) ids.push(await photoId(value));
        await addListingPhotos({ userId: caller.ownerId, listingId, sources: ids.map((imageId) => ({ type: "image" as const, imageId })), roomType: args.room_type });
      }
      const perPhoto = visualizationCount({ mode: args.mode, styles: args.styles, variations: 1 });
      const photos = args.images.length || 1;
      const refusal = await costCheck(perPhoto * photos, args.confirm);
      if (refusal) return { content: [...refusal.content, { type: "text", text: `The listing is ${listingId}: pass listing_id to continue.` }] };
      const made = await startListingGeneration({ caller, listingId, requestId: crypto.randomUUID(), request: parseInput(generateListingApiSchema, { mode: args.mode, styles: args.styles, variations: 1, params: { ...(args.scope && { scope: args.scope }), ...(args.sky && { sky: args.sky }) } }) });
      const results: CallToolResult["content"] = [];
      for (const id of made.visualizationIds) results.push(...(await answer(await waitFor(id, extra), "")).content);
      results.push({ type: "text", text: `Listing ${listingId}: spent ${made.cost} token${made.cost === 1 ? "" : "s"}, the balance is ${made.balance}. ZIP of the chosen results: ${options.appUrl}/api/v1/listings/${listingId}/zip` });
      return { content: results };
    },
  );
  return server;
}

