import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { copyFile, mkdir, symlink } from "node:fs/promises";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Worker } from "tesseract.js";
import { detectLanguage, TESSERACT_LANGUAGE, type Language } from "./language";
import { layoutWords, pageText } from "./layout";
import { toPgm, type GreyImage } from "./render";
import type { Line, Word } from "./types";

/**
 * Local OCR with tesseract.js, fully offline. The worker is created on first use (tesseract is
 * imported lazily, so nothing OCR-related loads on paths that never need it), reused for every
 * page after that (start-up costs ~0.5 s) and stopped by `terminateOcr`. Its WebAssembly core
 * is loaded from node_modules by tesseract.js itself; the language data comes from the
 * @tesseract.js-data/<language> packages on disk (without `langPath` tesseract fetches it from a
 * CDN, and without `cacheMethod: 'none'` it writes a copy into the working directory, which is
 * read-only in Lambda).
 */

/** Page segmentation mode 4, a single column of text of variable sizes: keeps table rows whole (mode 3 reorders blocks). */
const SINGLE_COLUMN = "4";
// tesseract's own diagnostics ("Detected 112 diacritics") would go to stdout
const PARAMETERS = { tessedit_pageseg_mode: SINGLE_COLUMN as never, debug_file: "/dev/null" };

/** Below this mean word confidence (0-100) a page is a picture or noise, not text: its words are not kept. */
export const OCR_MIN_CONFIDENCE = 45;
/** Below this a page is kept but flagged as read with low confidence. */
export const OCR_LOW_CONFIDENCE = 70;
/** Words tesseract is this unsure of are specks, lines and stains, not text. */
const MIN_WORD_CONFIDENCE = 10;

export class OcrTimeout extends Error {}

let worker: Promise<Worker> | undefined;
let loadedLanguages = "";
// one recognition at a time: the worker holds one language setting and one image
let queue: Promise<unknown> = Promise.resolve();

/**
 * tesseract.js takes one `langPath` for every language, and each language ships in a package of
 * its own: a folder of links to each package's data joins them. It sits in the temporary
 * directory, the only writable place in Lambda.
 */
let dataFolder: Promise<string> | undefined;
function languageData(): Promise<string> {
  dataFolder ??= (async () => {
    const require = createRequire(import.meta.url);
    const sources = Object.values(TESSERACT_LANGUAGE).map((name) => ({
      name,
      source: path.join(
        path.dirname(require.resolve(`@tesseract.js-data/${name}/package.json`)),
        "4.0.0_best_int",
        `${name}.traineddata.gz`,
      ),
    }));
    // one folder per installation, so links never point into a copy of the packages that is gone
    const where = createHash("sha256").update(sources[0]!.source).digest("hex").slice(0, 12);
    const folder = path.join(tmpdir(), `quorum-tessdata-${where}`);
    await mkdir(folder, { recursive: true });
    for (const { name, source } of sources) {
      const target = path.join(folder, `${name}.traineddata.gz`);
      if (existsSync(target)) continue;
      try {
        await symlink(source, target);
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        if (code === "EEXIST") continue;
        // a file system without symbolic links: a copy does the same
        await copyFile(source, target);
      }
    }
    return folder;
  })();
  dataFolder.catch(() => {
    dataFolder = undefined;
  });
  return dataFolder;
}

function getWorker(): Promise<Worker> {
  if (!worker) {
    loadedLanguages = "eng";
    worker = (async () => {
      const [{ createWorker, OEM }, langPath] = await Promise.all([import("tesseract.js"), languageData()]);
      const created = await createWorker("eng", OEM.LSTM_ONLY, {
        langPath,
        gzip: true,
        cacheMethod: "none",
        // without a handler a failed job also throws from the worker's message listener, killing the process;
        // the job's promise is rejected either way
        errorHandler: () => {},
      });
      await created.setParameters(PARAMETERS);
      return created;
    })();
    // a failed start must not poison every later call
    worker.catch(() => {
      worker = undefined;
    });
  }
  return worker;
}

/** A recognised word: its box in pixels of the image read, and tesseract's confidence (0-100). */
export interface OcrWord extends Word {
  confidence: number;
}

export interface OcrResult {
  words: OcrWord[];
  /** Tesseract's mean word confidence, 0-100. */
  confidence: number;
}

interface Box {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}
interface TesseractBlocks {
  paragraphs: { lines: { bbox: Box; words: { text: string; confidence: number; bbox: Box }[] }[] }[];
}

/**
 * Words of the image with their boxes. Each word takes its text line's vertical extent, so the
 * words tesseract put on one line stay on one row in layout even when the scan is slightly
 * skewed, and rows of two columns at the same height still meet.
 */
