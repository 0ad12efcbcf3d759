import { COMPARED_FIELDS, type Disagreement, type Flag, type QuoteData } from "./schema";

/**
 * A configured model and the rules read the same document independently. Where they differ on
 * what matters most (who issued it, its number, its total), neither is trusted blindly: the
 * quote is marked for review with both readings.
 */

const LEGAL_FORM = /^(inc|ltd|llc|llp|plc|corp|co|gmbh|ag|kg|sa|sas|sarl|srl|spa|bv|nv|pte|pvt|oy|ab)$/;

/** The words of a name that identify it: no case, accents, punctuation or legal form. */
function nameWords(name: string): string[] {
  return name
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/\./g, "")
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w !== "" && !LEGAL_FORM.test(w));
}

/** Two names of one party: the same identifying words, one being a shortening of the other. */
function sameName(a: string, b: string): boolean {
  const [x, y] = [nameWords(a), nameWords(b)];
  if (x.length === 0 || y.length === 0) return x.length === y.length;
  const [short, long] = x.length <= y.length ? [x, y] : [y, x];
  return short.every((w) => long.includes(w));
}

const sameNumber = (a: string, b: string) => a.replace(/[\s#]/g, "").toUpperCase() === b.replace(/[\s#]/g, "").toUpperCase();

function agree(field: Disagreement["field"], model: string | number | null, rules: string | number | null): boolean {
  // the rules finding nothing is no evidence against the model
  if (rules === null) return true;
  if (model === null) return false;
  if (field === "total") return Math.abs(Number(model) - Number(rules)) < 0.015;
  if (field === "vendorName") return sameName(String(model), String(rules));
  return sameNumber(String(model), String(rules));
}

/** Where the model's quote and the rules' quote disagree on the compared fields. */
export function compareReadings(model: QuoteData, rules: QuoteData | null): Disagreement[] {
  if (!rules) return [];
  return COMPARED_FIELDS.filter((field) => !agree(field, model[field], rules[field])).map((field) => ({
    field,
    model: model[field],
    rules: rules[field],
  }));
}

const LABELS: Record<Disagreement["field"], string> = { vendorName: "vendor", quoteNumber: "number", total: "total" };

const shown = (value: string | number | null) =>
  value === null
    ? "nothing"
    : typeof value === "number"
      ? value.toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 })
      : `"${value}"`;

/** One review flag per disagreement a person has not settled by correcting that field. */
export function disagreementFlags(disagreements: Disagreement[], corrected: readonly string[] = []): Flag[] {
  return disagreements
    .filter((d) => !corrected.includes(d.field))
    .map((d) => ({
      code: "model_disagrees" as const,
      message: `The AI model read the ${LABELS[d.field]} as ${shown(d.model)}, the built-in rules as ${shown(d.rules)}.`,
      expected: d.field === "total" && typeof d.rules === "number" ? d.rules : null,
      actual: d.field === "total" && typeof d.model === "number" ? d.model : null,
      line: null,
    }));
}
