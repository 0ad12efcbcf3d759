import { QUOTE_FIELDS, type QuoteData } from "@quorum/core/quote/schema";

/** Extracted quote data with nothing found but what a test gives. */
export const quoteData = (values: Partial<QuoteData>): QuoteData => ({
  kind: "vendor",
  vendorName: null,
  customerName: null,
  quoteNumber: null,
  quoteDate: null,
  validUntil: null,
  currency: null,
  lineItems: [],
  subtotal: null,
  tax: null,
  shipping: null,
  total: null,
  paymentTerms: null,
  confidence: 0.9,
  sources: Object.fromEntries(QUOTE_FIELDS.map((f) => [f, null])) as QuoteData["sources"],
  ...values,
});
