import { randomUUID } from "node:crypto";
import { Actor } from "../actor";
import { DocumentEntity } from "../document/entity";
import { Forbidden } from "../error";
import { parseInput } from "../fn";
import { Project } from "../project/index";
import { Quota } from "../quota/index";
import { QuoteEntity } from "../quote/entity";
import { Settings } from "../settings/index";
import { User } from "../user/index";
import { UsageEventEntity, type UsageEventItem } from "./entity";
import {
  AnalyticsRange,
  MAX_RANGE_DAYS,
  shiftDay,
  type AnalyticsReport,
  type DayActivity,
  type ModelActivity,
  type VendorTotal,
} from "./schema";

export * from "./schema";

/** Usage events outlive the longest report by a little. */
export const USAGE_EVENT_DAYS = MAX_RANGE_DAYS + 2;

export const ANALYTICS_UPGRADE_MESSAGE =
  "Analytics are part of the Professional plan. Upgrade to Professional to see your questions, models, documents and quotes as charts.";

/** What an answer says about itself (the chat's AnswerResult), as far as usage is concerned. */
export interface AnsweredQuestion {
  mode: "single" | "research";
  latencyMs?: number;
  answers?: { model: string; status: string; latencyMs: number; usage: { inputTokens: number; outputTokens: number } }[];
  synthesizer?: { model: string; status: string; latencyMs: number; usage: { inputTokens: number; outputTokens: number } } | null;
}

export namespace UsageLog {
  /**
   * Records one question for the analytics page, unless the asker turned analytics
   * off (then nothing is written: the plan's counters are all billing needs).
   * Never fails the answer it describes.
   */
  export async function recordQuestion(question: {
    userId: string;
    model: string;
    failed: boolean;
    answer: AnsweredQuestion;
    /** The asker's analytics setting when the caller has it already; read otherwise. */
    analytics?: boolean;
    at?: Date;
  }) {
    try {
      const analytics = question.analytics ?? (await Settings.get(question.userId)).privacy.analytics;
      if (!analytics) return;
      const at = question.at ?? new Date();
      const { answer } = question;
      const calls = [...(answer.answers ?? []), ...(answer.synthesizer ? [answer.synthesizer] : [])]
        // A Stop is the person's choice: the call neither failed nor finished.
        .filter((a) => a.status !== "stopped" && a.status !== "streaming")
        .map((a) => ({
          model: a.model,
          inputTokens: a.usage.inputTokens,
          outputTokens: a.usage.outputTokens,
          latencyMs: Math.round(a.latencyMs),
          ok: a.status === "answered",
        }));
      await UsageEventEntity.create({
        userId: question.userId,
        at: at.toISOString(),
        id: randomUUID(),
        kind: "question",
        model: question.model,
        mode: answer.mode,
        failed: question.failed,
        latencyMs: Math.round(answer.latencyMs ?? 0),
        calls,
        expiresAt: Math.floor(at.getTime() / 1000) + USAGE_EVENT_DAYS * 86_400,
      }).go();
    } catch (error) {
      console.error("[usage] recording a question failed", error);
    }
  }
}

export namespace Analytics {
  /** Professional and Enterprise see analytics; Starter is told what they are and how to get them. */
  export async function assertIncluded() {
    if (Quota.planOf(await User.find(Actor.userId())) === "starter") throw new Forbidden(ANALYTICS_UPGRADE_MESSAGE);
  }

