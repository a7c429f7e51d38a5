import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { eq } from "drizzle-orm";
import type { Handle } from "@/server/db/client";
import { comment, commentReport } from "@/server/db/schema";
import { AppError } from "@/server/errors";
import { writeBlogFixture } from "~/tests/support/blog-fixture";
import { installDatabase, insertUser, testDatabases } from "~/tests/support/databases";
import { deleteAccount } from "@/server/accounts/delete-account";
import { registerSharedPageCache } from "@/server/http/shared-pages-changed";
import { rateLimits } from "@/server/rate-limit/hit-rate-limit";
import { commentRules } from "./comment-rules";
import { forgetThreadPages } from "./forget-thread-pages";
import { createComment } from "./create-comment";
import { deleteComment } from "./delete-comment";
import { editComment } from "./edit-comment";
import { listHiddenComments } from "./list-hidden-comments";
import { listModerationQueue } from "./list-moderation-queue";
import { listThread, type CommentNode } from "./list-thread";
import { moderateComment } from "./moderate-comment";
import { reportComment } from "./report-comment";
import { restoreComment } from "./restore-comment";

const MODERATOR_EMAIL = "moderator@example.test";
let root: string;
let dataDir: string;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), "aranzer-comments-"));
  process.env.DATA_DIR = dataDir; // the .eml outbox of the moderators' decisions
  process.env.ADMIN_EMAILS = ` ${MODERATOR_EMAIL.toUpperCase()} , other@example.test`;
  root = await writeBlogFixture({
    "pl/wpis.md": "locale: pl\nslug: poradniki/wpis\ntranslationKey: post",
    "en/post.md": "locale: en\nslug: post\ntranslationKey: post",
    "pl/szkic.md": "locale: pl\nslug: szkic\ntranslationKey: draft-post\ndraft: true",
  });
  // The blog reads content/blog under the working directory.
  vi.spyOn(process, "cwd").mockReturnValue(root);
});
afterAll(async () => {
  vi.restoreAllMocks();
  await rm(root, { recursive: true, force: true });
  await rm(dataDir, { recursive: true, force: true });
});

const post = { locale: "pl" as const, slug: ["poradniki", "wpis"] };
const thread = "pl:post";

async function refusal(promise: Promise<unknown>): Promise<{ code: string; details: Record<string, string | number> }> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return { code: (error as AppError).code, details: (error as AppError).details };
}

function shape(nodes: CommentNode[]): unknown[] {
  return nodes.map((n) => ({ state: n.state, body: n.body, replies: shape(n.replies) }));
}

async function outbox() {
  const dir = path.join(dataDir, "mail");
  const files = await readdir(dir).catch(() => [] as string[]);
  return Promise.all(files.map((file) => readFile(path.join(dir, file), "utf8")));
}

