import { describe, expect, it } from "vitest";
import { renderPdf, sampleDocument } from "@quorum/testing/quote-documents";
import { Extract } from "../../extract/index";
import { readItems } from "./items";
import { readDoc } from "./text";

const itemsOf = (...pages: string[]) => readItems(readDoc(pages.map((text, i) => ({ page: i + 1, text })))).items;
const rows = (...pages: string[]) => itemsOf(...pages).map((i) => [i.description, i.quantity, i.unitPrice, i.amount]);

describe("line items from the item table", () => {
  it("a German table whose header holds the position and the description in one cell", () => {
    const items = itemsOf(
      [
        "Pos. Bezeichnung | Menge | Einh. | Einzelpreis | Summe",
        "1 Kühlzelle 2x3 m | 1 | Stk. | 4.800,00 € | 4.800,00 €",
        "Inklusive Aggregat und Steuerung.",
        "2 Montage | 8 | Std. | 65,00 € | 520,00 €",
        "Zwischensumme | 5.320,00 €",
      ].join("\n"),
    );
    expect(items.map((i) => [i.description, i.quantity, i.unit, i.unitPrice, i.amount])).toEqual([
      ["Kühlzelle 2x3 m Inklusive Aggregat und Steuerung.", 1, "Stk", 4800, 4800],
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
      rows("Description | Taxes | Quantity | Unit Price | Price\niMac | Tax 15.00% | 45.000 | 1799.00 | 80955.00 €\nTotal | 80955.00 €"),
    ).toEqual([["iMac", 45, 1799, 80955]]);
  });

  it("keeps discount and zero rows, and skips section subtotals", () => {
    const text = [
      "Description | Quantity | Hourly Rate | Amount",
      "Consulting Services",
      "Design | 8.00 hours | $12.50 | $100.00",
      "Review | 0 | $12.50 | $0.00",
      "Subtotal | 8.00 hours | $100.00",
      "Hosting Expenses",
      "Hosting | 1 | $60.00 | $60.00",
      "Loyalty discount | 1 | -$10.00 | -$10.00",
      "Total | $150.00",
    ].join("\n");
    expect(itemsOf(text).map((i) => i.amount)).toEqual([100, 0, 60, -10]);
  });

  it("a grand total ends the table even when a payment line with an amount follows", () => {
    const text = [
      "DESCRIPTION | RATE | AMOUNT",
      "Room Charges | Rs 2400 x 1 Night | Rs 2400",
      "Grand Total | Rs 2400",
      "Payment received by the hotel | Rs 2400",
    ].join("\n");
    expect(itemsOf(text).map((i) => i.amount)).toEqual([2400]);
  });

  it("a table that goes on over a page break, past the page's footer", () => {
    const page1 = [
      "Item | Qty | Price | Total",
      "Widget A | 2 | 5.00 | 10.00",
      "Acme Ltd | Tel.: +44 20 7946 0000 | IBAN: GB29 NWBK 6016 1331 9268 19",
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
    expect(rows("Item Description | Qty | Unit Price | Amount\nExecutive Chair with 2 | 150 | 300\nTotal | 300")).toEqual([
      ["Executive Chair with", 2, 150, 300],
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
    expect(rows("Quantity | Amount\nHDMI cable | 12 | $9.99 | $119.88\nKeyboard | 2 | $59.99 | $119.98\nSubtotal: | $239.86")).toEqual([
      ["HDMI cable", 12, 9.99, 119.88],
      ["Keyboard", 2, 59.99, 119.98],
    ]);
  });

  it("the last number that is the quantity times an earlier one is the amount, whatever the columns say", () => {
    expect(
      rows(
        "No. | Description | Date | Quantity | VAT | VAT % Line Amount\n1908-S | Desk chair | 3 Piece | 191.00 | 19 | 573.00\nSubtotal | 573.00",
      ),
    ).toEqual([["Desk chair", 3, 191, 573]]);
  });

  it("a header without an amount column: the trailing value is the line amount", () => {
    expect(
      rows("Description | Quantité | Rem. | Prix HT\nHuile d'olive | 10 Liter(s) | 19,80 € | -198,00 €\nTotal HT | -198,00 €"),
    ).toEqual([["Huile d'olive", 10, 19.8, -198]]);
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
