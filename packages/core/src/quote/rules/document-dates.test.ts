import { describe, expect, it } from "vitest";
import { extractQuoteByRules } from "./index";

const datesOf = (text: string) => {
  const q = extractQuoteByRules({ pages: [{ page: 1, text }], category: "vendor-quotes" })!;
  return { date: q.quoteDate, validUntil: q.validUntil };
};
const body = "Description | Qty | Price | Amount\nService | 1 | 150.00 | 150.00\nTotal | 150.00";

describe("the document's own dates", () => {
  it("the issue date, not the due, order, delivery or period dates", () => {
    expect(datesOf(`Order Date: 14-03-2031\nInvoice Date: 17-03-2031\nDue Date: 16-04-2031\n${body}`).date).toBe("2031-03-17");
    expect(datesOf(`Date d'échéance : 15/07/2031\nDate d'émission : 15/06/2031\n${body}`).date).toBe("2031-06-15");
    expect(datesOf(`Lieferdatum: 05.05.2031\nRechnungsdatum: 28.04.2031\n${body}`).date).toBe("2031-04-28");
    expect(datesOf(`Facture n°804127331 du 03 Août 2031\nPériode du 01/07/2031 au 31/07/2031\n${body}`).date).toBe("2031-08-03");
  });

  it("a label row over a value row, whatever stands to the left of the date", () => {
    const text = `Factuur\nKlantnr | Order | Factuurdatum | Factuur | Vervaldatum\nK-3306 | ORD-512 | 3-4-2031 | F-2207 | 17-4-2031\n${body}`;
    expect(datesOf(text).date).toBe("2031-04-03");
  });

  it("a validity after another date on its line is no period, and a label's colon may stand in a cell of its own", () => {
    expect(datesOf(`Offerte\nBern, 11.06.2031 · Velo: Rahmen-Nr. WX4K2217 · gültig bis 11.07.2031\n${body}`).validUntil).toBe("2031-07-11");
    expect(datesOf(`Penawaran\nTanggal | : | 5 Maret 2031\nBerlaku s/d | : | 4 April 2031 | Lokasi | : | Gudang\n${body}`).validUntil).toBe(
      "2031-04-04",
    );
    // a period still is one
    expect(datesOf(`Rechnung\nDatum: 01.08.2031\nZeitraum 01.07.2031 bis 31.07.2031\n${body}`).date).toBe("2031-08-01");
  });

  it("the label beside the date wins over a word above it that names another role ('Original')", () => {
    const text = `Cerâmica Azul, Lda. | Fatura N.º FT 2031/7\nRua do Cais, 4 | Original\n3800-104 Aveiro | Data de emissão | 11/03/2031\nNIF 514 228 903 | Data de vencimento | 10/04/2031\nBens colocados à disposição em 10/03/2031.\n${body}`;
    expect(datesOf(text).date).toBe("2031-03-11");
  });

  it("a letter's place and date, not a date its text mentions", () => {
    const text = `CV Maju Jaya\nNomor | : 045/SPH/VIII/2031 | Surabaya, 12 Agustus 2031\nDengan hormat,\nMenindaklanjuti permintaan Bapak melalui e-mail tanggal 8 Agustus 2031, bersama ini kami sampaikan penawaran harga.\n${body}`;
    expect(datesOf(text).date).toBe("2031-08-12");
  });

  it("a grid of label | value rows: the label beside the date, not the other field's value above it", () => {
    const text = `Kostenvoranschlag KV-31-07\nDatum | 07.05.2031\nBearbeiter | J. Brandt\nGültig bis | 06.06.2031\n${body}`;
    expect(datesOf(text)).toEqual({ date: "2031-05-07", validUntil: "2031-06-06" });
  });

  it("the date printed as the end of validity, in any language", () => {
    expect(datesOf(`Angebot\nDatum: 06.05.31\nGültig bis: 05.06.31\n${body}`)).toEqual({ date: "2031-05-06", validUntil: "2031-06-05" });
    expect(datesOf(`Devis\nDate : 9 juin 2031\nDate de fin de validité : 9 juillet 2031\n${body}`)).toEqual({
      date: "2031-06-09",
      validUntil: "2031-07-09",
    });
    expect(datesOf(`Presupuesto\nFecha: 14 de octubre de 2031\nVálido hasta: 13 de noviembre de 2031\n${body}`)).toEqual({
      date: "2031-10-14",
      validUntil: "2031-11-13",
    });
  });

  it("an issue date cannot come after the validity it starts", () => {
    const text = `Angebot\nDatum | 18. März 2032\n${body}\nDatum | 12. Mai 2031 | Gültig bis 30. Juni 2031`;
    expect(datesOf(text)).toEqual({ date: "2031-05-12", validUntil: "2031-06-30" });
  });

  it("the date of a related document is not the document's", () => {
    expect(
      datesOf(
        `FACTURE N° : F-2031-41\nN° DE FACTURE ASSOCIÉE : F-2031-07\nDATE DE FACTURE ASSOCIÉE : 12/02/2031\nDate : 27/03/2031\n${body}`,
      ).date,
    ).toBe("2031-03-27");
  });

  it("an order's order date is its own date", () => {
    const q = extractQuoteByRules({
      pages: [{ page: 1, text: `Order N° SO-412\nDate Ordered: | Salesperson:\n05/09/2031 10:40:00 | Sales Desk\n${body}` }],
    })!;
    expect([q.quoteNumber, q.quoteDate]).toEqual(["SO-412", "2031-05-09"]);
  });

  it("month or day first: the issuer's country, not the customer's; an English page with no country is month first", () => {
    const issuer = "Harbor Tools Inc.\n12 Main St, Austin, TX 78701";
    const customer = "Bill To:\nMühlenhof GmbH\nLindenweg 3\n10115 Berlin\nDeutschland\n+49 30 5550 1234";
    expect(datesOf(`${issuer}\nInvoice INV-1\nDate: 04/05/2031\n${customer}\n${body}`).date).toBe("2031-04-05");
    expect(
      datesOf(`Invoice INV-1\nDate: 04/05/2031\nThank you for the order. Payment is due within thirty days of the invoice date.\n${body}`)
        .date,
    ).toBe("2031-04-05");
    expect(datesOf(`Facture F-1\nDate : 04/05/2031\nMerci pour votre commande. Le paiement est dû sous trente jours.\n${body}`).date).toBe(
      "2031-05-04",
    );
  });

  it("an unlabelled date at the top of the letter", () => {
    expect(datesOf(`Nordlicht Design | 11. März 2031\nRef: ND-1\nAngebot\n${body}`).date).toBe("2031-03-11");
  });
});
