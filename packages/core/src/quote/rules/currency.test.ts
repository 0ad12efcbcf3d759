import { describe, expect, it } from "vitest";
import { countries, topCountry } from "./country";
import { detectCurrency } from "./currency";
import { readDoc } from "./text";

const currencyOf = (text: string) => {
  const doc = readDoc([{ page: 1, text }]);
  return detectCurrency(doc, topCountry(countries(doc.text, doc.key)));
};

describe("the currency of a document", () => {
  it("an ISO code wins over a symbol", () => expect(currencyOf("Total | 1,200.00 $\nAll prices in CAD")).toBe("CAD"));
  it("a labelled currency wins over everything", () => expect(currencyOf("Devise : EUR\nTotal 12,00 $")).toBe("EUR"));

  it.each([
    ["Total | € 1.234,56", "EUR"],
    ["Total | £1,234.56", "GBP"],
    ["Grand Total | ₹ 12,34,567.00", "INR"],
    ["Service Charges | Rs 2480\nGrand Total | Rs 2480", "INR"],
    ["Total | Rp 45.000.000", "IDR"],
    ["Total | R$ 1.234,56", "BRL"],
    ["Subtotal | KSh 14,200.00\nTotal | KSh 16,472.00", "KES"],
    ["Total | Kshs. 9,500.00", "KES"],
    ["Total | USh 350,000", "UGX"],
  ])("%s is in %s", (text, code) => expect(currencyOf(text)).toBe(code));

  it('"$" is read with the issuer\'s country', () => {
    expect(currencyOf("Merlion Trading Pte Ltd\n20 Cecil Street, Singapore 049705\nTotal | $1,070.00")).toBe("SGD");
    expect(currencyOf("Maple Works Inc.\nToronto, ON M5V 2T6, Canada\nTotal | $1,070.00")).toBe("CAD");
    expect(currencyOf("Sunrise LLC\n12 Main St, Austin, TX 78701\nTotal | $1,070.00")).toBe("USD");
  });

  it('a bare "$" in a document in another language, with no country, says nothing', () => {
    const doc = readDoc([
      { page: 1, text: "Cotización\nDescripción | Cantidad | Precio | Importe\nServicio | 1 | $1,500.00 | $1,500.00\nTotal | $1,500.00" },
    ]);
    expect(detectCurrency(doc, undefined, false)).toBeNull();
    expect(detectCurrency(doc, "MX", false)).toBe("MXN");
  });

  it("CFA francs are West or Central African by country", () => {
    expect(currencyOf("Dakar, Sénégal\nTotal TTC : | 254 000 CFA")).toBe("XOF");
    expect(currencyOf("Douala, Cameroun\nTotal TTC : | 254 000 FCFA")).toBe("XAF");
  });

  it("a currency written out in words", () => {
    expect(currencyOf("Arrêtée la présente facture à la somme de deux mille cinq cents dinars.\nTotal | 2500.00")).toBe("DZD");
    expect(currencyOf("Rupees Two Thousand Four Hundred Eighty Only\nGrand Total : 2480.00")).toBe("INR");
    expect(currencyOf("Amounts are shown in US Dollars\nTotal | 86.40")).toBe("USD");
    expect(currencyOf("Total | 1 200,00\nMontant en euros")).toBe("EUR");
  });

  it("a symbol in a column title or a totals label", () => {
    expect(currencyOf("Menge | Einzelpreis € | Gesamt €\n2 | 37,50 | 75,00\nSumme € inkl. MwSt. | 75,00")).toBe("EUR");
    expect(currencyOf("Uraian | Volume | Harga Satuan (Rp) | Total (Rp)\nPengecatan | 120 | 45.000 | 5.400.000")).toBe("IDR");
    expect(currencyOf("Descrição | Qtd | Valor (R$)\nCimento | 50 | 1.600,00")).toBe("BRL");
    expect(currencyOf("Qty | Rate (£) | Amount (£)\n2 | 10.00 | 20.00")).toBe("GBP");
  });

  it("a TeX euro sign read as the letter e", () => expect(currencyOf("Prestation A | 12,00 e | 12,00 e\nTotal HT : 84,00 e")).toBe("EUR"));

  it("no code, name or symbol: no currency, whatever the country", () =>
    expect(currencyOf("Merlion Trading Pte Ltd, Singapore\nbefore GST | 1500\nTotal (inc. GST) | 1635")).toBeNull());
});
