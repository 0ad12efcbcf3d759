import { describe, expect, it } from "vitest";
import { readDocument } from "./index";

const typeOf = (text: string, category = "vendor-quotes") => readDocument({ pages: [{ page: 1, text }], category }).type;
const body = "Description | Qty | Price | Amount\nConsulting | 2 | 100.00 | 200.00\nTotal | 200.00";

describe("the type of a commercial document", () => {
  it.each([
    ["Devis DV-2026-0001", "quote"],
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
    ["Rechnung RE1001", "invoice"],
    ["FACTURE N° : | F20260023", "invoice"],
    ["Factura", "invoice"],
    ["Fattura n. 7", "invoice"],
    ["Fatura", "invoice"],
    ["Faktur", "invoice"],
    ["FACTUUR.", "invoice"],
    ["TAX INVOICE", "invoice"],
    ["Avoir AV-2017-0005", "credit_note"],
    ["Gutschrift", "credit_note"],
    ["Nota de crédito", "credit_note"],
    ["Credit Note", "credit_note"],
    ["Faktura VAT nr 12/2024", "invoice"],
    ["Offert", "quote"],
    ["Our Quote #1042", "quote"],
    ["Unser Angebot Nr. 2024-17", "quote"],
    ["Votre facture n° 88", "invoice"],
  ])("%s is a %s", (title, type) => expect(typeOf(`Northwind Trading\n${title}\n${body}`)).toBe(type));

  it("a proforma invoice is an offer", () => {
    expect(typeOf(`Takeshi Deco\nProforma Invoice\n${body}`)).toBe("quote");
    expect(typeOf(`PROFORMA INVOICE N° | X-12\n${body}\nDate de facturation : 09/06/2026`)).toBe("quote");
  });

  it("the title outweighs words in the body", () => {
    expect(typeOf(`Facture n° 2022089083\n${body}\nVous pouvez régler cette annonce en ligne via le lien du devis.`)).toBe("invoice");
    expect(typeOf(`QUOTATION\n${body}\nAn invoice will be sent on delivery. Invoice terms: 30 days.`)).toBe("quote");
    expect(typeOf(`Avoir AV-1\nDate de facture | 16/11/2017\nFacture liée | FA-2017-0010\n${body}`)).toBe("credit_note");
  });

  it("an order or a statement is a commercial document of another type", () => {
    expect(typeOf(`Order N° SO049\n${body}`)).toBe("other");
    expect(typeOf(`Contoso | Project Statement\nReceipt # No.: 9876\n${body}`)).toBe("other");
  });

  it("an untitled document with totals: validity says quote, a due date says invoice", () => {
    expect(typeOf(`Joe Shmoe\nPrepared for:\nACME Corporation\n${body}`)).toBe("quote");
    expect(typeOf(`Bill To: Jane Smith\nDue Date: Sep 30, 2019\n${body}`)).toBe("invoice");
    expect(typeOf(`Acme\n${body}`)).toBe("invoice");
  });

  it("a document without totals or a type word is not commercial", () => {
    expect(typeOf("SERVICES AGREEMENT\nThe parties hereby agree to the terms and conditions below.", "contracts")).toBe("contract");
  });
});
