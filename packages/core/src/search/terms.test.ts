import { describe, expect, it } from "vitest";
import { amountTerm, queryTerms, searchTerms } from "./terms";

describe("search terms", () => {
  it("an identifier with separators is also one term, the same in the document and the question", () => {
    expect(searchTerms("Invoice INV/2024/07/0031")).toContain("inv2024070031");
    expect(searchTerms("Invoice No : # MUM_KRTX20310400417733")).toContain("mumkrtx20310400417733");
    const asked = queryTerms("What is the total of invoice #MUM_KRTX20310400417733?");
    expect(asked.find((t) => t.term === "mumkrtx20310400417733")).toMatchObject({ kind: "identifier" });
  });

  it("a code or a long number in a question weighs more than a word", () => {
    const asked = queryTerms("total of invoice QX4471208835 and 3017450921");
    const weight = (term: string) => asked.find((t) => t.term === term)?.weight;
    expect(weight("qx4471208835")).toBeGreaterThan(weight("total")!);
    expect(weight("3017450921")).toBeGreaterThan(weight("invoice")!);
  });

  it("amounts in every common format read as the same number", () => {
    for (const printed of ["1,234.56", "1.234,56", "1'234.56", "1\u00a0234,56", "1\u202f234,56"])
      expect(amountTerm(printed), printed).toBe("1234.56");
    expect(amountTerm("12,34,567.00")).toBe("1234567");
    expect(amountTerm("1,939.00")).toBe("1939");
    expect(amountTerm("29,9")).toBe("29.90");
    expect(amountTerm("0,75")).toBe("0.75");
    // Indexed as whole units and cents, the same however it is printed.
    expect(searchTerms("Totaal | € 4.321,09").sort()).toEqual(["09", "4321", "totaal", "total"]);
    expect(searchTerms("Total: $4,321.09").sort()).toEqual(["09", "4321", "total"]);
    expect(searchTerms("Net à payer 4 321,09 €")).toEqual(expect.arrayContaining(["4321", "09"]));
  });

  it("dates and codes with dots are not amounts", () => {
    expect(amountTerm("20.10.2015")).toBeUndefined();
    expect(amountTerm("1.234.56")).toBeUndefined();
    expect(amountTerm("1,234,56")).toBeUndefined();
  });

  it("labels in other languages also give the English word a question uses", () => {
    expect(searchTerms("Totaal | € 12,00")).toContain("total");
    expect(searchTerms("Gesamtbetrag 12,00 EUR")).toContain("total");
    expect(searchTerms("Net à payer TTC : 12,00 €")).toContain("total");
    expect(searchTerms("Importe total")).toContain("total");
    expect(searchTerms("Factuurnummer: 4711")).toEqual(expect.arrayContaining(["factuurnummer", "invoice", "number"]));
    expect(searchTerms("Rechnungsdatum")).toEqual(expect.arrayContaining(["invoice", "date"]));
    expect(searchTerms("Devis")).toContain("quote");
    expect(searchTerms("Gültig bis 30.06.2024")).toContain("valid");
    expect(searchTerms("Subtotaal")).not.toContain("total");
  });

  it("accents fold, so an accented word is one term", () => {
    expect(searchTerms("Numéro de facture")).toEqual(expect.arrayContaining(["numero", "facture", "invoice"]));
    expect(searchTerms("Échéance")).toEqual(["echeance", "due"]);
  });

  it("a figure printed after a number label or a document word is also that document's number", () => {
    expect(searchTerms("Factuurnummer: 4711")).toContain("#4711");
    expect(searchTerms("Invoice No : # AB_CD2024")).toContain("#abcd2024");
    expect(searchTerms("Facture n° 3017450921")).toContain("#3017450921");
    expect(searchTerms("Musterweg 3, 4711 Musterstadt")).not.toContain("#4711");
    const asked = queryTerms("What is the total of quote 4711?");
    expect(asked.find((t) => t.term === "#4711")).toMatchObject({ kind: "identifier" });
    expect(asked.find((t) => t.term === "4711")).toMatchObject({ kind: "identifier", numbered: "#4711" });
  });

  it("a question asking how much asks for a total", () => {
    expect(queryTerms("How much is invoice 7781?").map((t) => t.term)).toContain("total");
  });
});