function wordsOf(blocks: TesseractBlocks[] | null): OcrWord[] {
  const words: OcrWord[] = [];
  for (const block of blocks ?? []) {
    for (const paragraph of block.paragraphs) {
      for (const line of paragraph.lines) {
        for (const word of line.words) {
          const text = word.text.trim();
          if (text === "" || word.confidence < MIN_WORD_CONFIDENCE) continue;
          words.push({
            text,
            x0: word.bbox.x0,
            x1: word.bbox.x1,
            y0: line.bbox.y0,
            y1: line.bbox.y1,
            size: line.bbox.y1 - line.bbox.y0,
            confidence: word.confidence,
          });
        }
      }
    }
  }
  return words;
}

async function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new OcrTimeout(`OCR took longer than ${Math.round(ms / 1000)} s`)), ms);
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Reads an image (a PGM from `toPgm`, or a PNG/JPEG file) with the given tesseract languages
 * ("fra+eng"). A page that takes longer than `timeoutMs` stops the worker (the only way to
 * interrupt tesseract) and throws OcrTimeout; the next call starts a fresh worker.
 */
export function recognize(image: Buffer, options: { languages: string; dpi: number; timeoutMs: number }): Promise<OcrResult> {
  const run = queue.then(async () => {
    const current = await getWorker();
    const work = (async () => {
      if (loadedLanguages !== options.languages) {
        await current.reinitialize(options.languages);
        await current.setParameters(PARAMETERS);
        loadedLanguages = options.languages;
      }
      await current.setParameters({ user_defined_dpi: String(Math.round(options.dpi)) });
      const { data } = await current.recognize(image, {}, { text: false, blocks: true });
      return { words: wordsOf(data.blocks as unknown as TesseractBlocks[] | null), confidence: data.confidence };
    })();
    // Once timed out, its worker is stopped: the work's next call to it fails, and nothing waits for that.
    work.catch(() => undefined);
    try {
      return await withTimeout(work, options.timeoutMs);
    } catch (error) {
      if (error instanceof OcrTimeout) await terminateOcr();
      throw error;
    }
  });
  queue = run.catch(() => undefined);
  return run;
}

/** A page read by OCR, in the page shape every reader shares (points, lines, " | " cells). */
export interface OcrPage {
  text: string;
  lines: Line[];
  confidence: number;
  /** The words were not kept: the image holds no text OCR can trust (a photo, noise). */
  rejected: boolean;
  /** Words OCR found, kept or not. */
  found: number;
}

/**
 * OCR for one document: the first page is read with English data, the language is told from
 * its words (or from text the document already gave, see `hint`), and when it is not English
 * the page is read again with that language's data; the choice holds for the document's other
 * pages.
 */
export class DocumentOcr {
  private language: Language | undefined;
  private hints = "";

  /** `timeoutMs` bounds one page; a page read by `read(image, deadline)` also ends by the deadline. */
  constructor(private readonly timeoutMs: number) {}

  /** Text of the document read some other way (its text layer): enough of it decides the language. */
  hint(text: string) {
    if (this.language || this.hints.length > 4000) return;
    this.hints += `\n${text}`;
    this.language = detectLanguage(this.hints, 40);
  }

  /**
   * One language's data alone: English words and digits read as well with it, while adding
   * English data ("fra+eng") was measured slower and worse (accents lost: "à" read as "a",
   * a thousands group dropped from "1 004,40").
   */
  private static languagesFor(language: Language) {
    return TESSERACT_LANGUAGE[language];
  }

  async read(image: GreyImage, deadline = Infinity): Promise<OcrPage> {
    const pageEnd = Math.min(deadline, performance.now() + this.timeoutMs);
    const options = {
      dpi: image.scale * 72,
      // each recognition gets what is left of the page's time
      get timeoutMs() {
        return Math.max(1, pageEnd - performance.now());
      },
    };
    let result: OcrResult;
    if (this.language) {
      result = await recognize(toPgm(image), { ...options, languages: DocumentOcr.languagesFor(this.language) });
    } else {
      // The language is told from the top of the page (title, addresses, labels), read in English;
      // an English page then only needs its rest read, another language a full read with its data.
      // (cropped images, not tesseract's `rectangle` option, which reads far worse)
      const cut = quietRow(image, 0.3, 0.5);
      const top = await recognize(toPgm(rows(image, 0, cut)), { ...options, languages: "eng" });
      const detected = top.confidence >= OCR_MIN_CONFIDENCE ? detectLanguage(top.words.map((w) => w.text).join(" ")) : undefined;
      this.language = detected;
      if (detected && detected !== "en") {
        result = await recognize(toPgm(image), { ...options, languages: DocumentOcr.languagesFor(detected) });
      } else {
        const rest = await recognize(toPgm(rows(image, cut, image.height)), { ...options, languages: "eng" });
        const count = top.words.length + rest.words.length;
        const confidence = count === 0 ? 0 : (top.confidence * top.words.length + rest.confidence * rest.words.length) / count;
        result = { words: [...top.words, ...rest.words.map((w) => ({ ...w, y0: w.y0 + cut, y1: w.y1 + cut }))], confidence };
      }
    }
    const rejected = result.confidence < OCR_MIN_CONFIDENCE;
    // pixels to points, the unit of every page
    const words = rejected
      ? []
      : result.words.map((w) => ({
          text: w.text,
          x0: w.x0 / image.scale,
          x1: w.x1 / image.scale,
          y0: w.y0 / image.scale,
          y1: w.y1 / image.scale,
          size: (w.size ?? w.y1 - w.y0) / image.scale,
        }));
    const lines = layoutWords(words);
    return { text: pageText(lines), lines, confidence: Math.round(result.confidence), rejected, found: result.words.length };
  }
}

