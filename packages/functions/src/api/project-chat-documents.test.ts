import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { addProject, call, signedInUser, type TestUser, uploadDocument, waitCompleted } from "@quorum/local/testing";
import { chatInvoices } from "@quorum/testing/chat-documents";
import { externalDir } from "@quorum/testing/external";

/**
 * The project chat finds facts in invoices: every invoice goes through the real
 * upload API and the local pipeline into one project, then the chat (the offline
 * model, which quotes the best passages) is asked each invoice's total by its
 * number as printed, and must quote that total as the document prints it.
 *
 * Twice: over invoices generated here in several languages and layouts (always),
 * and over the real invoices of invoice2data in the shared external folder
 * (skipped where that folder is absent, as in a fresh clone).
 */

interface Citation {
  documentId: number;
  fileName: string;
  page: number;
}

const PROCESSING_MS = 240_000;

/**
 * Asks for an invoice's total. `passages` is the part of the offline answer that
 * quotes the documents, without the records under it (the invoice's extracted
 * total is there too, but this test is about finding it in the document).
 */
async function askTotal(user: TestUser, projectId: number, number: string) {
  const res = await call(user, "POST", `/api/projects/${projectId}/chat`, { message: `What is the total of invoice ${number}?` });
  expect(res.status, res.text).toBe(200);
  const response = res.body.response as string;
  expect(res.body.offline).toBe(true);
  return { response, passages: response.split("From the records:")[0]!, citations: res.body.citations as Citation[] };
}

/** The ways a document may print an amount: 1,234.56 · 1.234,56 · 1 234,56 · 1234.56 · 12,34,567.00, and 1939 for 1,939.00. */
function printedForms(amount: number): string[] {
  const [integer, cents] = amount.toFixed(2).split(".") as [string, string];
  const grouped = (separator: string) => integer.replace(/\B(?=(\d{3})+(?!\d))/g, separator);
  const indian = integer.length > 3 ? `${integer.slice(0, -3).replace(/\B(?=(\d{2})+(?!\d))/g, ",")},${integer.slice(-3)}` : integer;
  const forms = new Set<string>();
  for (const whole of [grouped(","), grouped("."), grouped(" "), grouped("\u00a0"), integer, indian]) {
    forms.add(`${whole}.${cents}`);
    forms.add(`${whole},${cents}`);
    if (cents === "00") forms.add(whole);
  }
  return [...forms];
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
/** The amount as a whole number in the text, not a piece of a longer one (4.11 is not in 14.112). */
const quotes = (text: string, forms: string[]) =>
  forms.some((f) => new RegExp(`(?<![\\d.,])${escape(f)}(?![\\d]|[.,]\\d)`).test(text.replace(/\u202f/g, "\u00a0")));

describe("project chat: the total of each generated invoice, in several languages and layouts", () => {
  const invoices = chatInvoices();
  let user: TestUser;
  let projectId: number;
  const ids = new Map<string, number>();

  beforeAll(async () => {
    user = await signedInUser();
    projectId = await addProject(user, { name: "Invoices from several countries" });
    for (const invoice of invoices) {
      const id = await uploadDocument(
        user,
        projectId,
        { fileName: invoice.fileName, contentType: "application/pdf", category: "vendor-quotes" },
        await invoice.build(),
      );
      ids.set(invoice.fileName, id);
    }
    await waitCompleted(user, projectId, [...ids.values()], PROCESSING_MS);
  }, PROCESSING_MS + 30_000);

  it.each(invoices.map((i) => [i.language, i.number, i] as const))(
    "(%s) invoice %s: the answer quotes its total as printed, from that invoice first",
    async (_language, number, invoice) => {
      const { response, passages, citations } = await askTotal(user, projectId, number);
      expect(passages, response).toContain(invoice.total);
      expect(citations[0]?.documentId).toBe(ids.get(invoice.fileName));
    },
  );
});

const dir = externalDir();
const invoiceDir = dir ? join(dir, "invoice2data") : undefined;
const available = invoiceDir !== undefined && existsSync(invoiceDir);

interface Labelled {
  file: string;
  number: string;
  amount: number;
}

function labelled(): Labelled[] {
  if (!available) return [];
  return readdirSync(invoiceDir)
    .filter((f) => f.endsWith(".json") && existsSync(join(invoiceDir, f.replace(/\.json$/, ".pdf"))))
    .map((f) => {
      const [label] = JSON.parse(readFileSync(join(invoiceDir, f), "utf8")) as { invoice_number?: string; amount?: number }[];
      return { file: f.replace(/\.json$/, ".pdf"), number: label?.invoice_number ?? "", amount: label?.amount ?? NaN };
    })
    .filter((l) => l.number !== "" && Number.isFinite(l.amount))
    .sort((a, b) => a.file.localeCompare(b.file));
}

describe.skipIf(!available)(
  `project chat: the total of each real invoice of invoice2data${available ? "" : " (skipped: no invoice2data folder here; set QUORUM_EXTERNAL_DIR to the shared external documents)"}`,
  () => {
    const invoices = labelled();
    let user: TestUser;
    let projectId: number;
    const ids = new Map<string, number>();

    beforeAll(async () => {
      user = await signedInUser();
      projectId = await addProject(user, { name: "invoice2data" });
      // Every PDF of the folder, the ones without a labelled total too: they are near misses.
      for (const file of readdirSync(invoiceDir!).filter((f) => f.endsWith(".pdf"))) {
        const id = await uploadDocument(
          user,
          projectId,
          { fileName: file, contentType: "application/pdf", category: "vendor-quotes" },
          readFileSync(join(invoiceDir!, file)),
        );
        ids.set(file, id);
      }
      await waitCompleted(user, projectId, [...ids.values()], PROCESSING_MS);
    }, PROCESSING_MS + 30_000);

    it("labels at least ten invoices with a number and a total", () => {
      expect(invoices.length).toBeGreaterThanOrEqual(10);
    });

    it.each(invoices.map((i) => [i.file, i.number, i] as const))(
      "%s (invoice %s): the answer quotes its total as the document prints it, from that invoice first",
      async (_file, number, invoice) => {
        const { response, passages, citations } = await askTotal(user, projectId, number);
        expect(quotes(passages, printedForms(invoice.amount)), `${invoice.amount} not quoted in:\n${response}`).toBe(true);
        expect(citations[0]?.documentId).toBe(ids.get(invoice.file));
      },
    );
  },
);
