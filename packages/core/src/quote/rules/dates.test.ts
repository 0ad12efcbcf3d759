import { describe, expect, it } from "vitest";
import { dateOrder, findDates, parseDate } from "./dates";

describe("dates as documents write them", () => {
  it.each([
    ["2024-10-23", "2024-10-23"],
    ["2024/07/05", "2024-07-05"],
    ["March 19, 2017", "2017-03-19"],
    ["Sep 30,2019", "2019-09-30"],
    ["August 3 , 2014", "2014-08-03"],
    ["24. November 2010", "2010-11-24"],
    ["2 mars 2022", "2022-03-02"],
    ["1er janvier 2024", "2024-01-01"],
    ["02 Juillet 2015", "2015-07-02"],
    ["20. März 2026", "2026-03-20"],
    ["7. Mai 2014", "2014-05-07"],
    ["2 de marzo de 2022", "2022-03-02"],
    ["15 de setembro de 2023", "2023-09-15"],
    ["19 april 2014", "2014-04-19"],
    ["3 mrt. 2024", "2024-03-03"],
    ["12 dicembre 2023", "2023-12-12"],
    ["17 Agustus 2024", "2024-08-17"],
    ["15-Oct-2015", "2015-10-15"],
    ["14.03.2024", "2024-03-14"],
    ["15.01.25", "2025-01-15"],
    ["31/12/79", "1979-12-31"],
  ])("%s is %s", (text, iso) => expect(parseDate(text)).toBe(iso));

  it("numeric dates follow the document's order unless a value is impossible", () => {
    expect(parseDate("04/06/2021", "dmy")).toBe("2021-06-04");
    expect(parseDate("04/06/2021", "mdy")).toBe("2021-04-06");
    expect(parseDate("13/06/2021", "mdy")).toBe("2021-06-13");
    expect(parseDate("06/13/2021", "dmy")).toBe("2021-06-13");
    expect(parseDate("02/30/2024")).toBeNull();
  });

  it("a document's other dates decide between day-first and month-first", () => {
    expect(dateOrder("Invoice date 03/04/2023 · Due 03/20/2023", "dmy")).toBe("mdy");
    expect(dateOrder("Date 03/04/2023 · Échéance 28/04/2023", "mdy")).toBe("dmy");
    expect(dateOrder("Date 03/04/2023", "dmy")).toBe("dmy");
  });

  it("finds every date of a line, a month name not taken from a word", () => {
    expect(findDates("Période du 01/01/2026 au 31/01/2026", "dmy").map((d) => d.iso)).toEqual(["2026-01-01", "2026-01-31"]);
    expect(findDates("Mars Bar 12 pieces · marché 2024")).toEqual([]);
  });
});
