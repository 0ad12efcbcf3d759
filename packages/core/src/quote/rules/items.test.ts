import { describe, expect, it } from "vitest";
import { renderPdf, sampleDocument } from "@quorum/testing/quote-documents";
import { Extract } from "../../extract/index";
import { layoutWords, pageText } from "../../extract/layout";
import type { Word } from "../../extract/types";
import { readItems } from "./items";
import { readDoc } from "./text";

const itemsOf = (...pages: string[]) => readItems(readDoc(pages.map((text, i) => ({ page: i + 1, text })))).items;
const rows = (...pages: string[]) => itemsOf(...pages).map((i) => [i.description, i.quantity, i.unitPrice, i.amount]);

describe("line items from the item table", () => {
  it("a German table whose header holds the position and the description in one cell", () => {
    const items = itemsOf(
      [
        "Pos. Bezeichnung | Menge | Einh. | Einzelpreis | Summe",
        "1 Kühlzelle 2x3 m | 1 | Stk. | 3.950,00 € | 3.950,00 €",
        "Inklusive Aggregat und Steuerung.",
        "2 Montage | 8 | Std. | 65,00 € | 520,00 €",
        "Zwischensumme | 4.470,00 €",
      ].join("\n"),
    );
    expect(items.map((i) => [i.description, i.quantity, i.unit, i.unitPrice, i.amount])).toEqual([
      ["Kühlzelle 2x3 m Inklusive Aggregat und Steuerung.", 1, "Stk", 3950, 3950],
      ["Montage", 8, "Std", 65, 520],
    ]);
  });

  it("French, Spanish, Dutch, Italian, Portuguese and Indonesian headers", () => {
    for (const header of [
      "Désignation | Qté | PU HT | Montant HT",
      "Descripción | Cantidad | Precio | Importe",
      "Omschrijving | Aantal | Prijs | Bedrag",
      "Descrizione | Quantità | Prezzo unitario | Importo",
      "Descrição | Quantidade | Preço unitário | Valor",
      "Uraian | Jumlah | Harga Satuan | Total",
    ])
      expect(rows(`${header}\nServiço A | 2 | 10,00 | 20,00\nServiço B | 1 | 5,50 | 5,50\nTotal | 25,50`)).toEqual([
        ["Serviço A", 2, 10, 20],
        ["Serviço B", 1, 5.5, 5.5],
      ]);
  });

  it("a quantity column before the description, and a column the header names between", () => {
    expect(rows("Qty | Description | Unit Price | Amount\n10 | Steel bracket | $12.50 | $125.00\nTotal | $125.00")).toEqual([
      ["Steel bracket", 10, 12.5, 125],
    ]);
    expect(
      rows("Description | Taxes | Quantity | Unit Price | Price\nLaptop stand | Tax 20.00% | 12.000 | 49.50 | 594.00 €\nTotal | 594.00 €"),
    ).toEqual([["Laptop stand", 12, 49.5, 594]]);
  });

  it("keeps discount and zero rows, and skips section subtotals", () => {
    const text = [
      "Description | Quantity | Hourly Rate | Amount",
      "Design Work",
      "Wireframes | 6.00 hours | $40.00 | $240.00",
      "Revisions | 0 | $40.00 | $0.00",
      "Subtotal | 6.00 hours | $240.00",
      "Travel Costs",
      "Train tickets | 1 | $85.00 | $85.00",
      "Early payment discount | 1 | -$25.00 | -$25.00",
      "Total | $300.00",
    ].join("\n");
    expect(itemsOf(text).map((i) => i.amount)).toEqual([240, 0, 85, -25]);
  });

  it("a grand total ends the table even when a payment line with an amount follows", () => {
    const text = [
      "DESCRIPTION | RATE | AMOUNT",
      "Hall Booking | Rs 3600 x 1 Day | Rs 3600",
      "Grand Total | Rs 3600",
      "Payment received at the desk | Rs 3600",
    ].join("\n");
    expect(itemsOf(text).map((i) => i.amount)).toEqual([3600]);
  });

  it("a table that goes on over a page break, past the page's footer", () => {
    const page1 = [
      "Item | Qty | Price | Total",
      "Widget A | 2 | 5.00 | 10.00",
      "Brightline Ltd | Tel.: +44 20 7946 0000 | IBAN: GB29 NWBK 6016 1331 9268 19",
    ].join("\n");
    const page2 = ["Widget B | 3 | 2.00 | 6.00", "Subtotal | 16.00", "Total | 16.00"].join("\n");
    expect(itemsOf(page1, page2).map((i) => [i.description, i.page])).toEqual([
      ["Widget A", 1],
      ["Widget B", 2],
    ]);
  });

  it("rows read by OCR without column gaps, and a quantity glued to its description", () => {
    expect(
      rows("Description Qty Unit Price Amount\nSteel bracket 10 12.50 125.00\nHydraulic pump 4 450.00 1,800.00\nTotal 1,925.00"),
    ).toEqual([
      ["Steel bracket", 10, 12.5, 125],
      ["Hydraulic pump", 4, 450, 1800],
    ]);
    expect(rows("Item Description | Qty | Unit Price | Amount\nStanding desk with 3 | 240 | 720\nTotal | 720")).toEqual([
      ["Standing desk with", 3, 240, 720],
    ]);
  });

  it("rows whose arithmetic makes them items, when the header was not read", () => {
    const text = [
      "Acme Supplies",
      "Bolts M8 | 100 | 0.25 | 25.00",
      "Nuts M8 | 100 | 0.10 | 10.00",
      "Washers | 50 | 0.05 | 2.50",
      "Total | 37.50",
    ].join("\n");
    expect(rows(text)).toEqual([
      ["Bolts M8", 100, 0.25, 25],
      ["Nuts M8", 100, 0.1, 10],
      ["Washers", 50, 0.05, 2.5],
    ]);
  });

  it("a header that names only its number columns, and a price with no column", () => {
    expect(
      rows("Quantity | Amount\nUSB-C charger | 5 | $18.50 | $92.50\nWireless mouse | 3 | $24.00 | $72.00\nSubtotal: | $164.50"),
    ).toEqual([
      ["USB-C charger", 5, 18.5, 92.5],
      ["Wireless mouse", 3, 24, 72],
    ]);
  });

  it("the last number that is the quantity times an earlier one is the amount, whatever the columns say", () => {
    expect(
      rows(
        "No. | Description | Date | Quantity | VAT | VAT % Line Amount\n2204-K | Filing cabinet | 5 Piece | 118.00 | 19 | 590.00\nSubtotal | 590.00",
      ),
    ).toEqual([["Filing cabinet", 5, 118, 590]]);
  });

  it("a header without an amount column: the trailing value is the line amount", () => {
    expect(
      rows("Description | Quantité | Rem. | Prix HT\nVinaigre de cidre | 25 Liter(s) | 2,40 € | -60,00 €\nTotal HT | -60,00 €"),
    ).toEqual([["Vinaigre de cidre", 25, 2.4, -60]]);
  });
});

