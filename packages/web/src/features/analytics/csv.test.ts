import { describe, expect, it } from "vitest";
import type { AnalyticsReport } from "@quorum/core/usage/schema";
import { analyticsCsv, csvFileName } from "./csv";

const report: AnalyticsReport = {
  from: "2026-11-24",
  to: "2026-11-25",
  recording: true,
  totals: { questions: 3, failures: 1, inputTokens: 30, outputTokens: 12, documents: 1, pages: 4, quotes: 1 },
  days: [
    { date: "2026-11-24", questions: 1, failures: 0, inputTokens: 10, outputTokens: 4, documents: 0, pages: 0, quotes: 0 },
    { date: "2026-11-25", questions: 2, failures: 1, inputTokens: 20, outputTokens: 8, documents: 1, pages: 4, quotes: 1 },
  ],
  documents: { processed: 1, failed: 0, pages: 4 },
  models: [{ model: "gpt", questions: 3, calls: 3, failures: 1, inputTokens: 30, outputTokens: 12, averageLatencyMs: 840 }],
  vendors: [{ vendor: 'Acme, "Pumps" Ltd', currency: "EUR", quotes: 1, total: 1250.5 }],
};

describe("the analytics CSV", () => {
  it("has a table per section, one row per day, model and vendor", () => {
    const lines = analyticsCsv(report).split("\r\n");
    expect(lines[0]).toBe("Quorum analytics,2026-11-24 to 2026-11-25");
    expect(lines).toContain("date,questions,failures,input_tokens,output_tokens,documents_processed,pages,quotes_extracted");
    expect(lines).toContain("2026-11-25,2,1,20,8,1,4,1");
    expect(lines).toContain("gpt,3,3,1,30,12,840");
    expect(lines).toContain('"Acme, ""Pumps"" Ltd",EUR,1,1250.5');
    expect(csvFileName(report)).toBe("quorum-analytics-2026-11-24-to-2026-11-25.csv");
  });

  it("never lets a vendor name run as a spreadsheet formula", () => {
    const csv = analyticsCsv({ ...report, vendors: [{ vendor: "=HYPERLINK(1)", currency: "", quotes: 1, total: 1 }] });
    expect(csv).toContain("'=HYPERLINK(1),,1,1");
  });
});
