import { describe, expect, it } from "vitest";
import { documentNumber, readId } from "./number";
import { readDoc } from "./text";

const numberOf = (text: string) => documentNumber(readDoc([{ page: 1, text }]))?.value ?? null;

describe("the document's own number", () => {
  it.each([
    ["Invoice No.: INV-2024-0042", "INV-2024-0042"],
    ["Quote # Q-17", "Q-17"],
    ["Quotation#: Quote_#2", "Quote_#2"],
    ["Numéro de devis : | 2021-001-D", "2021-001-D"],
    ["N° de facture : F-88", "F-88"],
    ["Facture n°562044387 du 02 Juillet 2015", "562044387"],
    ["Rechnungsnummer: 2015738820", "2015738820"],
    ["Rechnungs-Nr.: RE-2025-042", "RE-2025-042"],
    ["Angebots-Nr.: AN-2025-008", "AN-2025-008"],
    ["Nummer KV: 898989", "898989"],
    ["Factuurnummer: 993548900", "993548900"],
    ["Número de factura: A/2024/17", "A/2024/17"],
    ["Fattura n. 2024/118", "2024/118"],
    ["Nomor Faktur: 010.001-24.12345678", "010.001-24.12345678"],
    ["Begroting nummer: 12345", "12345"],
    ["Ref: EV-2026-002", "EV-2026-002"],
  ])("%s gives %s", (text, number) => expect(numberOf(text)).toBe(number));

  it("a title followed by its number, on its line or the next", () => {
    expect(numberOf("Devis DV-2026-0001\nStatut: En attente")).toBe("DV-2026-0001");
    expect(numberOf("Rechnung RE1001")).toBe("RE1001");
    expect(numberOf("FACTURA\nINV/2024/00005\nTECNATIVA")).toBe("INV/2024/00005");
  });

  it("a label row over a value row", () => {
    expect(numberOf("Ihre Kundennummer | Ihre Angebots-Nr. | Datum\n262 | 2010122621 | 24. Februar 2011")).toBe("2010122621");
    expect(numberOf("Klant | Order | Factuur datum | Factuur | Vervaldatum\nC0042 | ORD-77 | 8-9-2022 | F-1003 | 22-9-2022")).toBe(
      "F-1003",
    );
  });

  it("never the customer's, an order's, a tax or a related document's number when the document names its own", () => {
    expect(numberOf("Kunden-Nr.: K-015\nCustomer ID: CID-12345\nP.O. Number: PO-3333\nVAT No: DE123456789\nInvoice: INV-100")).toBe(
      "INV-100",
    );
    expect(numberOf("N° DE FACTURE ASSOCIÉE : F20260003\nFACTURE N° : | F20260023")).toBe("F20260023");
    expect(numberOf("Customer No: 4471\nTel: +49 30 1234567")).toBeNull();
  });

  it("a number is one token with a digit, or digit groups", () => {
    expect(readId("12 345 678 901 62,86 €")).toBe("12 345 678 901");
    expect(readId("# BLR_WFLD20151000982590")).toBe("BLR_WFLD20151000982590");
    expect(readId("45,93 €")).toBeNull();
    expect(readId("03/14/2024")).toBeNull();
    expect(readId("Statut")).toBeNull();
  });
});
