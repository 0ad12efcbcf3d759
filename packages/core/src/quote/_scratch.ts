import { Extract } from "@quorum/core/extract/index";
import { quoteFiles, VENDOR_QUOTE } from "@quorum/core/extract/fixtures";
import { analyzeByRules } from "@quorum/core/quote/rules";
import { crossCheck } from "@quorum/core/quote/check";
console.log(VENDOR_QUOTE.subtotal, VENDOR_QUOTE.tax, VENDOR_QUOTE.total);
for (const f of quoteFiles()) {
  if (f.ocr !== (process.argv[2] === "ocr")) continue;
  const t0 = Date.now();
  const ex = await Extract.fromBuffer(await f.build(), { fileName: f.fileName, contentType: f.contentType }).catch((e) => { console.log(f.fileName, "FAILED", e.message); return null; }); if (!ex) continue;
  const a = analyzeByRules({ pages: ex.pages, category: "vendor-quotes" });
  const q = a.quote;
  console.log(f.fileName, Date.now() - t0, "ms", q && [q.vendorName, q.customerName, q.quoteNumber, q.quoteDate, q.validUntil, q.currency, q.lineItems.length, q.subtotal, q.tax, q.shipping, q.total, q.paymentTerms, q.confidence].join(" ; "), q && crossCheck(q).map(f => f.code));
  if (process.argv[3]) console.log(ex.pages[0]?.text);
}
await Extract.terminateOcr();
