import { randomUUID } from "node:crypto";
import { isConditionFailure, optimistic, RETRY } from "../db/optimistic";
import { RateLimited, Unavailable } from "../error";
import { ANSWER_SLOT_RETRY_SECONDS, MAX_ANSWERS_AT_ONCE, TOO_MANY_ANSWERS } from "./limits";
import { AnswerSlotsEntity } from "./slot-entity";

type Leases = Record<string, number>;

/** A lease outlives the longest answer (the streaming function's 660 s) with a margin. */
const LEASE_SECONDS = 720;
const nowSeconds = () => Math.floor(Date.now() / 1000);

/** Writes the user's leases if nobody changed them since `version` was read; RETRY otherwise. */
async function write(userId: string, version: number | undefined, leases: Leases) {
  const expiresAt = Math.max(nowSeconds(), ...Object.values(leases)) + 60;
  try {
    if (version === undefined) await AnswerSlotsEntity.create({ userId, leases, version: 1, expiresAt }).go();
    else
      await AnswerSlotsEntity.patch({ userId })
        .set({ leases, version: version + 1, expiresAt })
        .where((a, op) => op.eq(a.version, version))
        .go();
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return RETRY;
    throw error;
  }
}

async function change(userId: string, edit: (live: Leases) => Leases) {
  return optimistic(
    async () => {
      const current = (await AnswerSlotsEntity.get({ userId }).go({ consistent: true })).data;
      const now = nowSeconds();
      const live = Object.fromEntries(Object.entries((current?.leases ?? {}) as Leases).filter(([, lapse]) => lapse > now));
      return write(userId, current?.version, edit(live));
    },
    () => new Unavailable("Too many questions at once. Please try again in a moment."),
  );
}

export namespace AnswerSlots {
  /**
   * Takes one of the user's MAX_ANSWERS_AT_ONCE slots before a question is counted or a model
   * asked; all taken: `RateLimited` (429, Retry-After). Returns the lease to give back.
   */
  export async function take(userId: string): Promise<string> {
    const lease = randomUUID();
    await change(userId, (live) => {
      if (Object.keys(live).length >= MAX_ANSWERS_AT_ONCE) throw new RateLimited(TOO_MANY_ANSWERS, ANSWER_SLOT_RETRY_SECONDS);
      return { ...live, [lease]: nowSeconds() + LEASE_SECONDS };
    });
    return lease;
  }

  /** Gives a slot back once its answer is written, stopped or failed. */
  export async function give(userId: string, lease: string): Promise<void> {
    await change(userId, (live) => {
      const { [lease]: _given, ...rest } = live;
      return rest;
    });
  }
}
