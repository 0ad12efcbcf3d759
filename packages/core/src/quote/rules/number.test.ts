import { describe, expect, it } from "vitest";
import { documentNumber, readId } from "./number";
import { readDoc } from "./text";

const numberOf = (text: string) => documentNumber(readDoc([{ page: 1, text }]))?.value ?? null;

describe("the document's own number", () => {
  it.each([
    ["Invoice No.: INV-2031-0417", "INV-2031-0417"],
    ["Quote # Q-17", "Q-17"],
    ["Quotation#: QT_#38", "QT_#38"],
    ["Numéro de devis : | 2031-014-B", "2031-014-B"],
    ["N° de facture : F-88", "F-88"],
    ["Facture n°804127331 du 14 Mars 2031", "804127331"],
    ["Rechnungsnummer: 3120457786", "3120457786"],
    ["Rechnungs-Nr.: RE-2031-117", "RE-2031-117"],
    ["Angebots-Nr.: AN-2031-054", "AN-2031-054"],
    ["Nummer KV: 731406", "731406"],
    ["Factuurnummer: 410772305", "410772305"],
    ["Número de factura: A/2031/17", "A/2031/17"],
    ["Fattura n. 2031/118", "2031/118"],
    ["Nomor Faktur: 010.001-31.40217756", "010.001-31.40217756"],
    ["Begroting nummer: 40217", "40217"],
    ["Ref: LV-2031-014", "LV-2031-014"],
  ])("%s gives %s", (text, number) => expect(numberOf(text)).toBe(number));

  it("a title followed by its number, on its line or the next", () => {
    expect(numberOf("Devis D-2031-17\nStatut: Envoyé")).toBe("D-2031-17");
    expect(numberOf("Rechnung R3307")).toBe("R3307");
    expect(numberOf("FACTURA\nFV/2031/00412\nNORTECH")).toBe("FV/2031/00412");
  });

  it("a label row over a value row", () => {
    expect(numberOf("Ihre Kundennummer | Ihre Angebots-Nr. | Datum\n418 | 3107240519 | 12. Mai 2031")).toBe("3107240519");
    expect(numberOf("Klantnr | Order | Factuurdatum | Factuur | Vervaldatum\nK-3306 | ORD-512 | 3-4-2031 | F-2207 | 17-4-2031")).toBe(
      "F-2207",
    );
  });

  it("never the customer's, an order's, a tax or a related document's number when the document names its own", () => {
    expect(numberOf("Kunden-Nr.: K-2207\nCustomer ID: CID-40217\nP.O. Number: PO-3333\nVAT No: DE123456789\nInvoice: INV-7731")).toBe(
      "INV-7731",
    );
    expect(numberOf("N° DE FACTURE ASSOCIÉE : F20310007\nFACTURE N° : | F20310041")).toBe("F20310041");
    expect(numberOf("Customer No: 4471\nTel: +49 30 1234567")).toBeNull();
  });

  it("a number is one token with a digit, or digit groups", () => {
    expect(readId("40 118 273 556 38,70 €")).toBe("40 118 273 556");
    expect(readId("# MUM_KRTX20310400417733")).toBe("MUM_KRTX20310400417733");
    expect(readId("38,70 €")).toBeNull();
    expect(readId("03/14/2031")).toBeNull();
    expect(readId("Statut")).toBeNull();
  });
});

describe("numbers that real templates print in their own ways", () => {
  it("a series code before the number, after a title of two words; not the software's certificate number", () =>
    expect(numberOf("Fatura Pró-forma FT 2031/77\nData | 2031-04-07\nProcessado por programa certificado n.º 1234/AT")).toBe("FT 2031/77"));

  it("a currency before an amount is no series code", () => expect(readId("EUR 2031/77")).toBeNull());

  it("a title beside a field is no label row: the item code under it is no number", () =>
    expect(numberOf("FACTURA | Fecha: 03/04/2031\nClave SAT | Descripción\n44103103 | Tóner | $1,245.00")).toBeNull());

  it("Mexico's 'Serie y folio' names the invoice's number", () =>
    expect(numberOf("FACTURA | Serie y folio: B-3310\nClave SAT | Descripción\n44103103 | Tóner | $1,245.00")).toBe("B-3310"));

  it("a word letter-spaced with a pair of letters the reader kept together is one word", () =>
    expect(numberOf("R E C H N U NG 2031-88")).toBe("2031-88"));

  it("a label row's 'Número' and Dutch 'kenmerk' name the number; a product named 'DOC 2023' does not", () => {
    expect(
      numberOf(
        "Fatura Pró-forma\nNúmero | Data | Validade | Moeda\nPF 2031/14 | 2031-03-04 | 2031-04-03 | EUR\nArtigo | Descrição | Qtd. | Preço | Valor\nVB-23 | Vinho Verde branco DOC 2023, 0,75 L | 60 | 4,20 | 252,00",
      ),
    ).toBe("PF 2031/14");
    expect(numberOf("Kostenraming\ndatum | kenmerk | project | geldig tot\n03-02-2031 | KR-31-009 | Verbouwing winkel | 03-03-2031")).toBe(
      "KR-31-009",
    );
  });

  it("the quote an invoice refers to is not its number", () =>
    expect(numberOf("Studio Pixel | N° FA-2031-0153\nDate de facturation : 05/02/2031 | Réf. devis : DV-2030-0098")).toBe("FA-2031-0153"));

  it("a validity in days is no number, and a letter-spaced title still heads its number", () =>
    expect(numberOf("O R Ç A M E N T O\nNº | 2031/0456 | Data | 5 de maio de 2031\nValidade da proposta: 15 dias.")).toBe("2031/0456"));
});

describe("an amount is not a document number", () => {
  it.each(["1860,00 € ohne Reisekosten", "1500.00 EUR", "12 500,00 €"])("%s", (text) => expect(readId(text)).toBeNull());

  it("an offer's price after 'nach Angebot' is no number", () =>
    expect(numberOf("Tagessatz | 62,00 €\nnach Angebot | 1860,00 € ohne Reisekosten")).toBeNull());
});
