import { config, type Config } from "../config";
import { Ai, type Deps } from "../ai/index";
import { activeModels } from "../ai/catalog";
import { OFFLINE } from "../ai/types";
import { compareReadings } from "./disagreement";
import { rulesIsolated } from "../extract/isolate";
import type { TextPage } from "./rules";
import { placeQuote, type Hints } from "./locate";
import { MAX_LINE_ITEMS, ModelAnalysis, QUOTE_FIELDS, type Disagreement, type PlacedAnalysis, type QuoteData } from "./schema";
import { Quote } from "./index";

export interface AnalyzeInput {
  pages: TextPage[];
  fileName: string;
  category: string;
}

export interface AnalyzeResult {
  analysis: PlacedAnalysis;
  /** "offline" for the rules, else the model id that produced it. */
  extractedBy: string;
  /** Things a person should know, e.g. that the models failed and the rules answered. */
  notes: string[];
  /** Where the model and the rules read the vendor, number or total differently (model answers only). */
  disagreements: Disagreement[];
}

const SYSTEM = [
  "You read business documents that sales and quoting professionals upload and extract structured data from them.",
  "The text is laid out as on the page: one line per row, with ' | ' between columns and table cells.",
  "Decide what the document is: quote (also a quotation, estimate, proposal, bid, proforma or offer, in any language), invoice, credit_note, or another type.",
  "For a quote, an invoice or a credit note fill `quote` with its commercial data (for an invoice, its number and date go in quoteNumber and quoteDate); otherwise set `quote` to null.",
  "vendorName is the issuer (letterhead, sender, tax registration), never a document title, a slogan, a bank or the customer.",
  "total is the grand total of this document, not an amount due after earlier balances or payments.",
  "Copy values as the document writes them: do not compute, round or invent. Amounts are plain numbers without currency symbols or thousands separators.",
  "`tax` is the tax amount, never the rate. `amount` of a line is the line total as written. Dates as YYYY-MM-DD. Currency as an ISO 4217 code.",
  "`page` is the 1-based page the value appears on (pages are marked '--- page N ---'). Use null for anything the document does not state.",
  "In `sources`, `printed` is each value copied exactly as the page prints it, character for character (for example '1.234,50 €' or '14. März 2031'), so it can be found on the page.",
  "`kind` is vendor when a supplier quotes the reader's company, customer when the reader's company quotes its customer; the document's category is a strong hint.",
  "`summary`: two or three plain sentences on what the document is and its key terms.",
].join(" ");

type ModelQuote = NonNullable<ModelAnalysis["quote"]>;

/** Where the model says each value is: its page and the value as printed. */
function printedHints(quote: ModelQuote): Hints {
  return Object.fromEntries(
    QUOTE_FIELDS.flatMap((f) => {
      const source = quote.sources[f];
      return source ? [[f, { page: source.page, printed: source.printed }]] : [];
    }),
  );
}

/** The quote as stored: the printed texts served to find the values and are not kept. */
function withoutPrinted(quote: ModelQuote): QuoteData {
  const sources = Object.fromEntries(
    QUOTE_FIELDS.map((f) => {
      const source = quote.sources[f];
      return [f, source ? { page: source.page, confidence: source.confidence } : null];
    }),
  ) as QuoteData["sources"];
  return { ...quote, sources };
}

/**
 * The rules' reading, in the extraction child under its deadline; a text that outlasts it (or the
 * child's memory) leaves the document without rules data, and says why, rather than holding the step.
 */
async function readByRules(input: AnalyzeInput, notes: string[]): Promise<PlacedAnalysis> {
  try {
    return await rulesIsolated({ pages: input.pages, fileName: input.fileName, category: input.category });
  } catch (error) {
    const why = error instanceof Error ? error.message : String(error);
    notes.push(`The built-in rules could not read the document: ${why}`);
    return { documentType: "other", summary: "", quote: null };
  }
}

function instruction(input: AnalyzeInput) {
  return [
    `Extract the commercial information (vendor, customer, document number, dates, line items with quantity, unit price and amount, subtotal, tax, shipping, total, payment terms) from the attached document "${input.fileName}", and summarise it.`,
    `The user filed it under the category "${input.category}".`,
  ].join(" ");
}

/**
 * Analyses a document's text: with a configured model through structured output
 * validated by the shared schema; with none (or when every model fails), with the
 * offline rules, so the pipeline always completes. The rules always read the
 * document too: where a model answers, the two readings of the vendor, number and
 * total are compared, and a disagreement is kept for a person to settle.
 */
export async function analyzeDocument(input: AnalyzeInput, deps?: Deps): Promise<AnalyzeResult> {
  const c: Config = deps?.config ?? config();
  const notes: string[] = [];
  const hasText = input.pages.some((p) => p.text.trim() !== "");
  const rules = await readByRules(input, notes);
  if (hasText && activeModels(c).length > 0) {
    try {
      const result = await Ai.generateObject(
        ModelAnalysis,
        [{ role: "user", content: instruction(input), documents: [{ name: input.fileName, pages: input.pages }] }],
        { name: "document_analysis", system: SYSTEM, timeoutMs: c.PIPELINE_MODEL_TIMEOUT_MS, maxTokens: 8000 },
        ...(deps ? [deps] : []),
      );
      const { quote: read, ...analysis } = result.object;
      // the model names the page of each value and copies it as printed; its box is found the way the rules' are
      const quote = read ? placeQuote(Quote.normalize(withoutPrinted(read)), input.pages, printedHints(read)) : null;
      const rulesQuote = rules.quote ? Quote.normalize(rules.quote) : null;
      return {
        analysis: { ...analysis, summary: analysis.summary.trim().slice(0, 2000), quote },
        extractedBy: result.model,
        notes,
        disagreements: quote ? compareReadings(quote, rulesQuote) : [],
      };
    } catch (error) {
      // Ai.generateObject has already tried every configured model and logged why each failed.
      const why = error instanceof Error ? error.message.replace(/\.$/, "") : String(error);
      notes.push(`The AI models could not analyse the document (${why}); the built-in rules were used instead.`);
    }
  }
  if ((rules.quote?.lineItems.length ?? 0) > MAX_LINE_ITEMS)
    notes.push(`Only the first ${MAX_LINE_ITEMS} of ${rules.quote!.lineItems.length} line items were kept.`);
  return {
    analysis: { ...rules, quote: rules.quote ? Quote.normalize(rules.quote) : null },
    extractedBy: OFFLINE,
    notes,
    disagreements: [],
  };
}
