import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { TESSERACT_LANGUAGE } from "../packages/core/src/extract/language";

/**
 * What goes into each Lambda package besides its bundle, and how the bundle is built. Pure data
 * (no SST globals), so that infra/*.ts deploys with it and `npm run check:lambda` builds, packs
 * and runs every function with exactly the same settings.
 */

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
// the readers' packages are core's dependencies: found as core finds them, wherever npm hoisted them
const CORE = path.join(ROOT, "packages/core");

/** The directory of an installed package as Node finds it from `from` (whatever its "exports" allow). */
export function installedDir(name: string, from: string): string {
  const search = createRequire(path.join(from, "package.json")).resolve.paths(name) ?? [];
  const found = search.map((dir) => path.join(dir, name)).find((dir) => existsSync(path.join(dir, "package.json")));
  if (!found) throw new Error(`${name} is not installed (looked from ${from})`);
  return found;
}

/** The directory of one of core's packages, relative to the repository root. */
export const packageDir = (name: string) => path.relative(ROOT, installedDir(name, CORE));

/**
 * The version package-lock.json resolved for a package. SST installs `nodejs.install` packages
 * with a fresh `npm install` beside the bundle, with no lockfile: an unversioned entry becomes
 * "*", i.e. whatever is newest on the deployer's machine (pdf.js 6 on Node 22, which the PDF
 * reader does not support). Pinning each one to the lockfile ships what the tests ran.
 */
export function lockedVersion(name: string): string {
  const lock = JSON.parse(readFileSync(path.join(ROOT, "package-lock.json"), "utf8")) as {
    packages: Record<string, { version?: string }>;
  };
  const version = lock.packages[path.join(packageDir(name), "").split(path.sep).join("/")]?.version;
  if (!version) throw new Error(`package-lock.json has no version for ${name}`);
  return version;
}

/**
 * SST 4.17 minifies only when asked; the plugins drop what no function uses (infra/esbuild-plugins.mjs).
 * Code splitting turns each dynamic `import()` into a file of its own that Node loads when that
 * line first runs, not at the cold start: the chat's document readers (pdf.js, OCR), the quote
 * rules and the AWS SDK's unused credential providers stay on disk until needed.
 * The rest of SST's esbuild options (ESM, node platform, keepNames, its banner) are its own and
 * the check reproduces them.
 */
export const NODEJS = { minify: true, splitting: true, plugins: "infra/esbuild-plugins.mjs" } as const;

/** The OCR languages' data: only the `4.0.0_best_int` models the reader loads, not the larger `4.0.0` set beside them. */
const LANGUAGE_DATA = Object.values(TESSERACT_LANGUAGE).map((code) => `@tesseract.js-data/${code}`);

export interface CopyFile {
  from: string;
  to: string;
}

/** Files copied to the same place under node_modules/ in the package, where `require.resolve` finds them. */
function shipped(name: string, files: string[]): CopyFile[] {
  const dir = packageDir(name);
  return files.map((file) => ({ from: path.posix.join(dir, file), to: path.posix.join("node_modules", name, file) }));
}

/**
 * What a function that reads documents (PDF text, OCR of scans and images) needs at run time
 * beside its bundle:
 * - tesseract.js starts its worker thread from a script on disk and loads its WebAssembly core
 *   (tesseract.js-core) from node_modules: installed, pinned, not bundled;
 * - the language data, PDFium's .wasm and pdf.js's character maps and standard fonts are read
 *   from disk: only those files are copied (pdfjs-dist itself is 41 MB, of which the reader reads
 *   2.5 MB; unpdf bundles its own pdf.js). Without the maps CJK PDFs read empty.
 */
export function documentReader(): { install: Record<string, string>; copyFiles: CopyFile[] } {
  return {
    install: { "tesseract.js": lockedVersion("tesseract.js") },
    copyFiles: [
      ...shipped("pdfjs-dist", ["package.json", "cmaps", "standard_fonts"]),
      ...shipped("@embedpdf/pdfium", ["package.json", "dist/pdfium.wasm"]),
      ...LANGUAGE_DATA.flatMap((name) => shipped(name, ["package.json", "4.0.0_best_int"])),
    ],
  };
}

/** The routes that read documents: the chat reads its attachments (PDF text, OCR of scans) as the pipeline does. */
export const readsDocumentsRoute = (entry: { access?: readonly string[] }) => entry.access?.includes("attachments:read") ?? false;
/** The pipeline step that reads documents (PollTextract only fetches Textract's result). */
export const readsDocumentsStep = (state: string) => state === "Extract";

export interface Packaging {
  nodejs: { minify: boolean; splitting: boolean; plugins: string; install?: Record<string, string> };
  copyFiles?: CopyFile[];
}

/** The `nodejs` and `copyFiles` arguments of a function: the document reader's files where it reads documents. */
export function packagingFor(readsDocuments: boolean): Packaging {
  if (!readsDocuments) return { nodejs: { ...NODEJS } };
  const reader = documentReader();
  return { nodejs: { ...NODEJS, install: reader.install }, copyFiles: reader.copyFiles };
}
