import "server-only";
import { and, eq, isNull } from "drizzle-orm";
import { getDb } from "@/server/db/client";
import { comment, commentReport, moderationGrounds } from "@/server/db/schema";
import { AppError } from "@/server/errors";
import { log } from "@/server/log";
import { commentIdOrThrow, commentRules, normalizeText } from "./comment-rules";
import { isModerator } from "./is-moderator";
import { sendModerationMail } from "./send-moderation-mail";

const moderationActions = ["hide", "remove", "dismiss"] as const;

/**
 * A moderator's decision on a reported comment, closing its open reports. `hide` keeps the text for its
 * author only, `remove` erases it; both need a ground and a reason, which the author is shown beside the
 * comment and sent by e-mail (the statement of reasons, DSA Art. 17). `dismiss` leaves the comment up.
 * Reporters who left an address are told the outcome (Art. 16(5)). The mails go out through `afterAnswer`
 * when given (the moderator need not wait for the mail server; a request passes Next's `after`), at once
 * otherwise. Refusals: FORBIDDEN (not a moderator), INVALID_INPUT (reason `action`, `ground`, `empty`,
 * `tooLong`), NOT_FOUND, CONFLICT (already decided or deleted).
 */
export async function moderateComment(options: {
  moderator: { id: string; email: string; emailVerified: boolean };
  commentId: unknown;
  action: unknown;
  ground?: unknown;
  reason?: unknown;
  afterAnswer?: (task: () => Promise<void>) => void;
}): Promise<void> {
  if (!isModerator(options.moderator)) throw new AppError("FORBIDDEN", { reason: "notModerator" });
  const id = commentIdOrThrow(options.commentId);
  const action = moderationActions.find((a) => a === options.action);
  if (!action) throw new AppError("INVALID_INPUT", { reason: "action" });
  let decision: { ground: (typeof moderationGrounds)[number]; reason: string } | null = null;
  if (action !== "dismiss") {
    const ground = moderationGrounds.find((g) => g === options.ground);
    if (!ground) throw new AppError("INVALID_INPUT", { reason: "ground" });
    decision = { ground, reason: normalizeText(options.reason, commentRules.moderationReasonMaxLength, { required: true }) };
  }
  const db = await getDb();
  const now = new Date();
  const outcome = await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ status: comment.status, authorId: comment.authorId, thread: comment.thread, createdAt: comment.createdAt })
      .from(comment)
      .where(eq(comment.id, id))
      .for("update");
    if (!row) throw new AppError("NOT_FOUND", { reason: "comment" });
    if (row.status !== "published") throw new AppError("CONFLICT", { reason: "decided" });
    const resolution = ({ hide: "hidden", remove: "removed", dismiss: "dismissed" } as const)[action];
    if (decision) {
      await tx
        .update(comment)
        .set({
          status: action === "hide" ? "hidden" : "removed",
          ...(action === "remove" ? { body: "" } : {}),
          moderatedAt: now,
          moderatedBy: options.moderator.id,
          moderationGround: decision.ground,
          moderationReason: decision.reason,
        })
        .where(eq(comment.id, id));
    }
    const reports = await tx
      .update(commentReport)
      .set({ resolvedAt: now, resolution, resolvedBy: options.moderator.id })
      .where(and(eq(commentReport.commentId, id), isNull(commentReport.resolvedAt)))
      .returning({ reporterId: commentReport.reporterId, reporterEmail: commentReport.reporterEmail });
    return { ...row, resolution, reports };
  });
  log.info("comments.moderated", { commentId: id, action, moderatorId: options.moderator.id, reports: outcome.reports.length });
  // The decision stands whether or not the mail goes out; the author also sees it beside the comment.
  const mail = () =>
    sendModerationMail({
      thread: outcome.thread,
      commentId: id,
      commentCreatedAt: outcome.createdAt,
      resolution: outcome.resolution,
      decidedAt: now,
      ground: decision?.ground ?? null,
      reason: decision?.reason ?? null,
      authorId: decision ? outcome.authorId : null,
      reporters: outcome.reports,
    }).catch((error: unknown) => log.error("comments.moderation_mail_failed", { commentId: id, error }));
  if (options.afterAnswer) options.afterAnswer(mail);
  else await mail();
}
