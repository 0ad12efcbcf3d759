import { describe, expect, it } from "vitest";
import { detectLanguage, scoreLanguages } from "./language";

const SAMPLES = {
  en: "Quotation for the supply of steel brackets. Please find the prices below; the total is due within 30 days of the invoice date.",
  fr: "Devis pour la fourniture de pièces détachées. Le montant total est à régler par virement, net à payer TTC à réception de la facture.",
  de: "Angebot für die Lieferung der Ersatzteile. Der Gesamtbetrag ist zahlbar innerhalb von 14 Tagen, vielen Dank für Ihre Anfrage.",
  es: "Presupuesto para el suministro de las piezas. El importe total con IVA se paga en los 30 días siguientes a la fecha de la factura.",
  nl: "Offerte voor de levering van de onderdelen. Het totaalbedrag incl. btw is te betalen binnen 14 dagen na de factuurdatum, graag tot ziens.",
  it: "Preventivo per la fornitura dei ricambi. Il totale con IVA è da pagare entro 30 giorni dalla data della fattura, grazie per la richiesta.",
  pt: "Orçamento para o fornecimento das peças. O valor total com IVA deve ser pago em 30 dias a partir da data da fatura, obrigado.",
  id: "Penawaran harga untuk pengadaan barang. Jumlah total dengan pajak dibayar dalam 30 hari dari tanggal faktur, terima kasih atas pesanan anda.",
};

describe("document language", () => {
  for (const [language, text] of Object.entries(SAMPLES)) {
    it(`tells ${language} from the other supported languages`, () => {
      expect(detectLanguage(text)).toBe(language);
      const scores = scoreLanguages(text);
      expect(Math.max(...Object.values(scores))).toBe(scores[language as keyof typeof scores]);
    });
  }

  it("says nothing when a text is too short to tell", () => {
    expect(detectLanguage("Total 1,250.00")).toBeUndefined();
    expect(detectLanguage("")).toBeUndefined();
  });
});
