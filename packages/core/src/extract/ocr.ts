import { createRequire } from "node:module";
import path from "node:path";
import type { Worker } from "tesseract.js";
import { tidy } from "./text";

/**
 * Local OCR with tesseract.js. The worker is created on first use (tesseract is imported lazily,
 * so nothing OCR-related loads on the paths that never need it), reused for every image after
 * that (start-up costs ~0.5 s), and stopped by `terminateOcr`. The English model comes from
 * @tesseract.js-data/eng on disk: without `langPath` tesseract fetches it from a CDN, and
 * without `cacheMethod: 'none'` it writes a copy into the working directory.
 */

let worker: Promise<Worker> | undefined;

function langPath() {
  const require = createRequire(import.meta.url);
  return path.join(path.dirname(require.resolve("@tesseract.js-data/eng/package.json")), "4.0.0_best_int");
}

function getWorker(): Promise<Worker> {
  if (!worker) {
    worker = import("tesseract.js").then(({ createWorker, OEM }) =>
      createWorker("eng", OEM.LSTM_ONLY, { langPath: langPath(), gzip: true, cacheMethod: "none" }),
    );
    // a failed start must not poison every later call
    worker.catch(() => {
      worker = undefined;
    });
  }
  return worker;
}

export interface OcrResult {
  text: string;
  /** Tesseract's mean word confidence, 0-100. */
  confidence: number;
}

/** Reads the text of one image file (PNG, JPEG, TIFF, BMP). */
export async function ocrImage(image: Buffer): Promise<OcrResult> {
  const w = await getWorker();
  const { data } = await w.recognize(image);
  return { text: tidy(data.text), confidence: data.confidence };
}

/** Stops the OCR worker (tests, process shutdown); the next OCR starts a fresh one. */
export async function terminateOcr(): Promise<void> {
  const current = worker;
  worker = undefined;
  if (current) await (await current).terminate();
}
