import { beforeAll, describe, expect, it } from "vitest";
import { loadAllTexts } from "../i18n";
import { formatBytes, formatCalendarDate, formatCount, formatDate, formatMoney, formatPercent, formatTimeOfDay, NO_VALUE } from "./format";

// The catalogs load on demand, as in the browser.
beforeAll(() => loadAllTexts());

describe("formatting", () => {
  it("shows instants as dates, short or long, and a dash for nothing", () => {
    expect(formatDate("2026-11-25T15:00:00.000Z")).toBe("Nov 25, 2026");
    expect(formatDate(Date.UTC(2026, 10, 25, 15), "long")).toBe("November 25, 2026");
    expect(formatDate(undefined)).toBe(NO_VALUE);
    expect(formatDate("not a date")).toBe(NO_VALUE);
  });

  it("shows a document's calendar date as printed, whatever the time zone", () => {
    expect(formatCalendarDate("2024-03-14")).toBe("Mar 14, 2024");
    expect(formatCalendarDate(null)).toBe(NO_VALUE);
  });

  it("shows amounts with their currency, and no symbol when none was read", () => {
    expect(formatMoney(1250, "usd")).toBe("$1,250.00");
    expect(formatMoney(99.5, "EUR")).toBe("€99.50");
    expect(formatMoney(1250, null)).toBe("1,250.00");
    expect(formatMoney(5, "XYZQ")).toBe("5.00 XYZQ");
    expect(formatMoney(null, "USD")).toBe(NO_VALUE);
  });

  it("shows file sizes with one decimal under ten units, and nothing for an unknown size", () => {
    expect(formatBytes(512)).toBe("512 B");
    expect(formatBytes(1536)).toBe("1.5 KB");
    expect(formatBytes(20 * 1024 * 1024)).toBe("20 MB");
    expect(formatBytes(undefined)).toBe("");
  });

  it("groups counts, rounds shares to the digits asked, and shows a time of day only for a real time", () => {
    expect(formatCount(12345)).toBe("12,345");
    expect(formatPercent(0.923)).toBe("92%");
    expect(formatPercent(0.1234, 1)).toBe("12.3%");
    expect(formatTimeOfDay(new Date(2026, 10, 25, 9, 5).toISOString())).toBe("9:05 AM");
    expect(formatTimeOfDay(null)).toBe("");
    expect(formatTimeOfDay(new Date(0).toISOString())).toBe("");
    expect(formatTimeOfDay("not a time")).toBe("");
  });
});