describe("line items by position", () => {
  it("a value stands under its column even when the columns before it are empty", async () => {
    const spec = sampleDocument("en", "invoice");
    spec.header = ["Description", "Qty", "Disc. %", "Unit Price", "Amount"];
    spec.rows = [
      ["Stainless railing section", "1", "", "£4,800.00", "£4,800.00"],
      ["Welding labour", "8", "10%", "£65.00", "£468.00"],
      ["Site survey", "", "", "", "£1,200.00"],
    ];
    const extraction = await Extract.fromBuffer(await renderPdf(spec), { fileName: "invoice.pdf", ocr: false });
    const items = readItems(readDoc(extraction.pages)).items;
    expect(items.map((i) => [i.description, i.quantity, i.unitPrice, i.amount])).toEqual([
      ["Stainless railing section", 1, 4800, 4800],
      ["Welding labour", 8, 65, 468],
      ["Site survey", null, null, 1200],
    ]);
  });
});

describe("line items by their arithmetic", () => {
  it("rows whose numbers sit among units, tax codes and currency words, under a header the table does not follow", () => {
    const got = rows(
      [
        "Description | Quantity | Price Taxes | Amount",
        "[AX210] Outdoor Wireless Bridge | 1 Unit 18,400.00 | ST1 Ksh 18,400.00",
        "[AX057] Surge Protector 24V | 3 Unit 2,500.00 | ST1 Ksh 7,500.00",
        "Subtotal | Ksh 25,900.00",
      ].join("\n"),
    );
    expect(got).toEqual([
      ["[AX210] Outdoor Wireless Bridge", 1, 18400, 18400],
      ["[AX057] Surge Protector 24V", 3, 2500, 7500],
    ]);
  });

  it("not a lone row, nor numbers whose product is not the amount", () => {
    expect(rows("Service | 1 Unit 20.00 | code 7 | 20.00\nNotes | 3 pages 5.00 | 12.00")).toEqual([]);
  });
});

