/**
 * Bounds on what one extraction may cost, so a hostile or merely enormous upload produces a
 * warning (or a clear refusal) instead of exhausting a Lambda's memory or time.
 */
export interface Limits {
  /** Largest input accepted at all (the upload limit is 100 MB). */
  maxInputBytes: number;
  /** Characters of text kept across all pages; the rest is dropped with a warning. */
  maxChars: number;
  /** Pages (PDF pages, sheets, text slices) kept; the rest are dropped with a warning. */
  maxPages: number;
  /** Total bytes a zip container (docx, xlsx) may inflate to. */
  maxUnzippedBytes: number;
  /** Entries a zip container may hold. */
  maxZipEntries: number;
  /** Pixels an image may have before OCR (a 100,000 x 100,000 PNG is a few KB). */
  maxImagePixels: number;
  /** Pages of one document read by local OCR (~1.5-3 s each on one core); the rest are named in a warning. */
  maxOcrPages: number;
  /** Why pages past `maxOcrPages` were not read, when it is not the per-document cap (a monthly OCR budget spent). */
  ocrCapReason?: string;
  /** Seconds local OCR may spend on one document; pages after that are named in a warning. */
  maxOcrSeconds: number;
  /** Rows read from one sheet or CSV file. */
  maxRows: number;
}

export const DEFAULT_LIMITS: Limits = {
  maxInputBytes: 100 * 1024 * 1024,
  maxChars: 5_000_000,
  maxPages: 2_000,
  maxUnzippedBytes: 256 * 1024 * 1024,
  maxZipEntries: 10_000,
  maxImagePixels: 60_000_000,
  maxOcrPages: 50,
  maxOcrSeconds: 300,
  maxRows: 200_000,
};

/**
 * The child process an extraction runs in (isolate.ts): a file that needs more time or heap than this
 * ends as a clear error for its document instead of stalling or killing the process. The time is
 * what reading may take besides local OCR, which has its own budget (`maxOcrSeconds`) and is
 * added to it; both are generous next to what the readers need, since this is the net under
 * them, not their budget.
 */
export const EXTRACTION_TIMEOUT_MS = 120_000;
export const EXTRACTION_HEAP_MB = 1024;
/**
 * The quote rules' deadline in the child: they read a megabyte of hostile text in about a second,
 * so this only stops what they do not foresee, well inside the Analyze step's own timeout.
 */
export const RULES_TIMEOUT_MS = 60_000;
/** Time the child may take to load the readers before extraction falls back to running in-process. */
export const EXTRACTION_START_MS = 30_000;
/** Extraction children at once per process: each may fill its heap cap. */
export const MAX_PARALLEL_EXTRACTIONS = 2;
/** Files one extraction child reads before it is replaced, so whatever it accumulates is let go. */
export const EXTRACTION_CHILD_FILES = 100;
/** An idle extraction child (and the memory of its warm OCR worker) is let go after this long. */
export const EXTRACTION_CHILD_IDLE_MS = 60_000;

/** Parts read to tell a Word file from an Excel one (relationships, content types) are small: this bounds a lying archive. */
export const DETECT_PART_BYTES = 4 * 1024 * 1024;
/** Syntax errors tolerated in one XML part (an odd entity, a truncated end) before it counts as damaged. */
export const MAX_XML_ERRORS = 100;
/**
 * Characters of a workbook's shared strings kept, as a multiple of `maxChars`: strings no cell
 * could show within the text budget are not worth their memory.
 */
export const SHARED_STRINGS_FACTOR = 2;

/**
 * Hands out the character budget page by page. Once it runs dry, `take` truncates and records
 * one warning; callers stop early when `exhausted` is true.
 */
export class TextBudget {
  private used = 0;
  private warned = false;

  constructor(
    private readonly limits: Limits,
    private readonly warnings: string[],
  ) {}

  get exhausted() {
    return this.used >= this.limits.maxChars;
  }

  /** Characters still to be handed out: readers stop building text past this. */
  get remaining() {
    return Math.max(0, this.limits.maxChars - this.used);
  }

  take(text: string): string {
    const room = this.limits.maxChars - this.used;
    if (text.length <= room) {
      this.used += text.length;
      return text;
    }
    this.used = this.limits.maxChars;
    this.warnOnce();
    return text.slice(0, Math.max(0, room));
  }

  /** A reader stopped early because the budget was used: says so once, as `take` does. */
  truncated() {
    this.warnOnce();
  }

  private warnOnce() {
    if (this.warned) return;
    this.warned = true;
    this.warnings.push(`Only the first ${this.limits.maxChars.toLocaleString("en-US")} characters of text were kept.`);
  }
}

/** Records that pages beyond the limit were skipped. */
export function pageLimitWarning(kept: number, total: number, unit = "pages") {
  return `Only the first ${kept.toLocaleString("en-US")} of ${total.toLocaleString("en-US")} ${unit} were read.`;
}

/** What every parser receives: the limits, the warnings to add to, and the shared text budget. */
export interface ParseContext {
  limits: Limits;
  warnings: string[];
  budget: TextBudget;
  /** Whether images and scanned pages are read with local OCR. */
  ocr: boolean;
}

export function parseContext(limits: Limits, ocr: boolean): ParseContext {
  const warnings: string[] = [];
  return { limits, warnings, budget: new TextBudget(limits, warnings), ocr };
}
