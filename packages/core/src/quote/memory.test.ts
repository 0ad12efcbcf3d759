import { describe, expect, it } from "vitest";
import { applyLesson, lessonFor } from "./memory";
import { readDoc } from "./rules/text";

const doc = (...lines: string[]) => readDoc([{ page: 1, text: lines.join("\n") }]);

describe("what a correction teaches", () => {
  it("an amount after its label in the same cell: the label is kept as printed and found again without case", () => {
    const taught = doc("Kessler GmbH", "Pos. 1 | 4.200,00", "Gesamtsumme brutto: 4.998,00 EUR");
    const lesson = lessonFor(taught, "total", 4998);
    expect(lesson).toMatchObject({ how: "inline", label: "Gesamtsumme brutto" });
    const next = doc("Kessler GmbH", "Pos. 1 | 1.000,00", "GESAMTSUMME BRUTTO: 1.190,00 EUR");
    expect(applyLesson(next, "total", lesson!)?.value).toBe(1190);
  });

  it("a value in the next cell or under its label is read from there on the next document", () => {
    const right = lessonFor(doc("Vorgangskennung | AB-118", "Datum | 03.04.2031"), "quoteNumber", "AB-118")!;
    expect(right).toMatchObject({ how: "right", label: "Vorgangskennung" });
    expect(applyLesson(doc("Vorgangskennung | AB-207"), "quoteNumber", right)?.value).toBe("AB-207");
    const below = lessonFor(doc("Kennung | Datum", "AB-118 | 03.04.2031"), "quoteNumber", "AB-118")!;
    expect(below).toMatchObject({ how: "below", label: "Kennung" });
    expect(applyLesson(doc("Kennung | Datum", "AB-311 | 01.06.2031"), "quoteNumber", below)?.value).toBe("AB-311");
  });

  it("a date teaches which way round the issuer writes it", () => {
    const lesson = lessonFor(doc("Issued: 03/04/2031"), "quoteDate", "2031-04-03")!;
    expect(lesson).toMatchObject({ how: "inline", label: "Issued", value: "dmy" });
    expect(applyLesson(doc("Issued: 05/06/2031"), "quoteDate", lesson)?.value).toBe("2031-06-05");
  });

  it("the issuer's name and currency are remembered as themselves; a value printed nowhere teaches no label", () => {
    expect(lessonFor(doc("ACME"), "vendorName", "Acme Industrial")).toEqual({ how: "value", value: "Acme Industrial" });
    expect(lessonFor(doc("Total | 10.00"), "total", 99)).toBeNull();
  });
});
