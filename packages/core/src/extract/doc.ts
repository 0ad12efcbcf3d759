import WordExtractor from "word-extractor";
import { readCompoundFile } from "./cfb";
import { linesToPages } from "./lines";
import type { ParseContext } from "./limits";
import { keepPages, tidy } from "./text";
import type { Extraction } from "./types";

/**
 * In a legacy Word body, table cells end in a cell mark that word-extractor turns into a tab,
 * and quotes often align columns with tab stops; either way a run of tabs separates columns.
 */
const tabsToColumns = (text: string) =>
  text
    .split("\n")
    .map((line) => line.replace(/\t+$/, "").replace(/\s*\t+\s*/g, " | "))
    .join("\n");

export async function extractDoc(buffer: Buffer, context: ParseContext): Promise<Extraction> {
  // our reader bounds every sector chain; word-extractor's would loop forever on a crafted file
  readCompoundFile(buffer);
  const document = await new WordExtractor().extract(buffer);
  const parts = [
    document.getHeaders({ includeFooters: false }),
    document.getBody(),
    document.getTextboxes({ includeHeadersAndFooters: false, includeBody: true }),
    document.getFootnotes(),
    document.getEndnotes(),
    document.getFooters(),
  ].map((part) => tidy(tabsToColumns(part ?? "")));
  const text = parts.filter((p) => p !== "").join("\n\n");
  const pages = keepPages(linesToPages(text.split("\n")), context);
  return { kind: "doc", pages, warnings: context.warnings };
}
