import { SaxesParser } from "saxes";
import { ReadError } from "./failure";
import { MAX_XML_ERRORS } from "./limits";
import { listZip, readZipEntry, ZipError, type ZipEntry } from "./zip";

/**
 * The Office Open XML package shared by the Word and Excel readers: parts in a zip archive,
 * found through their relationships (`_rels/*.rels`) rather than at fixed paths, since some
 * writers store a workbook at `wtf/workbook.xml`; and a streaming XML walk over a part that
 * never builds a tree, so a part's memory cost is its bytes plus what the reader keeps.
 * Names and relationship types are matched by their local part, which covers both the
 * transitional and the Strict (ISO) namespaces.
 */

export interface Relationship {
  type: string;
  /** The target part's name, resolved against the source part (no leading slash). */
  target: string;
  external: boolean;
  id: string;
}

/** The last segment of a relationship type URI ("officeDocument", "worksheet", "header"...). */
export const relType = (type: string) => type.slice(type.lastIndexOf("/") + 1);

/** The local part of a prefixed XML name (`w:p` -> `p`). */
export const local = (name: string) => name.slice(name.indexOf(":") + 1);

/** An attribute by its local name, whatever its prefix. */
export function attr(attributes: Record<string, string>, name: string): string | undefined {
  if (name in attributes) return attributes[name];
  for (const key in attributes) if (local(key) === name) return attributes[key];
  return undefined;
}

/** Resolves a relationship target against the folder of the part that holds it. */
function resolve(from: string, target: string): string {
  const parts = target.startsWith("/") ? [] : from.split("/").slice(0, -1);
  for (const segment of target.replace(/^\/+/, "").split("/")) {
    if (segment === "..") parts.pop();
    else if (segment !== "." && segment !== "") parts.push(segment);
  }
  return parts.join("/");
}

const MAIN_TYPES: [RegExp, "docx" | "xlsx" | "pptx" | "xlsb"][] = [
  [/wordprocessingml\.(document|template)|ms-word\.(document|template)\.macroEnabled/i, "docx"],
  [/spreadsheetml\.(sheet|template)|ms-excel\.(sheet|template)\.macroEnabled/i, "xlsx"],
  [/ms-excel\.sheet\.binary/i, "xlsb"],
  [/presentationml|ms-powerpoint/i, "pptx"],
];

export class OfficePackage {
  private readonly entries = new Map<string, ZipEntry>();

  constructor(
    private readonly buffer: Buffer,
    /** Bytes any one part may inflate to (the whole archive was measured by checkZip). */
    private readonly maxPartBytes: number,
  ) {
    // part names are case-insensitive in OPC
    for (const entry of listZip(buffer)) this.entries.set(entry.name.replace(/^\/+/, "").toLowerCase(), entry);
  }

  has(part: string) {
    return this.entries.has(part.toLowerCase());
  }

  /** A part's bytes, or undefined when the archive has no such part. */
  read(part: string): Buffer | undefined {
    const entry = this.entries.get(part.toLowerCase());
    if (!entry) return undefined;
    try {
      return readZipEntry(this.buffer, entry, this.maxPartBytes);
    } catch (error) {
      // a damaged part of the package makes the document damaged, whatever zip.ts called it
      if (error instanceof ZipError && !/too large/.test(error.message)) throw new ReadError("damaged", error.message);
      throw error;
    }
  }

  /** The relationships of a part ("" for the package's own). */
  relationships(part: string): Relationship[] {
    const folder = part.includes("/") ? part.slice(0, part.lastIndexOf("/") + 1) : "";
    const name = part.slice(folder.length);
    const data = this.read(`${folder}_rels/${name}.rels`);
    if (!data) return [];
    const out: Relationship[] = [];
    walkXml(data, {
      open(tag, attributes) {
        if (tag !== "Relationship") return;
        const target = attributes.Target ?? "";
        const external = attributes.TargetMode === "External";
        out.push({
          id: attributes.Id ?? "",
          type: relType(attributes.Type ?? ""),
          target: external ? target : resolve(part, target),
          external,
        });
      },
    });
    return out;
  }

