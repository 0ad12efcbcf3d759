import { encodeSingleByte } from "@quorum/testing/nasty-files";
import { describe, expect, it } from "vitest";
import { detectType } from "./detect";
import { Extract } from "./index";
import { repairDoubleEncoding } from "./text";

const read = (bytes: Buffer, fileName = "notes.txt") => Extract.fromBuffer(bytes, { fileName });

describe("text and CSV files with odd bytes", () => {
  it("drops control characters a person never sees, keeping tabs as columns and line breaks", async () => {
    const terms = "Prices are valid for thirty days from the date of this quotation. ".repeat(3);
    const bytes = Buffer.from(`Quote\u0001 17\r\nPump\tqty 2\t$20.00\u007f\n\u0007Total: $20.00\n${terms}\n`);
    const result = await read(bytes);
    expect(result.pages[0]!.text).toBe(`Quote 17\nPump | qty 2 | $20.00\nTotal: $20.00\n${terms.trim()}`);
  });

  it("repairs UTF-8 that was read as Windows-1252 and saved again, and says so", async () => {
    const mangled = Buffer.from("CafÃ© table â‚¬120, crÃ¨me, dÃ©jÃ\u00a0 vu, Ã¼ber, naÃ¯ve\n", "utf8");
    const result = await read(mangled);
    expect(result.pages[0]!.text).toBe("Café table €120, crème, déjà vu, über, naïve");
    expect(result.warnings).toContain("Some characters were stored twice encoded (UTF-8 read as Windows-1252); they were repaired.");
  });

  it("leaves text alone when only a sequence or two merely looks double-encoded", () => {
    expect(repairDoubleEncoding("Ã the start").text).toBe("Ã the start");
    expect(repairDoubleEncoding("São Paulo, Ærø, Ørsted").text).toBe("São Paulo, Ærø, Ørsted");
  });

  it("reads 8-bit Cyrillic (Windows-1251) as Cyrillic rather than as Latin mojibake", async () => {
    const bytes = encodeSingleByte("Счёт на оплату № 17\nИтого: 1 200,00 руб.\n", "windows-1251");
    const result = await read(bytes, "invoice.txt");
    expect(result.pages[0]!.text).toBe("Счёт на оплату № 17\nИтого: 1 200,00 руб.");
    expect(result.warnings).toContain("The text is not UTF-8; it was read as Windows-1251 (Cyrillic).");
  });

  it("reads UTF-16 text saved without a byte-order mark instead of calling it binary", async () => {
    const bytes = Buffer.from("Item,Price\r\nPump,20.00\r\n", "utf16le");
    expect(detectType(bytes, "export.csv")).toBe("csv");
    expect((await read(bytes, "export.csv")).pages[0]!.text).toBe("Item | Price\nPump | 20.00");
  });
});
