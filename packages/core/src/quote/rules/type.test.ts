import { describe, expect, it } from "vitest";
import { readDocument } from "./index";

const typeOf = (text: string, category = "vendor-quotes") => readDocument({ pages: [{ page: 1, text }], category }).type;
const body = "Description | Qty | Price | Amount\nConsulting | 2 | 120.00 | 240.00\nTotal | 240.00";

describe("the type of a commercial document", () => {
  it.each([
    ["Devis D-2031-17", "quote"],
    ["Cotización", "quote"],
    ["PRESUPUESTO", "quote"],
    ["Angebot", "quote"],
    ["Kostenvoranschlag", "quote"],
    ["Offerte", "quote"],
    ["Begroting voor een verbouwing", "quote"],
    ["Preventivo n. 12", "quote"],
    ["Orçamento", "quote"],
    ["Penawaran Harga", "quote"],
    ["Estimate #104", "quote"],
    ["Proposal", "quote"],
    ["Rechnung R3307", "invoice"],
    ["FACTURE N° : | F20310041", "invoice"],
    ["Factura", "invoice"],
    ["Fattura n. 7", "invoice"],
    ["Fatura", "invoice"],
    ["Faktur", "invoice"],
    ["FACTUUR.", "invoice"],
    ["TAX INVOICE", "invoice"],
    ["Avoir AV-2031-0012", "credit_note"],
    ["Gutschrift", "credit_note"],
    ["Nota de crédito", "credit_note"],
    ["Credit Note", "credit_note"],
    ["Faktura VAT nr 12/2031", "invoice"],
    ["Offert", "quote"],
    ["Our Quote #1042", "quote"],
    ["Unser Angebot Nr. 2031-17", "quote"],
    ["Votre facture n° 88", "invoice"],
  ])("%s is a %s", (title, type) => expect(typeOf(`Northwind Trading\n${title}\n${body}`)).toBe(type));

  it("a proforma invoice is an offer", () => {
    expect(typeOf(`Studio Lumen\nProforma Invoice\n${body}`)).toBe("quote");
    expect(typeOf(`PROFORMA INVOICE N° | X-12\n${body}\nDate de facturation : 21/05/2031`)).toBe("quote");
  });

  it("the title outweighs words in the body", () => {
    expect(typeOf(`Facture n° 7730412\n${body}\nLe devis signé vaut acceptation des conditions générales de vente.`)).toBe("invoice");
    expect(typeOf(`QUOTATION\n${body}\nAn invoice will be sent on delivery. Invoice terms: 30 days.`)).toBe("quote");
    expect(typeOf(`Avoir AV-1\nDate de facture | 04/02/2031\nFacture liée | FA-2031-0027\n${body}`)).toBe("credit_note");
  });

  it("an order or a statement is a commercial document of another type", () => {
    expect(typeOf(`Order N° SO-412\n${body}`)).toBe("other");
    expect(typeOf(`Northwind | Account Statement\nReceipt # No.: 5520\n${body}`)).toBe("other");
  });

  it("an untitled document with totals: validity says quote, a due date says invoice", () => {
    expect(typeOf(`Lena Ortiz\nPrepared for:\nHarbor Logistics Inc.\n${body}`)).toBe("quote");
    expect(typeOf(`Bill To: Tom Reyes\nDue Date: Oct 14, 2031\n${body}`)).toBe("invoice");
    expect(typeOf(`Brightline\n${body}`)).toBe("invoice");
  });

  it("a document without totals or a type word is not commercial", () => {
    expect(typeOf("SERVICES AGREEMENT\nThe parties hereby agree to the terms and conditions below.", "contracts")).toBe("contract");
  });
});