  /** The content type [Content_Types].xml gives a part (its Override, else its extension's Default). */
  contentType(part: string): string | undefined {
    const data = this.read("[Content_Types].xml");
    if (!data) return undefined;
    const extension = part.slice(part.lastIndexOf(".") + 1).toLowerCase();
    let byExtension: string | undefined;
    let byName: string | undefined;
    walkXml(data, {
      open(tag, attributes) {
        if (tag === "Override" && (attributes.PartName ?? "").replace(/^\/+/, "").toLowerCase() === part.toLowerCase())
          byName = attributes.ContentType;
        else if (tag === "Default" && (attributes.Extension ?? "").toLowerCase() === extension) byExtension = attributes.ContentType;
      },
    });
    return byName ?? byExtension;
  }

  /** The main part (the package's officeDocument relationship), if the package has one. */
  mainPart(): string | undefined {
    return this.relationships("").find((r) => r.type === "officeDocument" && !r.external && this.has(r.target))?.target;
  }

  /** What the package holds, judged by its main part's content type (or, lacking one, its usual path). */
  kind(): "docx" | "xlsx" | "pptx" | "xlsb" | undefined {
    const main = this.mainPart();
    const type = main ? this.contentType(main) : undefined;
    if (type) for (const [pattern, kind] of MAIN_TYPES) if (pattern.test(type)) return kind;
    if (this.has("word/document.xml")) return "docx";
    if (this.has("xl/workbook.xml")) return "xlsx";
    if (this.has("ppt/presentation.xml")) return "pptx";
    return undefined;
  }
}

/** Thrown by a handler to end a walk early (the reader has all the text it may keep). */
export class StopWalk extends Error {}

export interface XmlHandlers {
  /** An element opens; `tag` is its local name. Self-closing elements also get `close`. */
  open?(tag: string, attributes: Record<string, string>): void;
  close?(tag: string): void;
  text?(text: string): void;
}

const CHUNK_BYTES = 1 << 20;

/**
 * Walks an XML part from start to end with saxes, fed a megabyte at a time. saxes never expands
 * DTD entities (no "billion laughs") and never fetches external ones; it reports them as errors,
 * which are tolerated up to a point, so a document with one odd entity still gives its text.
 * Returns the number of syntax errors met.
 */
export function walkXml(data: Buffer, handlers: XmlHandlers): number {
  const parser = new SaxesParser({ position: false });
  let errors = 0;
  // past this many syntax errors a part is not XML at all: the file is damaged
  parser.on("error", () => {
    if (++errors > MAX_XML_ERRORS) throw new ReadError("damaged", "A part of the document is not XML");
  });
  if (handlers.open) {
    const open = handlers.open;
    parser.on("opentag", (tag) => open(local(tag.name), tag.attributes as Record<string, string>));
  }
  if (handlers.close) {
    const close = handlers.close;
    parser.on("closetag", (tag) => close(local(tag.name)));
  }
  if (handlers.text) parser.on("text", handlers.text);
  const utf16 = data[0] === 0xff && data[1] === 0xfe;
  const decoder = new TextDecoder(utf16 ? "utf-16le" : "utf-8");
  try {
    for (let at = 0; at < data.length; at += CHUNK_BYTES) {
      const chunk = decoder.decode(data.subarray(at, at + CHUNK_BYTES), { stream: true });
      parser.write(at === 0 && chunk.charCodeAt(0) === 0xfeff ? chunk.slice(1) : chunk);
    }
    // a truncated part ends with unclosed elements: an error like any other, and the text read so far stays
    parser.close();
  } catch (error) {
    // with an error handler saxes itself never throws: this is a handler's StopWalk or ReadError
    if (!(error instanceof StopWalk)) throw error;
  }
  return errors;
}
