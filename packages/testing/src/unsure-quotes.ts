import { ENGLISH_QUOTE, textPdf, type TextLine } from "./scans";

/**
 * Vendor quotes in which the offline rules are unsure of who issued them, so the field is marked
 * "check": the one-page English quote with its issuer's name printed nowhere but in an e-mail
 * address (read as "Northwind"), and the same with the customer's address block printed
 * without a "Bill to" label (its company is then read as the issuer).
 */
const VENDOR = "Northwind Fabrication Ltd";
const CUSTOMER = "Bill to: Harbour Marine Services";

const emailOnly: TextLine[] = ENGLISH_QUOTE.map((line) => (line.text === VENDOR ? { ...line, text: "sales@northwind.co.uk" } : line));

export const UNSURE_ISSUER = { fileName: "northwind-quote.pdf", vendorRead: "Northwind", vendor: VENDOR } as const;
export const unsureIssuerPdf = () => textPdf([emailOnly]);

export const CUSTOMER_AS_ISSUER = { fileName: "northwind-quote-2.pdf", vendorRead: "Harbour Marine Services", vendor: VENDOR } as const;
export const customerAsIssuerPdf = () =>
  textPdf([
    [
      ...emailOnly.map((line) => (line.text === CUSTOMER ? { ...line, text: "Harbour Marine Services" } : line)),
      { text: "4 Quay Street, Southampton SO14 2AQ", x: 50, y: 166, size: 11 },
    ],
  ]);