describe("rows set beside the middle of a wrapped description", () => {
  it("the values' row takes the text row above as its description, and the row below continues it", () =>
    expect(
      rows(
        [
          "Désignation | P.U. HT | Qté | TVA | Montant HT",
          "Buffet froid, 10 pièces salées et sucrées par",
          "22,00 € | 50 | 10 % | 1 100,00 €",
          "convive",
          "Plateau de fromages affinés (tomme, comté 18",
          "60,00 € | 3 | 10 % | 180,00 €",
          "mois)",
          "Service en salle, heures | 30,00 € | 8 | 20 % | 240,00 €",
          "Total HT | 1 520,00 €",
        ].join("\n"),
      ).map((r) => [r[0], r[3]]),
    ).toEqual([
      ["Buffet froid, 10 pièces salées et sucrées par convive", 1100],
      ["Plateau de fromages affinés (tomme, comté 18 mois)", 180],
      ["Service en salle, heures", 240],
    ]));
});

describe("article codes beside wrapped descriptions", () => {
  it("a values row led by a code alone takes the text above; a code joined to its description is cut from it; a measure on a wrapped line is no line", () =>
    expect(
      rows(
        [
          "Codice | Descrizione | Q.tà | Prezzo | Importo",
          "Etichette adesive in bobina, quadricromia + oro a",
          "ETQ-1014 | 10.000 | 0,085 | 850,00",
          "caldo",
          "GRF-ETQ Progettazione grafica etichette | 3 | 240,00 | 720,00",
          "Trasporto con mezzo proprio, 7,5 t",
          "Imponibile | 1.570,00",
        ].join("\n"),
      ).map((r) => [String(r[0]).split(" Trasporto")[0], r[3]]),
    ).toEqual([
      ["Etichette adesive in bobina, quadricromia + oro a caldo", 850],
      ["Progettazione grafica etichette", 720],
    ]));
});

describe("'Jumlah Harga' filling its header cell", () => {
  it("is the line amount, beside 'Harga Satuan'", () =>
    expect(
      rows(
        "No | Uraian | Harga Satuan | Jumlah Harga\n1 | Bongkar partisi | 45.000 | 1.890.000\n2 | Cat dinding | 38.000 | 760.000\nJumlah | 2.650.000",
      ).map((r) => [r[2], r[3]]),
    ).toEqual([
      [45000, 1890000],
      [38000, 760000],
    ]));
});

describe("a line named by a unit word alone", () => {
  it("'Hours' or 'Horas' with its numbers is a line, described by that word", () =>
    expect(
      rows("DESCRIPTION | QTY | PRICE | AMOUNT\nWebsite build | 1 | 2,400.00 | 2,400.00\nHours | 2 | 40.00 | 80.00\nTotal | 2,480.00").map(
        (r) => [r[0], r[3]],
      ),
    ).toEqual([
      ["Website build", 2400],
      ["Hours", 80],
    ]));
});

describe("line items by their cells' arithmetic", () => {
  it("whole amounts grouped in thousands, and measures that belong to the description cell", () => {
    const text = [
      "1. Semen 50 kg | 10 sak | 70.000 | 700.000",
      "2. Pasir (1 rit = 4 m³) | 2 rit | 1.200.000 | 2.400.000",
      "3. Bata ringan 10 cm | 2,5 m³ | 600.000 | 1.500.000",
      "Jumlah | Rp | 4.600.000",
    ].join("\n");
    expect(rows(text)).toEqual([
      ["1. Semen 50 kg", 10, 70000, 700000],
      ["2. Pasir (1 rit = 4 m³)", 2, 1200000, 2400000],
      ["3. Bata ringan 10 cm", 2.5, 600000, 1500000],
    ]);
  });
});

