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
    ["Nettobetrag (zzgl. 7% MwSt.)", "subtotal"],
    ["Base imponible", "subtotal"],
    ["Subtotaal", "subtotal"],
    ["Imponibile", "subtotal"],
    ["Total Without Taxes", "subtotal"],
    ["before GST", "subtotal"],
    // abbreviated and negated: "s/" is sem or sin, a negated inclusion names a net amount
    ["Total s/ IVA", "subtotal"],
    ["Valor s/IVA", "subtotal"],
    ["Harga belum termasuk PPN", "subtotal"],
    ["Totale IVA esclusa", "subtotal"],
    ["Total sebelum pajak", "subtotal"],
    ["Total not including VAT", "subtotal"],
    ["Importe total IVA no incluido", "subtotal"],
    ["Preis netto", "subtotal"],
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
    ["Total c/ IVA", "total"],
    ["Totale IVA inclusa", "total"],
    ["Harga termasuk PPN", "total"],
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
      totalsOf("SUBTOTAL | $240.00\nSALES TAX | $19.20\nTOTAL | $259.20\nPREVIOUS UNPAID BALANCE | $75.00\nAMOUNT DUE | $334.20"),
    ).toEqual({
      subtotal: 240,
      tax: 19.2,
      shipping: null,
      total: 259.2,
    });
  });

  it("several tax lines (one per rate) add up to the tax", () => {
    expect(
      totalsOf(
        "Warenwert netto | 420,00 €\nVersandkosten netto | 6,90 €\nUSt. 19% auf 420,00 € | 79,80 €\nUSt. 19% auf 6,90 € | 1,31 €\nGesamtbetrag | 508,01 €",
      ),
    ).toEqual({ subtotal: 420, tax: 81.11, shipping: 6.9, total: 508.01 });
  });

  it("a row of totals labels over a row of amounts", () => {
    expect(totalsOf("Montant HT | Montant TVA | Montant TTC\nTotal facture | 41.50 | 8.30 | 49.80")).toEqual({
      subtotal: 41.5,
      tax: 8.3,
      shipping: null,
      total: 49.8,
    });
  });

  it("a row of totals labels under the item table, its amounts further down beside a note", () => {
    const text = [
      "Désignation | Qté | P.U. HT | Montant HT",
      "Main d'œuvre | 3 | 45,00 | 135,00",
      "Pièces | 2 | 32,50 | 65,00",
      "TOTAL HT | TOTAL TVA | TOTAL TTC",
      "Pénalités de retard : trois fois le taux d'intérêt légal.",
      "Aucun escompte pour paiement anticipé. | 200,00 | 40,00 | 240,00",
    ].join("\n");
    expect(totalsOf(text)).toEqual({ subtotal: 200, tax: 40, shipping: null, total: 240 });
  });

  it("a row of options named like shipping is not a totals row", () => {
    const text =
      "Store Delivery: | Home Delivery: | Express Delivery:\nWorkshop | Session A | $1,800 | $1,800\nSubtotal | $1,800\nTotal | $1,800";
    expect(totalsOf(text)).toEqual({ subtotal: 1800, tax: null, shipping: null, total: 1800 });
  });

  it("two label/amount pairs on one row", () => {
    expect(totalsOf("Exclusief BTW | € 250,00 | Subtotaal | € 302,50\nBTW 21% | € 52,50\nTotaal | € 302,50")).toEqual({
      subtotal: 250,
      tax: 52.5,
      shipping: null,
      total: 302.5,
    });
  });

  it("a net total printed alone is the total", () => {
    expect(totalsOf("Gesamtbetrag (netto): | 3150,00 EUR")).toEqual({ subtotal: null, tax: null, shipping: null, total: 3150 });
  });

  it("a total before markups, then the total with VAT", () => {
    expect(
      totalsOf(
        "Totale bouwkosten €40.000,00\nWinst (5%) €2.000,00\nTotaal incl. toeslagen €42.000,00\nBTW (21%) €8.820,00\nTotaal incl. toeslagen en BTW €50.820,00",
      ),
    ).toEqual({
      subtotal: 42000,
      tax: 8820,
      shipping: null,
      total: 50820,
    });
  });

  it("a scanned total whose cents fell on the next line is the sum that matches it", () => {
    expect(totalsOf("Subtotal: | $2,400.00\nDiscount (5%): | $120.00\nTax (10%): | $228.00\nTotal: | $2,508\n30")).toMatchObject({
      total: 2508,
    });
    expect(totalsOf("Subtotal: | $2,315.40\nTax (5%): | $115.77\nTotal: | $2,431\n17")).toMatchObject({
      subtotal: 2315.4,
      tax: 115.77,
      total: 2431.17,
    });
  });

  it("a sentence that mentions delivery is not a shipping line", () => {
    expect(totalsOf("Subtotal | 240.00\nTotal | 240.00\nDelivery scheduled for the second week of March 2031")).toMatchObject({
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
    expect(totalsOf("SHIP VIA | PAYMENT TERMS\nGround | Net 60 Days\nSubtotal | 240.00\nTotal | 240.00")).toEqual({
      subtotal: 240,
      tax: null,
      shipping: null,
      total: 240,
    });
  });

  it("a rate without an amount is no tax", () => {
    expect(totalsOf("Subtotal | $4,200\nSales Tax | 6%\nTotal | $4,452.00")).toEqual({
      subtotal: 4200,
      tax: null,
      shipping: null,
      total: 4452,
    });
  });
});

