import { existsSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { routes, type RouteEntry } from "../packages/functions/src/routes";
import { STEPS } from "../packages/functions/src/pipeline/steps";
import { documentReader, lockedVersion, packagingFor, readsDocumentsRoute, readsDocumentsStep } from "./packaging";

const lock = JSON.parse(readFileSync("package-lock.json", "utf8")) as { packages: Record<string, { version?: string }> };

describe("what each Lambda package ships", () => {
  it("every function is minified (SST 4.17 minifies only when asked) and split where it imports lazily", () => {
    for (const readsDocuments of [false, true]) {
      expect(packagingFor(readsDocuments).nodejs.minify).toBe(true);
      expect(packagingFor(readsDocuments).nodejs.splitting).toBe(true);
    }
  });

  it("every runtime-installed package is pinned to the version the lockfile resolved", () => {
    const { install } = documentReader();
    expect(Object.keys(install)).toEqual(["tesseract.js"]);
    for (const [name, version] of Object.entries(install)) {
      expect(version).toMatch(/^\d+\.\d+\.\d+$/);
      expect(
        Object.entries(lock.packages)
          .filter(([key]) => key.endsWith(`node_modules/${name}`))
          .map(([, p]) => p.version),
      ).toContain(version);
    }
    expect(lockedVersion("pdfjs-dist")).toMatch(/^5\./);
  });

  it("the reader's data files exist and land where the code resolves them (pdf.js maps and fonts, PDFium, OCR languages)", () => {
    const { copyFiles } = documentReader();
    for (const { from } of copyFiles) expect(existsSync(from), from).toBe(true);
    const targets = copyFiles.map((c) => c.to);
    expect(targets).toEqual(
      expect.arrayContaining([
        "node_modules/pdfjs-dist/package.json",
        "node_modules/pdfjs-dist/cmaps",
        "node_modules/pdfjs-dist/standard_fonts",
        "node_modules/@embedpdf/pdfium/dist/pdfium.wasm",
        "node_modules/@tesseract.js-data/eng/4.0.0_best_int",
      ]),
    );
    // only the models the reader loads, not the larger set beside them
    expect(targets.some((t) => /\/4\.0\.0$/.test(t))).toBe(false);
  });

  it("the chat's attachment reader and the extract step ship the reader; nothing else does", () => {
    const readingRoutes = (Object.entries(routes) as [string, RouteEntry][]).filter(([, e]) => readsDocumentsRoute(e)).map(([k]) => k);
    expect(readingRoutes).toEqual(["POST /api/chat"]);
    expect(Object.keys(STEPS).filter(readsDocumentsStep)).toEqual(["Extract"]);
    expect(packagingFor(true).copyFiles?.length).toBeGreaterThan(0);
    expect(packagingFor(false).copyFiles).toBeUndefined();
    expect(packagingFor(false).nodejs.install).toBeUndefined();
  });
});