  /**
   * The caller's activity in a range of UTC days: questions from the usage events,
   * documents and quotes from their own records (nothing is counted twice).
   */
  export async function report(input: { from?: string; to?: string }): Promise<AnalyticsReport> {
    await assertIncluded();
    const { from, to } = parseInput(AnalyticsRange, input);
    const userId = Actor.userId();
    const start = `${from}T00:00:00.000Z`;
    const end = `${shiftDay(to, 1)}T00:00:00.000Z`;
    const [settings, events, projects] = await Promise.all([
      Settings.get(userId),
      UsageEventEntity.query
        .primary({ userId })
        .between({ at: start }, { at: end })
        .go({ pages: "all" })
        .then((r) => r.data.filter((e) => e.at < end)),
      Project.list(),
    ]);
    // Documents and quotes are read where they live: each project's records of the range.
    const perProject = await Promise.all(
      projects.map(async (project) => {
        const [documents, quotes] = await Promise.all([
          DocumentEntity.query
            .byProject({ projectId: project.id })
            .between({ createdAt: start }, { createdAt: end })
            .go({ pages: "all", attributes: ["userId", "createdAt", "processingStatus", "pageCount"] }),
          QuoteEntity.query
            .byProject({ projectId: project.id })
            .between({ createdAt: start }, { createdAt: end })
            .go({ pages: "all", attributes: ["userId", "createdAt", "vendorName", "currency", "total"] }),
        ]);
        return { documents: documents.data.filter((d) => d.userId === userId), quotes: quotes.data.filter((q) => q.userId === userId) };
      }),
    );
    const documents = perProject.flatMap((p) => p.documents);
    const quotes = perProject.flatMap((p) => p.quotes);

    const days = new Map<string, DayActivity>();
    for (let day = from; day <= to; day = shiftDay(day, 1)) {
      days.set(day, { date: day, questions: 0, failures: 0, inputTokens: 0, outputTokens: 0, documents: 0, pages: 0, quotes: 0 });
    }
    const dayOf = (iso: string) => days.get(iso.slice(0, 10));
    for (const event of events) {
      const day = dayOf(event.at);
      if (!day) continue;
      day.questions += 1;
      if (event.failed) day.failures += 1;
      for (const call of event.calls) {
        day.inputTokens += call.inputTokens;
        day.outputTokens += call.outputTokens;
      }
    }
    let failedDocuments = 0;
    for (const document of documents) {
      if (document.processingStatus === "failed") failedDocuments += 1;
      if (document.processingStatus !== "completed") continue;
      const day = dayOf(document.createdAt);
      if (!day) continue;
      day.documents += 1;
      day.pages += document.pageCount ?? 0;
    }
    for (const quote of quotes) {
      const day = dayOf(quote.createdAt);
      if (day) day.quotes += 1;
    }
    const series = [...days.values()];
    const sum = (pick: (d: DayActivity) => number) => series.reduce((total, d) => total + pick(d), 0);
    return {
      from,
      to,
      recording: settings.privacy.analytics,
      totals: {
        questions: sum((d) => d.questions),
        failures: sum((d) => d.failures),
        inputTokens: sum((d) => d.inputTokens),
        outputTokens: sum((d) => d.outputTokens),
        documents: sum((d) => d.documents),
        pages: sum((d) => d.pages),
        quotes: sum((d) => d.quotes),
      },
      days: series,
      models: byModel(events),
      documents: { processed: sum((d) => d.documents), failed: failedDocuments, pages: sum((d) => d.pages) },
      vendors: byVendor(quotes),
    };
  }
}

function byModel(events: UsageEventItem[]): ModelActivity[] {
  const rows = new Map<string, ModelActivity & { latencyTotal: number }>();
  const row = (model: string) => {
    let r = rows.get(model);
    if (!r) {
      r = { model, questions: 0, calls: 0, failures: 0, inputTokens: 0, outputTokens: 0, averageLatencyMs: null, latencyTotal: 0 };
      rows.set(model, r);
    }
    return r;
  };
  for (const event of events) {
    row(event.model).questions += 1;
    for (const call of event.calls) {
      const r = row(call.model);
      r.calls += 1;
      if (!call.ok) r.failures += 1;
      r.inputTokens += call.inputTokens;
      r.outputTokens += call.outputTokens;
      r.latencyTotal += call.latencyMs;
    }
  }
  return [...rows.values()]
    .map(({ latencyTotal, ...r }) => ({ ...r, averageLatencyMs: r.calls ? Math.round(latencyTotal / r.calls) : null }))
    .sort((a, b) => b.questions + b.calls - (a.questions + a.calls) || a.model.localeCompare(b.model));
}

function byVendor(quotes: { vendorName?: string; currency?: string; total?: number }[]): VendorTotal[] {
  const rows = new Map<string, VendorTotal>();
  for (const quote of quotes) {
    const vendor = quote.vendorName?.trim() || "Unknown vendor";
    const currency = quote.currency ?? "";
    const key = `${vendor}\u0000${currency}`;
    const r = rows.get(key) ?? { vendor, currency, quotes: 0, total: 0 };
    r.quotes += 1;
    r.total += quote.total ?? 0;
    rows.set(key, r);
  }
  return [...rows.values()].map((r) => ({ ...r, total: Math.round(r.total * 100) / 100 })).sort((a, b) => b.total - a.total);
}
