import "server-only";
import { EventEmitter } from "node:events";
import { sql, type SQL } from "drizzle-orm";
import type { DbOrTx } from "@/server/db/client";
import { env } from "@/env";
import { log } from "@/server/log";
import { remember } from "@/server/process-singletons";

/**
 * Wake-up calls between the parts of the pipeline: "batch X has new events" (read by its event streams),
 * "there are new jobs" (read by workers) and "Replicate says prediction X changed" (from its webhook, read
 * by the engine waiting for that prediction, which then asks Replicate itself). A signal carries no data;
 * the database (or the provider) is the truth, so a lost signal only delays a reader until its next poll.
 * Within a process an EventEmitter carries them; with PostgreSQL, NOTIFY carries them to every other
 * process (web or worker) as well.
 */
export type Channel = "batch" | "jobs" | "prediction";
const pgChannel: Record<Channel, string> = { batch: "aranzer_batch", jobs: "aranzer_jobs", prediction: "aranzer_prediction" };

type Listener = { add(channel: Channel): void };
type State = { emitter: EventEmitter; listener?: Listener };
function state(): State {
  return remember<State>("signals", () => {
    const emitter = new EventEmitter();
    emitter.setMaxListeners(0);
    return { emitter };
  });
}

/** Call after the transaction that wrote the change has committed. */
export async function publish(db: DbOrTx, channel: Channel, id: string): Promise<void> {
  signalHere(channel, id);
  try {
    await db.execute(sql`select ${notifyOnCommit(channel, sql`${id}`)}`);
  } catch (error) {
    log.warn("signals.notify_failed", { channel, error });
  }
}

/**
 * The NOTIFY as an expression for the statement or transaction that writes the change: PostgreSQL delivers it
 * to the other processes when that commits (never if it rolls back), without a round trip of its own. This
 * process learns of it from signalHere, called after the commit.
 */
export function notifyOnCommit(channel: Channel, id: SQL): SQL {
  return sql`pg_notify(${pgChannel[channel]}, ${id})`;
}

/** Wakes this process's subscribers; the other processes learn of the change from its NOTIFY. */
export function signalHere(channel: Channel, id: string): void {
  state().emitter.emit(`${channel}:${id}`);
  state().emitter.emit(`${channel}:*`, id);
}

/** Calls back on every signal for that id ("*" for all); returns the unsubscribe function. */
export function subscribe(channel: Channel, id: string, callback: () => void): () => void {
  ensureListening(channel);
  const name = `${channel}:${id}`;
  state().emitter.on(name, callback);
  return () => state().emitter.off(name, callback);
}

/**
 * With PostgreSQL, one LISTEN connection per process feeds the emitter, listening only to the channels that
 * something in this process has subscribed to: a worker does not hear every batch's events, nor a web
 * process every new job (each notification wakes every process that listens to its channel).
 */
function ensureListening(channel: Channel) {
  const url = env().DATABASE_URL;
  if (!url) return;
  const s = state();
  s.listener ??= startListener(url);
  s.listener.add(channel);
}

function startListener(url: string): Listener {
  const channels = new Set<Channel>();
  const emitter = state().emitter;
  // The connection once it listens to every channel in the set, and how to give it up.
  let current: { client: import("pg").Client; reconnect: (error: unknown) => void } | null = null;
  const connect = async (): Promise<void> => {
    const { Client } = await import("pg");
    const client = new Client({ connectionString: url });
    client.on("notification", (message) => {
      const channel = (Object.keys(pgChannel) as Channel[]).find((c) => pgChannel[c] === message.channel);
      if (!channel || !message.payload) return;
      emitter.emit(`${channel}:${message.payload}`);
      emitter.emit(`${channel}:*`, message.payload);
    });
    let lost = false;
    const reconnect = (error: unknown) => {
      if (lost) return;
      lost = true;
      if (current?.client === client) current = null;
      log.warn("signals.listen_lost", { error });
      void client.end().catch(() => undefined);
      // Until it is back, readers rely on their polls; keep trying (a database restart may take a while).
      setTimeout(() => void connect(), 1000).unref();
    };
    client.on("error", reconnect);
    try {
      await client.connect();
      // Channels added meanwhile are visited too (a Set's iteration includes what is added during it).
      for (const channel of channels) await client.query(`LISTEN ${pgChannel[channel]}`);
      if (!lost) current = { client, reconnect };
    } catch (error) {
      reconnect(error);
    }
  };
  connect().catch((error: unknown) => log.warn("signals.listen_failed", { error }));
  return {
    add(channel) {
      if (channels.has(channel)) return;
      channels.add(channel);
      const listening = current;
      listening?.client.query(`LISTEN ${pgChannel[channel]}`).catch(listening.reconnect);
    },
  };
}
