import "server-only";
import { sql } from "drizzle-orm";
import type { Db } from "@/server/db/client";
import { executeRows } from "@/server/db/execute-rows";
import { notifyOnCommit, signalHere } from "@/server/realtime/signals";
import type { BatchEventInput } from "./append-batch-events";
import type { StructureFinding } from "@/schemas/structure";
import { findingsOf, isFlagged } from "./dto";

/**
 * Records a succeeded visualization's structure score and findings once they are known, after its result was stored and shown
 * (the check is not on the way to the screen), with a `scored` event for its batch's readers. One statement, as
 * writeJobStep's steps: the score is set only on a succeeded visualization that has none yet, so a repeat or a
 * late writer changes nothing. `written` is false then. The same statement copies them to the result's proof
 * record, which keeps them after the visualization's hour (decision record 0049): one writer, so the two never differ.
 */
export async function writeStructureScore(options: { db: Db; visualizationId: string; structureScore: number; findings: StructureFinding[] }): Promise<{ written: boolean }> {
  const { db, visualizationId, structureScore, findings } = options;
  const event: BatchEventInput = { type: "scored", visualizationId, structureScore, flagged: isFlagged(structureScore), structureFindings: findingsOf(structureScore, findings) };
  const [row] = await executeRows<{ appended: number | string; batch_id: string | null }>(db, sql`
    with changed as (
      update visualization set structure_score = ${structureScore}::real, structure_findings = ${JSON.stringify(findings)}::jsonb
       where id = ${visualizationId} and status = 'succeeded' and structure_score is null
      returning id, batch_id
    ), proofed as (
      update proof set structure_score = ${structureScore}::real, structure_findings = ${JSON.stringify(findings)}::jsonb
       where visualization_id = (select id from changed)
    ), numbered as (
      update batch set last_seq = last_seq + 1
       where id = (select batch_id from changed)
      returning id, last_seq
    ), appended as (
      insert into batch_event (batch_id, seq, payload)
      select id, last_seq, ${JSON.stringify(event)}::jsonb || jsonb_build_object('seq', last_seq) from numbered
      returning batch_id
    )
    select count(*) as appended, min(appended.batch_id) as batch_id
      from appended, ${notifyOnCommit("batch", sql`appended.batch_id`)}`);
  const written = Number(row?.appended ?? 0) > 0;
  if (written && row?.batch_id) signalHere("batch", row.batch_id);
  return { written };
}