describe("totals named in Portuguese invoicing software", () => {
  it("'Total ilíquido' is the base, 'Descontos comerciais' a discount, beside a tax summary's headings", () => {
    const text = [
      "Gráfica Norte, Lda.",
      "Ref. | Descrição | Qtd. | Preço unit. | Valor",
      "ETQ-1 | Etiquetas | 1000 | 0,50 | 500,00",
      "CX-2 | Caixas | 100 | 3,00 | 300,00",
      "Total ilíquido | 800,00 €",
      "Taxa | Incidência Valor IVA | Descontos comerciais | 40,00 €",
      "IVA | 174,80 €",
      "23,00 % | 760,00 | 174,80",
      "Total (EUR) | 934,80 €",
    ].join("\n");
    expect(totalsOf(text)).toEqual({ subtotal: 800, tax: 174.8, shipping: null, total: 934.8 });
  });
});

describe("a withheld income tax", () => {
  it("lowers the total like a discount and is no line item ('Retención IRPF', 'Ritenuta d'acconto')", () => {
    const spanish = [
      "Lucía Ferrer",
      "DESCRIPCIÓN | CANT. | PRECIO | IMPORTE",
      "Desarrollo web corporativo | 1 2.000,00 € 2.000,00 €",
      "Sitio de 8 páginas con tema a medida, formulario de contacto,",
      "blog y optimización básica.",
      "Mantenimiento mensual — enero | 1 100,00 € 100,00 €",
      "Copias de seguridad semanales y monitorización.",
      "Maquetación extra | 15 | 40,00 € 600,00 €",
      "Landing page de campaña.",
      "Base imponible | 2.700,00 €",
      "IVA (21%) | 567,00 €",
      "Retención IRPF (15%) | -405,00 €",
      "Total factura | 2.862,00 €",
    ].join("\n");
    expect(totalsOf(spanish)).toEqual({ subtotal: 2700, tax: 567, shipping: null, total: 2862 });
    const q = extractQuoteByRules({ pages: [{ page: 1, text: spanish }], category: "vendor-quotes" })!;
    expect(q.lineItems.map((i) => i.amount)).toEqual([2000, 100, 600]);
    const italian =
      "Studio Bianchi\nDescrizione | Q.tà | Prezzo | Importo\nConsulenza fiscale | 4 | 250,00 | 1.000,00\nImponibile | 1.000,00\nIVA 22% | 220,00\nRitenuta d'acconto 20% | 200,00\nTotale documento | 1.020,00";
    expect(totalsOf(italian)).toEqual({ subtotal: 1000, tax: 220, shipping: null, total: 1020 });
  });
});

describe("totals by arithmetic", () => {
  it("a total whose label no rule knows is the amount that equals the subtotal plus tax and shipping", () => {
    const text = [
      "Acme Ltd",
      "Quote Q-17",
      "Subtotal | 1,250.00",
      "VAT 20% | 250.00",
      "Shipping | 45.00",
      "Importe final a abonar | 1,545.00",
    ].join("\n");
    expect(totalsOf(text)).toEqual({ subtotal: 1250, tax: 250, shipping: 45, total: 1545 });
  });

  it("an amount no label names never overrules a printed total, nor becomes a total that does not add up", () => {
    const labelled = ["Acme Ltd", "Subtotal | 100.00", "Tax | 10.00", "Total | 110.00", "Deposit received 2024 | 999.00"].join("\n");
    expect(totalsOf(labelled).total).toBe(110);
    const loose = ["Acme Ltd", "Subtotal | 100.00", "Tax | 10.00", "Deposit received 2024 | 333.00"].join("\n");
    expect(totalsOf(loose).total).not.toBe(333);
  });

  it("a stray number in the address is no total because the items match the subtotal; two subtotal-worded lines are base and total when they add up", () => {
    const text = [
      "TB. Maju Jaya",
      "Jl. Raya Magelang Km 7,5 No. 3",
      "1. Semen 50 kg | 10 sak | 70.000 | 700.000",
      "2. Pasir (1 rit = 4 m³) | 2 rit | 1.200.000 | 2.400.000",
      "Sub total | Rp | 3.100.000",
      "Ongkos kirim | Rp | 100.000",
      "Jumlah | Rp | 3.200.000",
    ].join("\n");
    expect(totalsOf(text)).toEqual({ subtotal: 3100000, tax: null, shipping: 100000, total: 3200000 });
  });
});