/** Rows `from` to `to` (exclusive) of an image: a view, no copy. */
const rows = (image: GreyImage, from: number, to: number): GreyImage => ({
  ...image,
  height: to - from,
  data: image.data.subarray(from * image.width, to * image.width),
});

/**
 * The row between `from` and `to` (shares of the height) with the least ink: a gap between text
 * lines where the page can be cut in two without cutting a line.
 */
export function quietRow(image: GreyImage, from: number, to: number): number {
  let best = Math.floor(image.height * from);
  let least = Infinity;
  for (let y = best; y < Math.floor(image.height * to); y++) {
    let ink = 0;
    for (let x = y * image.width, end = x + image.width; x < end; x++) ink += 255 - image.data[x]!;
    if (ink < least) {
      least = ink;
      best = y;
    }
  }
  return Math.max(1, best);
}

/** Stops the OCR worker (tests, process shutdown, a page that took too long); the next OCR starts a fresh one. */
export async function terminateOcr(): Promise<void> {
  const current = worker;
  worker = undefined;
  loadedLanguages = "";
  if (current) await (await current.catch(() => undefined))?.terminate();
}

/** "1-3, 7" for [1, 2, 3, 7]. */
export function pageRanges(pages: number[]): string {
  const sorted = [...new Set(pages)].sort((a, b) => a - b);
  const parts: string[] = [];
  for (let i = 0; i < sorted.length;) {
    let j = i;
    while (j + 1 < sorted.length && sorted[j + 1] === sorted[j]! + 1) j++;
    parts.push(j > i ? `${sorted[i]}-${sorted[j]}` : `${sorted[i]}`);
    i = j + 1;
  }
  return parts.join(", ");
}

const pagesPhrase = (pages: number[]) => `${pages.length === 1 ? "Page" : "Pages"} ${pageRanges(pages)}`;
const was = (pages: number[]) => (pages.length === 1 ? "was" : "were");

/** What happened to the pages of one document that needed OCR, as notes a person can act on. */
export class OcrReport {
  /** Not read: local OCR is off (Textract reads them in the cloud); split by whether the page had no text at all. */
  readonly off: number[] = [];
  readonly offUnreadable: number[] = [];
  /** Not read: the per-document page cap or time budget was reached. */
  readonly cap: number[] = [];
  readonly time: number[] = [];
  /** Not read: the page could not be rendered or decoded. */
  readonly failed: number[] = [];
  readonly noText: [number, number][] = [];
  readonly lowConfidence: [number, number][] = [];

  constructor(
    private readonly maxPages: number,
    private readonly capReason?: string,
  ) {}

  /** Records a page's OCR result; false when its words must not be kept. */
  judge(page: number, result: OcrPage): boolean {
    if (result.rejected) {
      // a page where OCR found no word at all is simply blank (or only graphics): nothing to say
      if (result.found > 0) this.noText.push([page, result.confidence]);
      return false;
    }
    if (result.confidence < OCR_LOW_CONFIDENCE) this.lowConfidence.push([page, result.confidence]);
    return true;
  }

  warnings(): string[] {
    const notes: string[] = [];
    if (this.off.length > 0) {
      const one = this.off.length === 1;
      notes.push(`${pagesPhrase(this.off)} ${one ? "is a scan" : "are scans"} with no text layer and ${was(this.off)} not read by OCR.`);
    }
    if (this.offUnreadable.length > 0) {
      const one = this.offUnreadable.length === 1;
      notes.push(
        `${pagesPhrase(this.offUnreadable)} ${one ? "has" : "have"} no readable text layer and ${was(this.offUnreadable)} not read by OCR.`,
      );
    }
    if (this.cap.length > 0) {
      notes.push(
        `${pagesPhrase(this.cap)} ${was(this.cap)} not read: ${this.capReason ?? `OCR reads at most ${this.maxPages} ${this.maxPages === 1 ? "page" : "pages"} of a document.`}`,
      );
    }
    if (this.time.length > 0) notes.push(`${pagesPhrase(this.time)} ${was(this.time)} not read: OCR of this document took too long.`);
    if (this.failed.length > 0) notes.push(`${pagesPhrase(this.failed)} could not be read by OCR: the page could not be rendered.`);
    for (const [page, confidence] of this.noText) {
      notes.push(`Page ${page} looks like a picture without readable text (OCR confidence ${confidence}%); no text was kept from it.`);
    }
    for (const [page, confidence] of this.lowConfidence) notes.push(`Page ${page} was read by OCR with low confidence (${confidence}%).`);
    return notes;
  }
}