describe("line items by the geometry of their amount column", () => {
  /** A page of positioned cells, laid out as every reader's words are: [text, x, y], amounts right-aligned at x. */
  function laidOut(cells: [string, number, number][]) {
    const words: Word[] = cells.flatMap(([text, x, y]) =>
      text.split(" ").map((w, i, all) => {
        const width = w.length * 5;
        const offset = all.slice(0, i).reduce((n, p) => n + p.length * 5 + 3, 0);
        return { text: w, x0: x + offset, x1: x + offset + width, y0: y, y1: y + 10, size: 10 };
      }),
    );
    const lines = layoutWords(words);
    return readDoc([{ page: 1, text: pageText(lines), lines, width: 600, height: 800 }]);
  }
  const right = (text: string, edge: number, y: number): [string, number, number] => [text, edge - text.length * 5, y];

  it("rows with no header and no arithmetic whose amounts line up in one column are the items; the totals under them are not", () => {
    const doc = laidOut([
      ["Website redesign and content migration", 50, 200],
      right("4,800.00", 540, 200),
      ["Hosting, first year", 50, 220],
      right("360.00", 540, 220),
      ["Training session for editors", 50, 240],
      right("450.00", 540, 240),
      ["Total", 400, 280],
      right("5,610.00", 540, 280),
    ]);
    expect(readItems(doc).items.map((i) => [i.description, i.amount])).toEqual([
      ["Website redesign and content migration", 4800],
      ["Hosting, first year", 360],
      ["Training session for editors", 450],
    ]);
  });

  it("a free line between priced ones in the column is an item; free lines alone make no table", () => {
    const doc = laidOut([
      ["Logo design", 50, 200],
      right("900.00", 540, 200),
      ["First consultation", 50, 220],
      right("0.00", 540, 220),
      ["Business cards", 50, 240],
      right("150.00", 540, 240),
      ["Letterhead", 50, 260],
      right("120.00", 540, 260),
      ["Total", 400, 300],
      right("1,170.00", 540, 300),
    ]);
    expect(readItems(doc).items.map((i) => [i.description, i.amount])).toEqual([
      ["Logo design", 900],
      ["First consultation", 0],
      ["Business cards", 150],
      ["Letterhead", 120],
    ]);
    const free = laidOut([
      ["Review", 50, 200],
      right("0.00", 540, 200),
      ["Advice", 50, 220],
      right("0.00", 540, 220),
      ["Call", 50, 240],
      right("0.00", 540, 240),
    ]);
    expect(readItems(free).items).toEqual([]);
  });

  it("a statement's indented breakdowns and its summary line are not more lines", () => {
    const doc = laidOut([
      ["Platform services", 50, 100],
      right("$96.40", 540, 100),
      ["Usage", 70, 120],
      right("$96.40", 540, 120),
      ["Discounts", 70, 140],
      right("$0.00", 540, 140),
      ["Total for this statement", 300, 170],
      right("$96.40", 540, 170),
      ["Mail relay", 50, 220],
      right("$12.00", 540, 220),
      ["Usage", 70, 240],
      right("$12.00", 540, 240),
      ["Object storage", 50, 270],
      right("$84.40", 540, 270),
      ["Usage", 70, 290],
      right("$80.00", 540, 290),
      ["Requests", 70, 310],
      right("$4.40", 540, 310),
    ]);
    expect(readItems(doc).items.map((i) => [i.description, i.amount])).toEqual([
      ["Mail relay", 12],
      ["Object storage", 84.4],
    ]);
  });

  it("indented lines that do not make up the line above are lines of their own", () => {
    const doc = laidOut([
      ["Kitchen", 50, 200],
      ["Cabinets", 70, 220],
      right("3,000.00", 540, 220),
      ["Worktop", 70, 240],
      right("1,200.00", 540, 240),
      ["Bathroom tiling", 50, 260],
      right("2,400.00", 540, 260),
    ]);
    expect(readItems(doc).items.map((i) => i.amount)).toEqual([3000, 1200, 2400]);
  });

  it("EP and GP, the German trades' abbreviated unit and total price, with a discount between them", () => {
    const doc = laidOut([
      ["Pos.", 50, 180],
      ["Menge Einh.", 80, 180],
      ["Bezeichnung", 150, 180],
      ["EP €", 390, 180],
      ["Rabatt", 440, 180],
      ["GP €", 520, 180],
      ["1.01", 50, 200],
      ["2 Stk.", 80, 200],
      ["Umwälzpumpe", 150, 200],
      right("310,00", 420, 200),
      ["5 %", 450, 200],
      right("589,00", 545, 200),
      ["1.02", 50, 220],
      ["1 psch.", 80, 220],
      ["Spülen der Anlage", 150, 220],
      right("120,00", 420, 220),
      right("120,00", 545, 220),
      ["Summe netto", 400, 250],
      right("709,00", 545, 250),
    ]);
    expect(readItems(doc).items.map((i) => i.amount)).toEqual([589, 120]);
  });

  it("two amounts that happen to line up are no table", () => {
    const doc = laidOut([["Consulting", 50, 200], right("1,200.00", 540, 200), ["Travel", 50, 400], right("80.00", 540, 400)]);
    expect(readItems(doc).items).toEqual([]);
  });
});

describe("one item written as a form", () => {
  it("a labelled unit price and quantity whose product is printed: one item, described by its label", () => {
    const text = [
      "Tessuti Aurora srl",
      "Articolo: | Felpa girocollo 320 g",
      "Prezzo unitario: | € 12,40",
      "Quantità ordinata: | 250",
      "Prezzo totale: | € 3.100,00",
      "Consegna in 15 giorni.",
    ].join("\n");
    expect(rows(text)).toEqual([["Felpa girocollo 320 g", 250, 12.4, 3100]]);
  });

  it("a product that is not printed anywhere is no item", () => {
    expect(rows("Unit price: | $ 12.40\nQuantity: | 250\nTotal: | $ 2,900.00")).toEqual([]);
  });

  it('"Total price" is the line amount, never the unit price', () => {
    expect(rows("Service: | Window cleaning\nTotal price: | $ 80.00\nHours: | 2\nTotal due: | $ 160.00")).toEqual([]);
  });
});
