import { describe, expect, it } from "vitest";
import { extractQuoteByRules } from "./index";

const datesOf = (text: string) => {
  const q = extractQuoteByRules({ pages: [{ page: 1, text }], category: "vendor-quotes" })!;
  return { date: q.quoteDate, validUntil: q.validUntil };
};
const body = "Description | Qty | Price | Amount\nService | 1 | 100.00 | 100.00\nTotal | 100.00";

describe("the document's own dates", () => {
  it("the issue date, not the due, order, delivery or period dates", () => {
    expect(datesOf(`Order Date: 15-10-2015\nInvoice Date: 20-10-2015\nDue Date: 04-11-2015\n${body}`).date).toBe("2015-10-20");
    expect(datesOf(`Date d'échéance : 01/03/2021\nDate d'émission : 01/01/2021\n${body}`).date).toBe("2021-01-01");
    expect(datesOf(`Lieferdatum: 02.05.2024\nRechnungsdatum: 30.04.2024\n${body}`).date).toBe("2024-04-30");
    expect(datesOf(`Facture n°562044387 du 02 Juillet 2015\nPériode du 01/07/2015 au 31/07/2015\n${body}`).date).toBe("2015-07-02");
  });

  it("a label row over a value row, whatever stands to the left of the date", () => {
    const text = `Kopie factuur\nKlant | Order | Factuur datum | Factuur | Vervaldatum\nC0042 | ORD-77 | 8-9-2022 | F-1003 | 22-9-2022\n${body}`;
    expect(datesOf(text).date).toBe("2022-09-08");
  });

  it("the date printed as the end of validity, in any language", () => {
    expect(datesOf(`Angebot\nDatum: 15.01.25\nGültig bis: 15.02.25\n${body}`)).toEqual({ date: "2025-01-15", validUntil: "2025-02-15" });
    expect(datesOf(`Devis\nDate : 2 mars 2022\nDate de fin de validité : 2 avril 2022\n${body}`)).toEqual({
      date: "2022-03-02",
      validUntil: "2022-04-02",
    });
    expect(datesOf(`Presupuesto\nFecha: 3 de mayo de 2024\nVálido hasta: 2 de junio de 2024\n${body}`)).toEqual({
      date: "2024-05-03",
      validUntil: "2024-06-02",
    });
  });

  it("an issue date cannot come after the validity it starts", () => {
    const text = `Angebot\nDatum | 24. Februar 2011\n${body}\nDatum | 24. November 2010 | Gültig bis 31. Dezember 2010`;
    expect(datesOf(text)).toEqual({ date: "2010-11-24", validUntil: "2010-12-31" });
  });

  it("the date of a related document is not the document's", () => {
    expect(
      datesOf(
        `FACTURE N° : F-2026-23\nN° DE FACTURE ASSOCIÉE : F-2026-03\nDATE DE FACTURE ASSOCIÉE : 01/01/2026\nDate : 31/01/2026\n${body}`,
      ).date,
    ).toBe("2026-01-31");
  });

  it("an order's order date is its own date", () => {
    const q = extractQuoteByRules({
      pages: [{ page: 1, text: `Order N° SO-77\nDate Ordered: | Salesperson:\n04/12/2017 14:26:00 | Admin\n${body}` }],
    })!;
    expect([q.quoteNumber, q.quoteDate]).toEqual(["SO-77", "2017-04-12"]);
  });

  it("month or day first: the issuer's country, not the customer's; an English page with no country is month first", () => {
    const issuer = "Harbor Tools Inc.\n12 Main St, Austin, TX 78701";
    const customer = "Bill To:\nAtelier Sud\n12 rue des Lilas\n75001 Paris\nFrance\n+33 1 23 45 67 89";
    expect(datesOf(`${issuer}\nInvoice INV-1\nDate: 04/05/2024\n${customer}\n${body}`).date).toBe("2024-04-05");
    expect(
      datesOf(`Invoice INV-1\nDate: 04/05/2024\nThank you for the order. Payment is due within thirty days of the invoice date.\n${body}`)
        .date,
    ).toBe("2024-04-05");
    expect(datesOf(`Facture F-1\nDate : 04/05/2024\nMerci pour votre commande. Le paiement est dû sous trente jours.\n${body}`).date).toBe(
      "2024-05-04",
    );
  });

  it("an unlabelled date at the top of the letter", () => {
    expect(datesOf(`Escape Design | 20. März 2026\nRef: EV-1\nAngebot\n${body}`).date).toBe("2026-03-20");
  });
});
