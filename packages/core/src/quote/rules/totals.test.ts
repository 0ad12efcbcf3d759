import { describe, expect, it } from "vitest";
import { extractQuoteByRules } from "./index";
import { classify } from "./totals";

const totalsOf = (text: string) => {
  const q = extractQuoteByRules({ pages: [{ page: 1, text }], category: "vendor-quotes" })!;
  return { subtotal: q.subtotal, tax: q.tax, shipping: q.shipping, total: q.total };
};

describe("totals by their labels", () => {
  it.each([
    ["Total HT", "subtotal"],
    ["Sous-total", "subtotal"],
    ["Zwischensumme", "subtotal"],
    ["Nettobetrag (zzgl. 19,00% MwSt.)", "subtotal"],
    ["Base imponible", "subtotal"],
    ["Subtotaal", "subtotal"],
    ["Imponibile", "subtotal"],
    ["Total Without Taxes", "subtotal"],
    ["before GST", "subtotal"],
    ["TVA 20 %", "tax"],
    ["MwSt. 19 %", "tax"],
    ["IVA 21 %", "tax"],
    ["BTW 21%", "tax"],
    ["PPN 11%", "tax"],
    ["Total Tax Amount", "tax"],
    ["Versandkosten netto", "shipping"],
    ["Frais de port", "shipping"],
    ["Envío", "shipping"],
    ["Total TTC", "total"],
    ["Gesamtbetrag", "total"],
    ["Totaal", "total"],
    ["Totale", "total"],
    ["Total (inc. GST)", "total"],
    ["Net à payer", "due"],
    ["Amount due", "due"],
  ])("%s is a %s line", (label, field) => {
    const folded = label.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();
    expect(classify(folded)?.field).toBe(field);
  });

  it("VAT ids and earlier balances are not totals", () => {
    expect(classify("vat no")).toBeUndefined();
    expect(classify("previous unpaid balance")).toBeUndefined();
    expect(classify("montant deja paye")).toBeUndefined();
  });
});

describe("choosing the totals that add up", () => {
  it("the grand total, not the amount due after an earlier balance", () => {
    expect(
      totalsOf("SUBTOTAL | $100.00\nSALES TAX | $10.00\nTOTAL | $110.00\nPREVIOUS UNPAID BALANCE | $500.00\nAMOUNT DUE | $610.00"),
    ).toEqual({
      subtotal: 100,
      tax: 10,
      shipping: null,
      total: 110,
    });
  });

  it("several tax lines (one per rate) add up to the tax", () => {
    expect(
      totalsOf(
        "Positionen netto | 804,35 €\nVersandkosten netto | 4,99 €\nPositionen USt. 19,00% auf 804,35 € | 152,83 €\nVersandkosten USt. 19,00% auf 4,99 € | 0,95 €\nEndsumme | 963,12 €",
      ),
    ).toEqual({ subtotal: 804.35, tax: 153.78, shipping: 4.99, total: 963.12 });
  });

  it("a row of totals labels over a row of amounts", () => {
    expect(totalsOf("Montant EUR HT | Montant TVA | Montant EUR TTC\nTotal facture | 24.99 | 5.00 | 29.99")).toEqual({
      subtotal: 24.99,
      tax: 5,
      shipping: null,
      total: 29.99,
    });
  });

  it("a row of totals labels under the item table, its amounts further down beside a note", () => {
    const text = [
      "Désignation | Qté | P.U. HT | Montant HT",
      "Prestation | 1 | 60,00 | 60,00",
      "Fournitures | 2 | 20,00 | 40,00",
      "TOTAL HT | TOTAL TVA | TOTAL TTC",
      "Pénalités de retard : trois fois le taux d'intérêt légal.",
      "Aucun escompte pour paiement anticipé. | 100,00 | 20,00 | 120,00",
    ].join("\n");
    expect(totalsOf(text)).toEqual({ subtotal: 100, tax: 20, shipping: null, total: 120 });
  });

  it("a row of options named like shipping is not a totals row", () => {
    const text =
      "Live Delivery: | Online Delivery: | Video Delivery:\nTraining | Course A | $3,500 | $3,500\nSubtotal | $3,500\nTotal | $3,500";
    expect(totalsOf(text)).toEqual({ subtotal: 3500, tax: null, shipping: null, total: 3500 });
  });

  it("two label/amount pairs on one row", () => {
    expect(totalsOf("Exclusief BTW | € 593,36 | Subtotaal | € 717,97\nBTW 21% | € 124,61\nTotaal | € 717,97")).toEqual({
      subtotal: 593.36,
      tax: 124.61,
      shipping: null,
      total: 717.97,
    });
  });

  it("a net total printed alone is the total", () => {
    expect(totalsOf("Gesamtbetrag (netto): | 8228,00 EUR")).toEqual({ subtotal: null, tax: null, shipping: null, total: 8228 });
  });

  it("a total before markups, then the total with VAT", () => {
    expect(
      totalsOf(
        "Totale bouwkosten €252.462,86\nWinst (7%) €17.672,40\nTotaal inclusief opslagen €270.135,26\nBTW (21%) €56.728,40\nTotaal inclusief opslagen en BTW €326.863,66",
      ),
    ).toEqual({
      subtotal: 270135.26,
      tax: 56728.4,
      shipping: null,
      total: 326863.66,
    });
  });

  it("a scanned total whose cents fell on the next line is the sum that matches it", () => {
    expect(totalsOf("Subtotal: | $1,000.00\nDiscount (10%): | $100.00\nTax (10%): | $90.00\nTotal: | $990\n40")).toMatchObject({
      total: 990,
    });
    expect(totalsOf("Subtotal: | $1,000.50\nTax (10%): | $100.05\nTotal: | $1,100\n55")).toMatchObject({
      subtotal: 1000.5,
      tax: 100.05,
      total: 1100.55,
    });
  });

  it("a sentence that mentions delivery is not a shipping line", () => {
    expect(totalsOf("Subtotal | 100.00\nTotal | 100.00\nDelivery scheduled for the second week of October 2019")).toMatchObject({
      shipping: null,
    });
  });

  it("a subtotal carried over from the previous page is not the document's", () => {
    expect(totalsOf("Übertrag | 1.000,00 €\nZwischensumme | 1.500,00 €\nMwSt. 19 % | 285,00 €\nGesamtbetrag | 1.785,00 €")).toEqual({
      subtotal: 1500,
      tax: 285,
      shipping: null,
      total: 1785,
    });
  });

  it("payment terms in days are not amounts", () => {
    expect(totalsOf("FREIGHT TERM | PAY TERMS\nPaid | Net 45 Days\nSubtotal | 100.00\nTotal | 100.00")).toEqual({
      subtotal: 100,
      tax: null,
      shipping: null,
      total: 100,
    });
  });

  it("a rate without an amount is no tax", () => {
    expect(totalsOf("Subtotal | $10,375\nSales Tax | 3%\nTotal | $10,686.25")).toEqual({
      subtotal: 10375,
      tax: null,
      shipping: null,
      total: 10686.25,
    });
  });
});
