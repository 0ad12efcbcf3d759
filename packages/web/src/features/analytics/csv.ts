import type { AnalyticsReport } from "@quorum/core/usage/schema";

/**
 * The report as one CSV file with a section per table (days, models, vendors),
 * for a spreadsheet. Column names stay English: they are data headers, not prose.
 */

const cell = (value: string | number | null) => {
  // Text that a spreadsheet would run as a formula (a vendor name from a document) gets a leading apostrophe.
  const text = value === null ? "" : typeof value === "string" && /^[=+\-@\t\r]/.test(value) ? `'${value}` : String(value);
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};
const row = (values: (string | number | null)[]) => values.map(cell).join(",");

export function analyticsCsv(report: AnalyticsReport): string {
  const lines = [
    row(["Quorum analytics", `${report.from} to ${report.to}`]),
    "",
    row(["date", "questions", "failures", "input_tokens", "output_tokens", "documents_processed", "pages", "quotes_extracted"]),
    ...report.days.map((d) => row([d.date, d.questions, d.failures, d.inputTokens, d.outputTokens, d.documents, d.pages, d.quotes])),
    "",
    row(["model", "questions", "calls", "failures", "input_tokens", "output_tokens", "average_latency_ms"]),
    ...report.models.map((m) => row([m.model, m.questions, m.calls, m.failures, m.inputTokens, m.outputTokens, m.averageLatencyMs])),
    "",
    row(["vendor", "currency", "quotes", "total"]),
    ...report.vendors.map((v) => row([v.vendor, v.currency, v.quotes, v.total])),
  ];
  return `${lines.join("\r\n")}\r\n`;
}

export const csvFileName = (report: Pick<AnalyticsReport, "from" | "to">) => `quorum-analytics-${report.from}-to-${report.to}.csv`;

/** Saves the CSV through a temporary link (no server round trip: the page already has the data). */
export function downloadCsv(report: AnalyticsReport) {
  const url = URL.createObjectURL(new Blob([analyticsCsv(report)], { type: "text/csv;charset=utf-8" }));
  const link = document.createElement("a");
  link.href = url;
  link.download = csvFileName(report);
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
