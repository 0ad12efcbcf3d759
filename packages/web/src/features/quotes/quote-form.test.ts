import i18next from "i18next";
import ICU from "i18next-icu";
import { zodResolver } from "@hookform/resolvers/zod";
import { beforeAll, describe, expect, it } from "vitest";
import quotes from "@/locales/en/quotes.json";
import type { Quote } from "./model";
import { correctionOf, draftOf, QuoteForm, refusal, type QuoteDraft, type QuoteValues } from "./quote-form";

const quote = {
  documentType: "quote",
  kind: "vendor",
  vendorName: "Acme",
  customerName: null,
  quoteNumber: "AIS-1",
  quoteDate: "2024-03-14",
  validUntil: null,
  currency: "USD",
  paymentTerms: "Net 30",
  subtotal: 3,
  tax: null,
  shipping: null,
  total: 3,
  lineItems: [{ description: "Bolt", quantity: 2, unit: null, unitPrice: 1.5, amount: 3, page: 1 }],
} as unknown as Quote;

const t = i18next.getFixedT("en", "quotes");
const check = async (draft: QuoteDraft) => {
  const result = await zodResolver(QuoteForm)(draft, undefined, { fields: {}, shouldUseNativeValidation: false });
  return result.errors && Object.keys(result.errors).length
    ? { refused: refusal(t, quote, result.errors) }
    : { values: result.values as QuoteValues };
};

describe("the quote correction form", () => {
  beforeAll(() => i18next.use(ICU).init({ lng: "en", resources: { en: { quotes } } }));

  it("sends only what changed, as core's correction takes it", async () => {
    const draft = draftOf(quote);
    const unchanged = await check(draft);
    expect(correctionOf(quote, unchanged.values!)).toEqual({});

    const { values } = await check({ ...draft, total: "$2,300.00", currency: " usd ", paymentTerms: "" });
    expect(correctionOf(quote, values!)).toEqual({ total: 2300, paymentTerms: null });

    const lines = await check({ ...draft, lineItems: [{ ...draft.lineItems[0]!, quantity: "3" }] });
    expect(correctionOf(quote, lines.values!)).toEqual({
      lineItems: [{ description: "Bolt", quantity: 3, unit: null, unitPrice: 1.5, amount: 3, page: 1 }],
    });
  });

  it("names the first refused value in the words of the catalog, or as the server says it", async () => {
    const draft = draftOf(quote);
    expect(await check({ ...draft, total: "abc" })).toEqual({ refused: "Total must be a number" });
    expect(await check({ ...draft, currency: "dollars" })).toEqual({ refused: "Currency must be a three-letter code such as USD" });
    expect(await check({ ...draft, lineItems: [{ ...draft.lineItems[0]!, unitPrice: "x" }] })).toEqual({
      refused: "Line 1: unit price must be a number",
    });
    expect(await check({ ...draft, lineItems: [{ ...draft.lineItems[0]!, description: " " }] })).toEqual({
      refused: "Line 1 needs a description",
    });
    expect(await check({ ...draft, total: "1e13" })).toEqual({ refused: "Total is too large" });
  });
});
