/**
 * `npm run bench:extraction`: local extraction + the offline rules over every labelled real
 * document in ../shared/external (dev/labels.json and invoice2data's *.json), as the pipeline
 * runs them (Extract.fromBuffer with page OCR, then the rules' analysis). Prints per-field
 * accuracy, an overall field score per set, text pages per second, seconds per OCR page and
 * peak RSS. Its last line reads `extraction fieldScore dev=X.XX invoice2data=Y.YY`.
 *
 *   --dir <path>   the external folder (default: QUORUM_EXTERNAL_DIR, else ../shared/external beside the repository)
 *   --only <text>  documents whose file name contains this text
 *   --verbose      every document's fields that disagree with the label, for the dev set's study
 *                  half and invoice2data only (`--half check` or `--half all` to see the others)
 *
 * The dev set is reported whole and in its two halves (odd-numbered files: the study half a rule
 * may be written against; even-numbered: the check half it is judged on), per field and per
 * language. A third set, `rendered`, is invented documents in the layouts of common invoicing
 * tools (bench/rendered, eight languages) printed to PDF by Chromium for each run; it is skipped
 * when no Chromium is installed.
 *
 *   --no-rendered  leave the rendered set out
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { CHROMIUM } from "../packages/local/src/testing/browser";
import { externalDir } from "@quorum/testing/external";
import {
  FIELDS,
  fromLabels,
  fromInvoice2Data,
  halfOf,
  matches,
  typeClass,
  type Field,
  type Labelled,
  type Record_,
} from "./extraction-score";

const RENDERED = join(dirname(fileURLToPath(import.meta.url)), "rendered");

const { values: args } = parseArgs({
  options: {
    dir: { type: "string", default: externalDir() },
    only: { type: "string" },
    verbose: { type: "boolean", default: false },
    half: { type: "string", default: "study" },
    "no-rendered": { type: "boolean", default: false },
  },
});

/** The rendered set, printed to PDF in a child process (so its browser is not in this process's figures). */
function rendered(): Labelled[] {
  if (args["no-rendered"] || !existsSync(CHROMIUM.executablePath)) {
    if (!args["no-rendered"]) console.log(`rendered set skipped: no Chromium at ${CHROMIUM.executablePath}`);
    return [];
  }
  const out = mkdtempSync(join(tmpdir(), "quorum-rendered-"));
  execFileSync(process.execPath, ["--import", "tsx", join(RENDERED, "render.ts"), out], { stdio: "inherit" });
  return fromLabels(JSON.parse(readFileSync(join(RENDERED, "labels.json"), "utf8")), "rendered")
    .filter((d) => !args.only || d.file.includes(args.only))
    .map((d) => ({ ...d, path: join(out, d.file) }));
}

function labelled(dir: string): Labelled[] {
  const dev = fromLabels(JSON.parse(readFileSync(join(dir, "dev/labels.json"), "utf8")));
  const invoices = readdirSync(join(dir, "invoice2data"))
    .filter((f) => f.endsWith(".json"))
    .map((f) => fromInvoice2Data(f.replace(/\.json$/, ".pdf"), JSON.parse(readFileSync(join(dir, "invoice2data", f), "utf8"))[0]));
  return [...dev, ...invoices].filter((d) => !args.only || d.file.includes(args.only));
}

interface Result {
  doc: Labelled;
  predicted: Record_;
  ok: Partial<Record<Field, boolean>>;
}

/** Right and scored field values of some documents, for one field or all. */
function score(rows: Result[], field?: Field) {
  let right = 0;
  let total = 0;
  for (const r of rows)
    for (const f of field ? [field] : FIELDS)
      if (r.ok[f] !== undefined) {
        total += 1;
        if (r.ok[f]) right += 1;
      }
  return { right, total, value: total === 0 ? 0 : right / total };
}

/** One column per group of documents: each field's accuracy, then the field score. */
function printTable(groups: [string, Result[]][]) {
  const cell = (s: { right: number; total: number }) =>
    (s.total === 0 ? "-" : `${((100 * s.right) / s.total).toFixed(0)}% ${s.right}/${s.total}`).padStart(13);
  console.log(`  ${"".padEnd(11)}${groups.map(([name, rows]) => `${name} (${rows.length})`.padStart(13)).join("")}`);
  for (const field of FIELDS) {
    if (groups.every(([, rows]) => score(rows, field).total === 0)) continue;
    console.log(`  ${field.padEnd(11)}${groups.map(([, rows]) => cell(score(rows, field))).join("")}`);
  }
  console.log(`  ${"field score".padEnd(11)}${groups.map(([, rows]) => score(rows).value.toFixed(2).padStart(13)).join("")}`);
}