describe.each(testDatabases())("comments on $name", ({ open }) => {
  let handle: Handle;
  beforeAll(async () => {
    handle = await open();
    installDatabase(handle);
  });
  afterAll(async () => {
    await handle.close();
  });

  /** A fresh thread for one test: the fixture has one post per language, so tests clear it first. */
  async function clearThread() {
    await handle.db.delete(commentReport);
    await handle.db.update(comment).set({ parentId: null });
    await handle.db.delete(comment);
  }

  it("posts comments and replies three levels deep and reads them back as a tree, per language", async () => {
    await clearThread();
    const [ala, ola] = [await insertUser(handle), await insertUser(handle)];
    const top = await createComment({ userId: ala, ...post, body: "  **Pierwszy**\r\n\r\nkomentarz  " });
    const second = await createComment({ userId: ola, ...post, parentId: top.id, body: "Drugi poziom" });
    const third = await createComment({ userId: ala, ...post, parentId: second.id, body: "Trzeci poziom" });
    await createComment({ userId: ola, ...post, parentId: third.id, body: "Czwarty poziom" });
    await createComment({ userId: ola, locale: "en", slug: ["post"], body: "English thread" });
    expect(top.thread).toBe(thread);

    const seen = await listThread({ thread, viewerId: ola });
    expect(seen.count).toBe(4);
    expect(shape(seen.comments)).toEqual([
      {
        state: "published",
        body: "**Pierwszy**\n\nkomentarz",
        replies: [{ state: "published", body: "Drugi poziom", replies: [{ state: "published", body: "Trzeci poziom", replies: [{ state: "published", body: "Czwarty poziom", replies: [] }] }] }],
      },
    ]);
    expect(seen.comments[0]).toMatchObject({ mine: false, editableUntil: null });
    expect(seen.comments[0]!.replies[0]).toMatchObject({ mine: true, editableUntil: expect.any(Date) });
    expect((await listThread({ thread: "en:post", viewerId: null })).count).toBe(1);
  });

  it("refuses empty and overlong texts, missing or draft posts, and parents from elsewhere", async () => {
    const userId = await insertUser(handle);
    expect(await refusal(createComment({ userId, ...post, body: " \n\t " }))).toMatchObject({ code: "INVALID_INPUT", details: { reason: "empty" } });
    // Invisible characters only (no-break and ideographic spaces, zero-width space and joiner, BOM, a control, an override) are no text either.
    expect(await refusal(createComment({ userId, ...post, body: "\u00a0\u200b\u200d\ufeff\u3000\u0007\u202e" }))).toMatchObject({ code: "INVALID_INPUT", details: { reason: "empty" } });
    expect(await refusal(createComment({ userId, ...post, body: "a".repeat(commentRules.maxLength + 1) }))).toMatchObject({
      code: "INVALID_INPUT",
      details: { reason: "tooLong", max: commentRules.maxLength },
    });
    // The limit counts characters as a reader does: 2000 emoji are 4000 UTF-16 units but 2000 characters.
    await createComment({ userId, ...post, body: "🛋".repeat(commentRules.maxLength) });
    expect(await refusal(createComment({ userId, locale: "pl", slug: ["nie-ma"], body: "x" }))).toMatchObject({ code: "NOT_FOUND", details: { reason: "post" } });
    expect(await refusal(createComment({ userId, locale: "pl", slug: ["szkic"], body: "x" }))).toMatchObject({ code: "NOT_FOUND", details: { reason: "post" } });
    // A form may send any locale: one that is not ours has no such post (not a fault of ours).
    expect(await refusal(createComment({ userId, locale: "de", slug: ["poradniki", "wpis"], body: "x" }))).toMatchObject({ code: "NOT_FOUND", details: { reason: "post" } });
    const english = await createComment({ userId, locale: "en", slug: ["post"], body: "x" });
    expect(await refusal(createComment({ userId, ...post, parentId: english.id, body: "x" }))).toMatchObject({ code: "NOT_FOUND" });
    expect(await refusal(createComment({ userId, ...post, parentId: "not-a-uuid'; drop table comment;--", body: "x" }))).toMatchObject({ code: "NOT_FOUND" });
  });

  it("stores a text without control characters and direction overrides, keeping line ends, tabs and right-to-left letters", async () => {
    await clearThread();
    const userId = await insertUser(handle);
    await createComment({ userId, ...post, body: "a\u0001b\u001b[31mc\u0007\u0085\td\r\ne \u202egnp.exe\u202c \u2066x\u2069 \u05e9\u05dc\u05d5\u05dd\u200f" });
    const [row] = await handle.db.select({ body: comment.body }).from(comment);
    expect(row!.body).toBe("ab[31mc\td\ne gnp.exe x \u05e9\u05dc\u05d5\u05dd\u200f");
  });

  it("lets the author edit within the window, marked as edited, and nobody else", async () => {
    const [author, other] = [await insertUser(handle), await insertUser(handle)];
    const { id } = await createComment({ userId: author, ...post, body: "Przed" });
    expect(await refusal(editComment({ userId: other, commentId: id, body: "Cudze" }))).toMatchObject({ code: "FORBIDDEN", details: { reason: "notYours" } });
    await editComment({ userId: author, commentId: id, body: "Po" });
    const [row] = await handle.db.select().from(comment).where(eq(comment.id, id));
    expect(row).toMatchObject({ body: "Po", editedAt: expect.any(Date) });

    await handle.db
      .update(comment)
      .set({ createdAt: new Date(Date.now() - commentRules.editWindowMs - 1000) })
      .where(eq(comment.id, id));
    expect(await refusal(editComment({ userId: author, commentId: id, body: "Za późno" }))).toMatchObject({
      code: "CONFLICT",
      details: { reason: "editWindow", minutes: 15 },
    });
    const node = (await listThread({ thread, viewerId: author })).comments.find((c) => c.id === id);
    expect(node).toMatchObject({ body: "Po", editableUntil: null });
  });

  it("deletes a comment without replies; one with replies leaves a placeholder that goes with its last reply", async () => {
    await clearThread();
    const [author, other] = [await insertUser(handle), await insertUser(handle)];
    const lone = await createComment({ userId: author, ...post, body: "Sam" });
    expect(await refusal(deleteComment({ userId: other, commentId: lone.id }))).toMatchObject({ code: "FORBIDDEN" });
    expect(await deleteComment({ userId: author, commentId: lone.id })).toEqual({ placeholder: false, thread });
    expect((await listThread({ thread, viewerId: null })).comments).toEqual([]);

    const parent = await createComment({ userId: author, ...post, body: "Rodzic" });
    const reply = await createComment({ userId: other, ...post, parentId: parent.id, body: "Odpowiedź" });
    expect(await deleteComment({ userId: author, commentId: parent.id })).toEqual({ placeholder: true, thread });
    const seen = await listThread({ thread, viewerId: author });
    expect(shape(seen.comments)).toEqual([{ state: "deleted", body: null, replies: [{ state: "published", body: "Odpowiedź", replies: [] }] }]);
    expect(seen.comments[0]).toMatchObject({ authorCode: null, mine: false });
    expect(seen.count).toBe(1);
    expect(await refusal(createComment({ userId: other, ...post, parentId: parent.id, body: "Do usuniętego" }))).toMatchObject({ code: "NOT_FOUND" });
    expect(await refusal(deleteComment({ userId: author, commentId: parent.id }))).toMatchObject({ code: "NOT_FOUND" });

    await deleteComment({ userId: other, commentId: reply.id });
    expect(await handle.db.select().from(comment).where(eq(comment.thread, thread))).toEqual([]);
  });

  it("limits each user to five comments in ten minutes, saying when to try again", async () => {
    const userId = await insertUser(handle);
    for (let i = 0; i < 5; i++) await createComment({ userId, ...post, body: `Komentarz ${i}` });
    const refused = await refusal(createComment({ userId, ...post, body: "Szósty" }));
    expect(refused.code).toBe("RATE_LIMITED");
    expect(Number(refused.details.retryAfter)).toBeGreaterThan(590);
    // Refused texts do not count.
    const other = await insertUser(handle);
    for (let i = 0; i < 6; i++) await refusal(createComment({ userId: other, ...post, body: "" }));
    await createComment({ userId: other, ...post, body: "Pierwszy prawdziwy" });
  });

  it("says whether an edit changed what readers see, and limits edits and deletions together like posts", async () => {
    const userId = await insertUser(handle);
    const mine = await Promise.all(["Jeden", "Dwa"].map((body) => createComment({ userId, ...post, body })));
    expect(await editComment({ userId, commentId: mine[0]!.id, body: " Jeden " })).toEqual({ changed: false, thread });
    expect(await editComment({ userId, commentId: mine[0]!.id, body: "Jeden, poprawiony" })).toEqual({ changed: true, thread });
    for (let i = 2; i < rateLimits.commentChange.max; i++) await editComment({ userId, commentId: mine[0]!.id, body: `Wersja ${i}` });
    const refused = await refusal(deleteComment({ userId, commentId: mine[1]!.id }));
    expect(refused).toMatchObject({ code: "RATE_LIMITED" });
    expect(Number(refused.details.retryAfter)).toBeGreaterThan(590);
    expect(await refusal(editComment({ userId, commentId: mine[1]!.id, body: "Jeszcze raz" }))).toMatchObject({ code: "RATE_LIMITED" });
  });

  it("renders anew, at once, the cached page of each post a deleted account commented on, and no other", async () => {
    const forgotten: (readonly string[])[] = [];
    registerSharedPageCache({ clear: () => forgotten.push(["everything"]), forgetPaths: (paths) => forgotten.push(paths) });
    const userId = await insertUser(handle);
    await createComment({ userId, ...post, body: "Zniknę z konta" });
    await deleteAccount({ userId });
    expect(forgotten).toEqual([["/blog/poradniki/wpis"]]);
    await forgetThreadPages({ threads: ["pl:no-such-post"] });
    expect(forgotten).toHaveLength(1);
  });

  it("hands the moderators' alert to afterAnswer, so a reporter does not wait for the mail server", async () => {
    const author = await insertUser(handle);
    const { id } = await createComment({ userId: author, ...post, body: "Zgłoszony później" });
    const alerts = async () => (await outbox()).filter((mail) => mail.includes("/moderacja"));
    const alertsBefore = (await alerts()).length;
    const deferred: (() => Promise<void>)[] = [];
    await reportComment({ reporterId: null, clientAddress: "192.0.2.44", commentId: id, reason: "spam", details: "", afterAnswer: (task) => deferred.push(task) });
    expect(deferred).toHaveLength(1);
    expect((await alerts()).length).toBe(alertsBefore);
    await deferred[0]!();
    expect((await alerts()).length).toBe(alertsBefore + 2);
  });

  it("takes reports from anyone, explained where the law asks, limited per address", async () => {
    const author = await insertUser(handle);
    const reader = await insertUser(handle);
    const { id } = await createComment({ userId: author, ...post, body: "Zgłoszony" });
    const visitor = { reporterId: null, clientAddress: "203.0.113.7" };
    expect(await refusal(reportComment({ ...visitor, commentId: id, reason: "nonsense", details: "" }))).toMatchObject({ details: { reason: "reason" } });
    expect(await refusal(reportComment({ ...visitor, commentId: id, reason: "illegal", details: " " }))).toMatchObject({ details: { reason: "detailsRequired" } });
    expect(await refusal(reportComment({ ...visitor, commentId: id, reason: "spam", details: "", reporterEmail: "nie-adres" }))).toMatchObject({ details: { reason: "email" } });
    const alerts = async () => (await outbox()).filter((mail) => mail.includes("/moderacja"));
    const alertsBefore = (await alerts()).length;
    await reportComment({ ...visitor, commentId: id, reason: "spam", details: "", reporterEmail: " Visitor@Example.test " });
    // The comment's first open report e-mails every moderator, with the way to the queue; later ones do not.
    const alerted = (await alerts()).slice(alertsBefore);
    expect(alerted.map((mail) => /^To: (.+)$/m.exec(mail)?.[1]?.trim()).sort()).toEqual(["moderator@example.test", "other@example.test"]);
    await reportComment({ reporterId: reader, clientAddress: "198.51.100.1", commentId: id, reason: "harassment", details: "Obraża innych" });
    await reportComment({ reporterId: reader, clientAddress: "198.51.100.1", commentId: id, reason: "harassment", details: "Jeszcze raz" });
    expect((await alerts()).length).toBe(alertsBefore + 2);
    const reports = await handle.db.select().from(commentReport).where(eq(commentReport.commentId, id));
    expect(reports.map((r) => [r.reason, r.reporterEmail, r.reporterId])).toEqual([
      ["spam", "visitor@example.test", null],
      ["harassment", null, reader],
    ]);
    expect(await refusal(reportComment({ ...visitor, commentId: "00000000-0000-4000-8000-000000000000", reason: "spam", details: "" }))).toMatchObject({ code: "NOT_FOUND" });

    // Ten per address in ten minutes; two are counted already (the report, and the one about a missing comment).
    for (let i = 0; i < 8; i++) await reportComment({ ...visitor, commentId: id, reason: "spam", details: "" });
    expect((await refusal(reportComment({ ...visitor, commentId: id, reason: "spam", details: "" }))).code).toBe("RATE_LIMITED");
  });

  it("lets only moderators decide; a hidden comment and its reason are shown to its author alone", async () => {
    await clearThread();
    const moderatorId = await insertUser(handle, { email: MODERATOR_EMAIL });
    const moderator = { id: moderatorId, email: MODERATOR_EMAIL, emailVerified: true };
    const [author, replier, reporter] = [await insertUser(handle), await insertUser(handle), await insertUser(handle)];
    const hidden = await createComment({ userId: author, ...post, body: "Do ukrycia" });
    await createComment({ userId: replier, ...post, parentId: hidden.id, body: "Odpowiedź" });
    const removed = await createComment({ userId: author, ...post, body: "Do usunięcia" });
    const kept = await createComment({ userId: author, ...post, body: "W porządku" });
    for (const target of [hidden, removed, kept]) {
      await reportComment({ reporterId: reporter, clientAddress: "192.0.2.1", commentId: target.id, reason: "other", details: `Zgłoszenie ${target.id}` });
    }
    await reportComment({ reporterId: null, clientAddress: "192.0.2.2", reporterEmail: "visitor@example.test", commentId: hidden.id, reason: "spam", details: "" });

    const queue = await listModerationQueue();
    expect(queue.map((item) => [item.comment.body, item.reports.length])).toEqual([
      ["Do ukrycia", 2],
      ["Do usunięcia", 1],
      ["W porządku", 1],
    ]);
    expect(queue[0]!.reports[1]).toMatchObject({ reporterEmail: "visitor@example.test", signedIn: false });

    const notModerator = { id: reporter, email: "reader@example.test", emailVerified: true };
    expect(await refusal(moderateComment({ moderator: notModerator, commentId: hidden.id, action: "hide", ground: "terms", reason: "x" }))).toMatchObject({ code: "FORBIDDEN" });
    expect(await refusal(moderateComment({ moderator: { ...moderator, emailVerified: false }, commentId: hidden.id, action: "dismiss" }))).toMatchObject({ code: "FORBIDDEN" });
    expect(await refusal(moderateComment({ moderator, commentId: hidden.id, action: "hide", ground: "terms", reason: " " }))).toMatchObject({ details: { reason: "empty" } });
    expect(await refusal(moderateComment({ moderator, commentId: hidden.id, action: "hide", ground: "whim", reason: "x" }))).toMatchObject({ details: { reason: "ground" } });

    // Through afterAnswer (Next's after, in the action), the statement of reasons goes out once the moderator has the answer.
    const statements = async () => (await outbox()).filter((m) => m.includes("Reklama bez zwi")).length;
    const statementsBefore = await statements();
    const deferred: (() => Promise<void>)[] = [];
    await moderateComment({ moderator, commentId: hidden.id, action: "hide", ground: "terms", reason: "Reklama bez związku z wpisem.", afterAnswer: (task) => deferred.push(task) });
    expect(await statements()).toBe(statementsBefore);
    await deferred[0]!();
    expect(await statements()).toBeGreaterThan(statementsBefore);
    await moderateComment({ moderator, commentId: removed.id, action: "remove", ground: "illegal", reason: "Dane osobowe innej osoby." });
    await moderateComment({ moderator, commentId: kept.id, action: "dismiss" });
    expect(await listModerationQueue()).toEqual([]);
    expect(await refusal(moderateComment({ moderator, commentId: hidden.id, action: "remove", ground: "terms", reason: "Znowu" }))).toMatchObject({ code: "CONFLICT" });

    const forAuthor = await listThread({ thread, viewerId: author });
    expect(forAuthor.comments.map((c) => [c.state, c.body, c.moderation?.action, c.moderation?.reason])).toEqual([
      ["withheld", "Do ukrycia", "hidden", "Reklama bez związku z wpisem."],
      ["withheld", null, "removed", "Dane osobowe innej osoby."],
      ["published", "W porządku", undefined, undefined],
    ]);
    const forOthers = await listThread({ thread, viewerId: replier });
    // Hidden with a reply: a placeholder, without text, author or reason. Removed without replies: gone.
    expect(shape(forOthers.comments)).toEqual([
      { state: "withheld", body: null, replies: [{ state: "published", body: "Odpowiedź", replies: [] }] },
      { state: "published", body: "W porządku", replies: [] },
    ]);
    expect(forOthers.comments[0]).toMatchObject({ authorCode: null, moderation: null });
    const [removedRow] = await handle.db.select().from(comment).where(eq(comment.id, removed.id));
    expect(removedRow!.body).toBe("");

    const mails = await outbox();
    expect(mails.some((m) => /To: visitor@example\.test/.test(m))).toBe(true); // the visitor who left an address

    // An appeal that holds: a moderator restores the hidden comment (not the removed one, whose text is gone), and its author is told.
    expect((await listHiddenComments()).map((c) => [c.body, c.ground, c.reason])).toEqual([["Do ukrycia", "terms", "Reklama bez związku z wpisem."]]);
    expect(await refusal(restoreComment({ moderator: notModerator, commentId: hidden.id }))).toMatchObject({ code: "FORBIDDEN" });
    expect(await refusal(restoreComment({ moderator, commentId: removed.id }))).toMatchObject({ code: "CONFLICT" });
    expect(await refusal(restoreComment({ moderator, commentId: hidden.id, note: "x".repeat(commentRules.moderationReasonMaxLength + 1) }))).toMatchObject({ details: { reason: "tooLong" } });
    // Quoted-printable mail: its soft line breaks undone.
    const notes = async () => (await outbox()).filter((m) => m.replace(/=\r?\n/g, "").includes("Cytat z ksiazki, nie reklama.")).length;
    const notesBefore = await notes();
    await restoreComment({ moderator, commentId: hidden.id, note: "Cytat z ksiazki, nie reklama." });
    expect(await notes()).toBe(notesBefore + 1);
    expect(await listHiddenComments()).toEqual([]);
    const afterRestore = await listThread({ thread, viewerId: replier });
    expect(afterRestore.comments[0]).toMatchObject({ state: "published", body: "Do ukrycia", moderation: null });
    expect(await refusal(restoreComment({ moderator, commentId: hidden.id }))).toMatchObject({ code: "CONFLICT" });
  });
});
