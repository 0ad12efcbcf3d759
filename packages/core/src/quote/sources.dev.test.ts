import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { externalDir } from "@quorum/testing/external";
import { Extract } from "../extract/index";
import { moneyTokens, numberStyle } from "./numbers";
import { findDates } from "./rules/dates";
import { fold } from "./rules/fold";
import { analyzeByRules } from "./rules/index";
import { QUOTE_FIELDS, type Box, type QuoteField } from "./schema";

/**
 * The boxes the extraction gives its values, checked against an independent reader: on every
 * text-layer PDF of the labelled dev set, poppler's word boxes (`pdftotext -bbox`) inside a
 * value's box must spell that value.
 */

const dir = externalDir();
const poppler = (() => {
  try {
    execFileSync("pdftotext", ["-v"], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
})();

interface PopplerWord {
  text: string;
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** Poppler's words per page, in points from the top-left corner, with each page's size. */
function popplerPages(file: string): { width: number; height: number; words: PopplerWord[] }[] {
  const html = execFileSync("pdftotext", ["-bbox", file, "-"], { encoding: "utf8", maxBuffer: 64 << 20 });
  const unescape = (s: string) =>
    s
      .replace(/&lt;/g, "<")
      .replace(/&gt;/g, ">")
      .replace(/&quot;/g, '"')
      .replace(/&#39;/g, "'")
      .replace(/&amp;/g, "&");
  return html
    .split("<page ")
    .slice(1)
    .map((chunk) => {
      const size = /width="([\d.]+)" height="([\d.]+)"/.exec(chunk)!;
      const words = [...chunk.matchAll(/<word xMin="([\d.-]+)" yMin="([\d.-]+)" xMax="([\d.-]+)" yMax="([\d.-]+)">([^<]*)<\/word>/g)].map(
        (m) => ({ x0: +m[1]!, y0: +m[2]!, x1: +m[3]!, y1: +m[4]!, text: unescape(m[5]!) }),
      );
      return { width: +size[1]!, height: +size[2]!, words };
    });
}

/** The words whose box lies inside `box` (a little slack for the two readers' different font metrics). */
function wordsIn(page: { width: number; height: number; words: PopplerWord[] }, box: Box): string {
  const [x0, y0, x1, y1] = [box[0] * page.width, box[1] * page.height, box[2] * page.width, box[3] * page.height];
  return page.words
    .filter((w) => {
      const slack = 0.4 * (w.y1 - w.y0);
      return w.x0 >= x0 - 2 && w.x1 <= x1 + 2 && w.y0 >= y0 - slack && w.y1 <= y1 + slack;
    })
    .map((w) => w.text)
    .join(" ");
}

const squeeze = (s: string) => fold(s).replace(/[^\p{L}\p{N}]+/gu, "");

/** Whether poppler's words inside the box spell the value. */
function spells(inside: string, field: QuoteField | "item", value: string | number): boolean {
  if (typeof value === "number") {
    const style = numberStyle(inside);
    return [style, { ...style, spaced: true }].some((s) =>
      moneyTokens(inside, s).some((t) => Math.abs(Math.abs(t.value) - Math.abs(value)) < 0.005),
    );
  }
  if (field === "quoteDate" || field === "validUntil")
    return [...findDates(inside, "dmy"), ...findDates(inside, "mdy")].some((d) => d.iso === value);
  if (field === "currency") return inside.length > 0;
  return squeeze(inside).includes(squeeze(value));
}

interface Label {
  file: string;
  textLayer: boolean;
}

describe.skipIf(!dir || !poppler)("where extracted values are printed (dev set, text-layer PDFs, against poppler)", () => {
  it("at least 90 % of the extracted values have a box that encloses the printed value", async () => {
    const labels = (JSON.parse(readFileSync(join(dir!, "dev/labels.json"), "utf8")) as Label[]).filter(
      (l) => l.textLayer && l.file.endsWith(".pdf"),
    );
    let values = 0;
    let enclosed = 0;
    const misses: string[] = [];
    for (const label of labels) {
      const path = join(dir!, "dev", label.file);
      const extraction = await Extract.fromBuffer(readFileSync(path), { fileName: label.file, ocr: false });
      if (extraction.ocrPages?.length || extraction.scannedPages?.length) continue;
      const quote = analyzeByRules({ pages: extraction.pages, fileName: label.file }).quote;
      if (!quote) continue;
      const reference = popplerPages(path);
      // a font without a usable character map reads as blanks in poppler: it cannot judge that file
      const ours = squeeze(extraction.pages.map((p) => p.text).join(" ")).length;
      if (squeeze(reference.flatMap((p) => p.words.map((w) => w.text)).join(" ")).length < 0.3 * ours) continue;
      const check = (field: QuoteField | "item", value: string | number, page: number | null | undefined, box: Box | undefined) => {
        values += 1;
        const inside = box && page ? wordsIn(reference[page - 1]!, box) : "";
        // a box is a place on the page, a line or two high, not a region the value is somewhere in
        const tight = box !== undefined && box[3] - box[1] < 0.08 && box[2] > box[0];
        if (tight && spells(inside, field, value)) enclosed += 1;
        else misses.push(`${label.file} ${field}=${value}: ${box ? `box holds "${inside.slice(0, 60)}"` : "no box"}`);
      };
      for (const field of QUOTE_FIELDS) {
        const value = quote[field];
        if (value === null || field === "paymentTerms") continue;
        check(field, value, quote.sources[field]?.page, quote.sources[field]?.box);
      }
      for (const item of quote.lineItems) if (item.amount !== null) check("item", item.amount, item.source?.page, item.source?.box);
    }
    const share = enclosed / values;
    console.log(`sources: ${enclosed} of ${values} values (${(100 * share).toFixed(1)} %) boxed where poppler prints them`);
    expect(values).toBeGreaterThan(200);
    expect(share, misses.slice(0, 40).join("\n")).toBeGreaterThanOrEqual(0.9);
  }, 120_000);
});