async function main() {
  const dir = args.dir;
  if (!dir) throw new Error("No labelled documents: set QUORUM_EXTERNAL_DIR or pass --dir <path to shared/external>.");
  const { Extract } = await import("../packages/core/src/extract/index");
  const { analyzeByRules } = await import("../packages/core/src/quote/rules");
  const { Quote } = await import("../packages/core/src/quote/index");

  const documents = [...labelled(dir), ...rendered()];
  let textPages = 0;
  let textSeconds = 0;
  let ocrPages = 0;
  let ocrSeconds = 0;
  const results: Result[] = [];

  // pdf.js and its fonts load once per process: not a per-document cost
  await Extract.fromBuffer(readFileSync(join(dir, "invoice2data", "oyo.pdf")), { fileName: "warm-up.pdf", ocr: false });

  for (const doc of documents) {
    const buffer = readFileSync(doc.path ?? join(dir, doc.set, doc.file));
    const started = performance.now();
    let predicted: Record_ = { type: "other" };
    try {
      const extraction = await Extract.fromBuffer(buffer, { fileName: doc.file });
      const seconds = (performance.now() - started) / 1000;
      const ocr = extraction.ocrPages?.length ?? 0;
      if (ocr > 0) {
        ocrPages += ocr;
        ocrSeconds += seconds;
      } else {
        textPages += extraction.pages.length;
        textSeconds += seconds;
      }
      const analysis = analyzeByRules({ pages: extraction.pages, fileName: doc.file, category: "vendor-quotes" });
      const quote = analysis.quote ? Quote.normalize(analysis.quote) : null;
      predicted = {
        type: typeClass(analysis.documentType),
        vendor: quote?.vendorName ?? null,
        customer: quote?.customerName ?? null,
        number: quote?.quoteNumber ?? null,
        date: quote?.quoteDate ?? null,
        validUntil: quote?.validUntil ?? null,
        currency: quote?.currency ?? null,
        subtotal: quote?.subtotal ?? null,
        tax: quote?.tax ?? null,
        total: quote?.total ?? null,
        lineItems: quote ? quote.lineItems.filter((i) => i.amount !== null).length : null,
      };
    } catch (error) {
      console.log(`${doc.file}: ${(error as Error).message}`);
    }
    const ok: Partial<Record<Field, boolean>> = {};
    for (const field of FIELDS) {
      const expected = doc.label[field];
      if (expected !== undefined) ok[field] = matches(field, predicted[field], expected);
    }
    results.push({ doc, predicted, ok });
    const shown = doc.set !== "dev" || args.half === "all" || halfOf(doc.file) === args.half;
    if (args.verbose && shown) {
      const wrong = FIELDS.filter((f) => ok[f] === false).map(
        (f) => `${f}: got ${JSON.stringify(predicted[f] ?? null)}, want ${JSON.stringify(doc.label[f])}`,
      );
      const right = FIELDS.filter((f) => ok[f]).length;
      console.log(`${doc.file} ${right}/${right + wrong.length}${wrong.length ? `\n    ${wrong.join("\n    ")}` : ""}`);
    }
  }

  const scores: Record<string, number> = {};
  for (const set of ["dev", "invoice2data", "rendered"] as const) {
    const rows = results.filter((r) => r.doc.set === set);
    if (rows.length === 0) continue;
    const groups: [string, Result[]][] =
      set === "dev"
        ? [
            ["all", rows],
            ["study", rows.filter((r) => halfOf(r.doc.file) === "study")],
            ["check", rows.filter((r) => halfOf(r.doc.file) === "check")],
          ]
        : [["all", rows]];
    console.log(`\n${set}: ${rows.length} documents`);
    printTable(groups);
    scores[set] = score(rows).value;
    if (set !== "invoice2data") {
      const languages = [...new Set(rows.map((r) => r.doc.language ?? "?"))].sort();
      console.log(`\n${set} by language`);
      printTable(languages.map((l) => [l, rows.filter((r) => (r.doc.language ?? "?") === l)]));
    }
  }

  const quotes = results.filter((r) => r.doc.label.type === "quote");
  console.log(`\nquote-type documents recognised: ${quotes.filter((r) => r.ok.type).length} of ${quotes.length}`);
  console.log(`text pages: ${textPages} in ${textSeconds.toFixed(2)} s = ${(textPages / Math.max(textSeconds, 1e-9)).toFixed(1)} pages/s`);
  console.log(`OCR pages: ${ocrPages} in ${ocrSeconds.toFixed(2)} s = ${ocrPages ? (ocrSeconds / ocrPages).toFixed(2) : "-"} s/page`);
  console.log(`peak RSS: ${((process.resourceUsage().maxRSS * 1024) / 1024 / 1024).toFixed(0)} MB`);
  await Extract.terminateOcr();
  console.log(`extraction fieldScore dev=${(scores.dev ?? 0).toFixed(2)} invoice2data=${(scores.invoice2data ?? 0).toFixed(2)}`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
