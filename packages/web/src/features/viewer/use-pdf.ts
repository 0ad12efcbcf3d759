import { useEffect, useState, type RefObject } from "react";
import { loadPdf, type PdfFile } from "./pdf";

/** The PDF at `url`, opened for drawing while the component lives; `failed` when pdf.js cannot read it. */
export function usePdfFile(url: string) {
  const [file, setFile] = useState<PdfFile>();
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let open: PdfFile | undefined;
    let gone = false;
    loadPdf(url).then(
      (loaded) => {
        open = loaded;
        if (gone) void loaded.close();
        else setFile(loaded);
      },
      () => setFailed(true),
    );
    return () => {
      gone = true;
      void open?.close();
    };
  }, [url]);
  return { file, failed };
}

/**
 * Draws page `page` into `canvas` at `scale` times the width of `frame`, again whenever one of
 * them changes; with `text`, the page's selectable words go there, over the canvas.
 */
export function useDrawnPage(
  file: PdfFile | undefined,
  page: number,
  canvas: RefObject<HTMLCanvasElement | null>,
  frame: RefObject<HTMLElement | null>,
  scale = 1,
  text?: RefObject<HTMLElement | null>,
) {
  useEffect(() => {
    if (!file || !canvas.current || !frame.current) return;
    const drawing = file.draw(page, canvas.current, frame.current.clientWidth * scale, text?.current ?? undefined);
    return () => drawing.cancel();
  }, [file, page, scale, canvas, frame, text]);
}
