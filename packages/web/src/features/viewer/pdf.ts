import { getDocument, GlobalWorkerOptions, TextLayer, Util, type RenderTask } from "pdfjs-dist";
import type { Box } from "./search";
import workerUrl from "pdfjs-dist/build/pdf.worker.min.mjs?url";
import "./text-layer.css";

// The worker is a file of this site (the CSP allows workers from 'self' only).
GlobalWorkerOptions.workerSrc = workerUrl;

export interface PdfFile {
  pages: number;
  /**
   * Draws page `number` into the canvas, `width` CSS pixels wide, sharp on high-density screens;
   * with `text`, lays the page's words over it there, invisible but selectable and copyable.
   */
  draw(number: number, canvas: HTMLCanvasElement, width: number, text?: HTMLElement): { cancel(): void };
  /** Where `query` is printed (case and accents ignored): each text run holding it, as a page and a box. */
  find(query: string): Promise<{ page: number; box: Box }[]>;
  close(): Promise<void>;
}

/** A search stops after this many matches: more would not be paged through one by one. */
export const MAX_MATCHES = 500;

const folded = (text: string) =>
  text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase();

/** Opens a PDF for drawing; no script in the file runs (pdf.js never evaluates a document's JavaScript here). */
export async function loadPdf(url: string): Promise<PdfFile> {
  const document = await getDocument({ url, isEvalSupported: false, enableXfa: false }).promise;
  return {
    pages: document.numPages,
    draw(number, canvas, width, text) {
      let task: RenderTask | undefined;
      let words: TextLayer | undefined;
      let cancelled = false;
      // A document closed meanwhile (the viewer left) rejects with "Transport destroyed": nothing is drawn then.
      void document.getPage(number).then(
        (page) => {
          if (cancelled) return;
          const base = page.getViewport({ scale: 1 });
          const ratio = window.devicePixelRatio || 1;
          const viewport = page.getViewport({ scale: (width / base.width) * ratio });
          canvas.width = Math.floor(viewport.width);
          canvas.height = Math.floor(viewport.height);
          task = page.render({ canvas, viewport });
          task.promise.catch(() => undefined);
          if (!text) return;
          // pdf.js sizes the words from this factor: CSS pixels per point of the page
          const shown = page.getViewport({ scale: width / base.width });
          text.replaceChildren();
          text.style.setProperty("--total-scale-factor", String(shown.scale));
          words = new TextLayer({ textContentSource: page.streamTextContent(), container: text, viewport: shown });
          words.render().catch(() => undefined);
        },
        () => undefined,
      );
      return {
        cancel() {
          cancelled = true;
          task?.cancel();
          words?.cancel();
        },
      };
    },
    async find(query) {
      const wanted = folded(query.trim());
      const matches: { page: number; box: Box }[] = [];
      if (!wanted) return matches;
      for (let number = 1; number <= document.numPages && matches.length < MAX_MATCHES; number++) {
        const page = await document.getPage(number);
        // item transforms are in unrotated page space: map them through the displayed page's
        const viewport = page.getViewport({ scale: 1 });
        const content = await page.getTextContent();
        for (const item of content.items) {
          if (!("str" in item) || !folded(item.str).includes(wanted)) continue;
          const [, , c, d, x, y] = Util.transform(viewport.transform, item.transform) as number[];
          const height = Math.hypot(c!, d!);
          const box: Box = [x! / viewport.width, (y! - height) / viewport.height, (x! + item.width) / viewport.width, y! / viewport.height];
          matches.push({ page: number, box: box.map((n) => Math.min(1, Math.max(0, n))) as Box });
          if (matches.length >= MAX_MATCHES) break;
        }
      }
      return matches;
    },
    close: () => document.destroy(),
  };
}
