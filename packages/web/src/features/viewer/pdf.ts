import { getDocument, GlobalWorkerOptions, type RenderTask } from "pdfjs-dist";
import workerUrl from "pdfjs-dist/build/pdf.worker.min.mjs?url";

// The worker is a file of this site (the CSP allows workers from 'self' only).
GlobalWorkerOptions.workerSrc = workerUrl;

export interface PdfFile {
  pages: number;
  /** Draws page `number` into the canvas, `width` CSS pixels wide, sharp on high-density screens. */
  draw(number: number, canvas: HTMLCanvasElement, width: number): { cancel(): void };
  close(): Promise<void>;
}

/** Opens a PDF for drawing; no script in the file runs (pdf.js never evaluates a document's JavaScript here). */
export async function loadPdf(url: string): Promise<PdfFile> {
  const document = await getDocument({ url, isEvalSupported: false, enableXfa: false }).promise;
  return {
    pages: document.numPages,
    draw(number, canvas, width) {
      let task: RenderTask | undefined;
      let cancelled = false;
      void document.getPage(number).then((page) => {
        if (cancelled) return;
        const base = page.getViewport({ scale: 1 });
        const ratio = window.devicePixelRatio || 1;
        const viewport = page.getViewport({ scale: (width / base.width) * ratio });
        canvas.width = Math.floor(viewport.width);
        canvas.height = Math.floor(viewport.height);
        task = page.render({ canvas, viewport });
        task.promise.catch(() => undefined);
      });
      return {
        cancel() {
          cancelled = true;
          task?.cancel();
        },
      };
    },
    close: () => document.destroy(),
  };
}
