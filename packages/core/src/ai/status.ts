import { config, type Config } from "../config";
import { modelSettings, type ModelSetting } from "./catalog";
import type { ServiceStatus } from "./schema";
import { OFFLINE_SERVICE } from "./types";
import { AiStatusEntity } from "./entity";

export interface CallRecord {
  choice: string;
  modelId: string;
  ok: boolean;
  error?: string;
  latencyMs?: number;
  /** ISO time the call ended. */
  at: string;
}

export interface StatusStore {
  record(call: CallRecord): Promise<void>;
  all(): Promise<CallRecord[]>;
}

export const dynamoStatusStore: StatusStore = {
  async record(call) {
    // Calls end out of order across instances: an older outcome never overwrites a newer one.
    await AiStatusEntity.put(call)
      .where(({ at }, { notExists, lt }) => `${notExists(at)} OR ${lt(at, call.at)}`)
      .go()
      .catch((error: unknown) => {
        if (error instanceof Error && /conditional/i.test(error.message)) return;
        throw error;
      });
  },
  async all() {
    const result = await AiStatusEntity.query.primary({}).go({ pages: "all" });
    return result.data.map((r) => ({ choice: r.choice, modelId: r.modelId, ok: r.ok, error: r.error, latencyMs: r.latencyMs, at: r.at }));
  },
};

/** For tests and tools that must not need DynamoDB. */
export function memoryStatusStore(): StatusStore {
  const records = new Map<string, CallRecord>();
  return {
    async record(call) {
      const current = records.get(call.choice);
      if (!current || current.at <= call.at) records.set(call.choice, call);
    },
    async all() {
      return [...records.values()];
    },
  };
}

/**
 * active: configured and its last call succeeded; standby: configured but not
 * proven yet (no call since this model id was configured) or its last call
 * failed; offline: not configured.
 */
export function statusOf(setting: Pick<ModelSetting, "configured" | "id">, last: CallRecord | undefined): ServiceStatus {
  if (!setting.configured) return "offline";
  if (!last || last.modelId !== setting.id) return "standby";
  return last.ok ? "active" : "standby";
}

export namespace AiStatus {
  export async function services(store: StatusStore = dynamoStatusStore, c: Config = config()) {
    const settings = modelSettings(c);
    let records: CallRecord[] = [];
    try {
      records = await store.all();
    } catch (error) {
      // Without the records every configured model is still worth showing as standby.
      console.error("[ai] reading model status failed", error);
    }
    const byChoice = new Map(records.map((r) => [r.choice, r]));
    return {
      services: [
        ...settings.map((s) => ({ service: s.service, status: statusOf(s, byChoice.get(s.choice)) })),
        // The offline model needs nothing and is always there.
        { service: OFFLINE_SERVICE, status: "active" as ServiceStatus },
      ],
    };
  }
}
