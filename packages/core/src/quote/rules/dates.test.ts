import { describe, expect, it } from "vitest";
import { dateOrder, findDates, parseDate } from "./dates";

describe("dates as documents write them", () => {
  it.each([
    ["2031-05-12", "2031-05-12"],
    ["2031/06/04", "2031-06-04"],
    ["July 21, 2032", "2032-07-21"],
    ["Oct 14,2031", "2031-10-14"],
    ["June 5 , 2030", "2030-06-05"],
    ["12. November 2031", "2031-11-12"],
    ["4 juin 2030", "2030-06-04"],
    ["23/Feb/27", "2027-02-23"],
    ["15/jan/2031", "2031-01-15"],
    ["1er janvier 2032", "2032-01-01"],
    ["09 Février 2031", "2031-02-09"],
    ["11. März 2031", "2031-03-11"],
    ["6. Mai 2031", "2031-05-06"],
    ["9 de abril de 2031", "2031-04-09"],
    ["15 de setembro de 2031", "2031-09-15"],
    ["23 april 2031", "2031-04-23"],
    ["3 mrt. 2031", "2031-03-03"],
    ["12 dicembre 2031", "2031-12-12"],
    ["17 Agustus 2031", "2031-08-17"],
    ["28-Feb-2031", "2031-02-28"],
    ["14.03.2031", "2031-03-14"],
    ["06.05.31", "2031-05-06"],
    ["30/11/78", "1978-11-30"],
  ])("%s is %s", (text, iso) => expect(parseDate(text)).toBe(iso));

  it("numeric dates follow the document's order unless a value is impossible", () => {
    expect(parseDate("04/06/2031", "dmy")).toBe("2031-06-04");
    expect(parseDate("04/06/2031", "mdy")).toBe("2031-04-06");
    expect(parseDate("13/06/2031", "mdy")).toBe("2031-06-13");
    expect(parseDate("06/13/2031", "dmy")).toBe("2031-06-13");
    expect(parseDate("02/30/2031")).toBeNull();
  });

  it("a document's other dates decide between day-first and month-first", () => {
    expect(dateOrder("Invoice date 03/04/2031 · Due 03/20/2031", "dmy")).toBe("mdy");
    expect(dateOrder("Date 03/04/2031 · Échéance 28/04/2031", "mdy")).toBe("dmy");
    expect(dateOrder("Date 03/04/2031", "dmy")).toBe("dmy");
  });

  it("finds every date of a line, a month name not taken from a word", () => {
    expect(findDates("Période du 01/03/2031 au 31/03/2031", "dmy").map((d) => d.iso)).toEqual(["2031-03-01", "2031-03-31"]);
    expect(findDates("Mars Bar 12 pieces · marché 2031")).toEqual([]);
  });
});
