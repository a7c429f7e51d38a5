import "server-only";
import { asc, eq, inArray, isNull } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { getDb } from "@/server/db/client";
import { comment, commentReport, user, type ReportReason } from "@/server/db/schema";

export type QueueItem = {
  comment: { id: string; thread: string; body: string; authorName: string | null; authorEmail: string | null; createdAt: Date; editedAt: Date | null };
  reports: { id: string; reason: ReportReason; details: string; reporterEmail: string | null; signedIn: boolean; createdAt: Date }[];
};

const reporter = alias(user, "reporter");

/**
 * Comments with open reports, the longest waiting first, each with its reports. (A deleted comment has
 * none: deleting closes them.)
 */
export async function listModerationQueue(): Promise<QueueItem[]> {
  const db = await getDb();
  const reports = await db
    .select({
      id: commentReport.id,
      commentId: commentReport.commentId,
      reason: commentReport.reason,
      details: commentReport.details,
      reporterId: commentReport.reporterId,
      reporterEmail: commentReport.reporterEmail,
      reporterAccountEmail: reporter.email,
      createdAt: commentReport.createdAt,
    })
    .from(commentReport)
    .leftJoin(reporter, eq(reporter.id, commentReport.reporterId))
    .where(isNull(commentReport.resolvedAt))
    .orderBy(asc(commentReport.createdAt), asc(commentReport.id));
  if (reports.length === 0) return [];
  const comments = await db
    .select({
      id: comment.id,
      thread: comment.thread,
      body: comment.body,
      authorName: user.name,
      authorEmail: user.email,
      createdAt: comment.createdAt,
      editedAt: comment.editedAt,
    })
    .from(comment)
    .leftJoin(user, eq(user.id, comment.authorId))
    .where(inArray(comment.id, [...new Set(reports.map((r) => r.commentId))]));
  const byId = new Map(comments.map((c) => [c.id, { comment: c, reports: [] as QueueItem["reports"] }]));
  const order: QueueItem[] = [];
  for (const report of reports) {
    const item = byId.get(report.commentId);
    if (!item) continue;
    if (item.reports.length === 0) order.push(item);
    item.reports.push({
      id: report.id,
      reason: report.reason,
      details: report.details,
      reporterEmail: report.reporterAccountEmail ?? report.reporterEmail,
      signedIn: report.reporterId !== null,
      createdAt: report.createdAt,
    });
  }
  return order;
}
