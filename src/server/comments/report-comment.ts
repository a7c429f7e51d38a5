import "server-only";
import { and, eq, isNull } from "drizzle-orm";
import { z } from "zod";
import { getDb } from "@/server/db/client";
import { comment, commentReport, reportReasons, type ReportReason } from "@/server/db/schema";
import { AppError } from "@/server/errors";
import { log } from "@/server/log";
import { hitRateLimit } from "@/server/rate-limit/hit-rate-limit";
import { alertModerators } from "./alert-moderators";
import { commentIdOrThrow, commentRules, normalizeText } from "./comment-rules";

/** Reasons for which the DSA asks the reporter to explain (Art. 16(2)(a)); "other" says nothing by itself. */
const explained: readonly ReportReason[] = ["illegal", "other"];

const email = z.email().max(254);

/**
 * A notice about a published comment (DSA Art. 16), from anyone: a signed-in reader (`reporterId`) or a
 * visitor, who may leave an e-mail for the answer. Limited per reader, or per client address for
 * visitors. Refusals: INVALID_INPUT (reason `reason`, `detailsRequired`, `tooLong`, `email`), NOT_FOUND,
 * RATE_LIMITED. A second open report by the same reader about the same comment adds nothing. The first open
 * report of a comment e-mails the moderators, through `afterAnswer` when given (the reporter need not wait for
 * the mail server; a request passes Next's `after`), at once otherwise.
 */
export async function reportComment(options: {
  commentId: unknown;
  reason: unknown;
  details: unknown;
  reporterId: string | null;
  reporterEmail?: unknown;
  clientAddress: string;
  afterAnswer?: (task: () => Promise<void>) => void;
}): Promise<void> {
  const id = commentIdOrThrow(options.commentId);
  const reason = reportReasons.find((r) => r === options.reason);
  if (!reason) throw new AppError("INVALID_INPUT", { reason: "reason" });
  const details = normalizeText(options.details, commentRules.reportDetailsMaxLength, { required: false });
  if (!details && explained.includes(reason)) throw new AppError("INVALID_INPUT", { reason: "detailsRequired" });
  let reporterEmail: string | null = null;
  if (!options.reporterId && typeof options.reporterEmail === "string" && options.reporterEmail.trim() !== "") {
    const parsed = email.safeParse(options.reporterEmail.trim());
    if (!parsed.success) throw new AppError("INVALID_INPUT", { reason: "email" });
    reporterEmail = parsed.data.toLowerCase();
  }
  const db = await getDb();
  await hitRateLimit({ rule: "commentReport", subject: options.reporterId ?? `address:${options.clientAddress}`, db });
  const { first, thread } = await db.transaction(async (tx) => {
    const [target] = await tx.select({ status: comment.status, thread: comment.thread }).from(comment).where(eq(comment.id, id)).for("update");
    if (target?.status !== "published") throw new AppError("NOT_FOUND", { reason: "comment" });
    const open = await tx
      .select({ reporterId: commentReport.reporterId })
      .from(commentReport)
      .where(and(eq(commentReport.commentId, id), isNull(commentReport.resolvedAt)));
    if (options.reporterId && open.some((report) => report.reporterId === options.reporterId)) return { first: false, thread: target.thread };
    await tx.insert(commentReport).values({ commentId: id, reason, details, reporterId: options.reporterId, reporterEmail });
    return { first: open.length === 0, thread: target.thread };
  });
  // The comment's row lock above makes "first" true for one report only, however many arrive at once.
  if (!first) return;
  const alert = () => alertModerators({ thread, reason });
  if (options.afterAnswer) options.afterAnswer(() => alert().catch((error: unknown) => log.warn("comments.moderator_alert_failed", { error })));
  else await alert();
}
