import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from "pdf-lib";
import { Conversation, type ListType, type Message } from "./index";
import { MAX_EXPORT_CHARS } from "./schema";

/**
 * A conversation as a document to keep: Markdown (the answers' own format) or
 * PDF. Each answer names who wrote it, research mode's answers of every model
 * follow the combined one, and project-chat answers list their sources.
 */

interface ModelAnswerLike {
  service?: string;
  model?: string;
  status?: string;
  response?: string;
  error?: string;
}
interface CitationLike {
  index?: number;
  fileName?: string;
  page?: number;
  lineFrom?: number;
  lineTo?: number;
  projectName?: string;
}
interface Details {
  mode?: string;
  model?: string;
  offline?: boolean;
  answers?: ModelAnswerLike[];
  comparison?: { agree?: PointLike[]; differ?: PointLike[] };
}
interface PointLike {
  point?: string;
  models?: string[];
}

const PRODUCT = "Quorum";

function authorOf(message: Message): string {
  if (message.type === "user") return "You";
  const details = (message.details ?? {}) as Details;
  if (details.mode === "research") return `${PRODUCT} (research mode)`;
  if (details.offline || message.model === "offline") return "Offline model";
  return details.answers?.[0]?.service ?? (typeof message.model === "string" ? message.model : undefined) ?? details.model ?? PRODUCT;
}

const when = (timestamp: string | null) =>
  timestamp && !Number.isNaN(Date.parse(timestamp)) ? new Date(timestamp).toISOString().slice(0, 16).replace("T", " ") + " UTC" : "";

function endNote(message: Message): string | undefined {
  if (message.state === "stopped") return "Stopped: what was written is kept.";
  if (message.state === "error")
    return `Broken off: ${typeof message.error === "string" ? message.error : "the answer could not be completed"}.`;
  if (message.state === "streaming") return "Still being written when exported.";
  return undefined;
}

function source(c: CitationLike): string {
  const lines = c.lineFrom ? `, lines ${c.lineFrom}${c.lineTo && c.lineTo !== c.lineFrom ? `–${c.lineTo}` : ""}` : "";
  return `[${c.index ?? "?"}] ${c.fileName ?? "document"}, page ${c.page ?? "?"}${lines}${c.projectName ? ` (${c.projectName})` : ""}`;
}

/** Research mode's points of agreement and difference after the combined answer, each with the models that made it. */
function comparisonText(details: Details, research: ModelAnswerLike[]): string {
  const name = (model: string) => research.find((a) => a.model === model)?.service ?? model;
  const list = (heading: string, points: PointLike[] | undefined) =>
    points?.length ? [`${heading}:`, ...points.map((p) => `- ${p.point ?? ""} (${(p.models ?? []).map(name).join(", ")})`)].join("\n") : "";
  return [list("Where the models agree", details.comparison?.agree), list("Where they differ", details.comparison?.differ)]
    .filter(Boolean)
    .join("\n\n");
}

/** "version 2 of 3" for a message that was edited or regenerated: the export follows the branch shown. */
const versionOf = (message: Message) => (message.branch ? `version ${message.branch.index} of ${message.branch.count}` : "");

/** The parts of one message, shared by both formats: a heading, the text, and what follows it. */
function partsOf(message: Message, others: Message[] = []) {
  const details = (message.details ?? {}) as Details;
  const research = details.mode === "research" ? (details.answers ?? []) : [];
  const citations = Array.isArray(message.citations) ? (message.citations as CitationLike[]) : [];
  return {
    heading: [authorOf(message), when(message.timestamp), versionOf(message)].filter(Boolean).join(" · "),
    // The versions not shown, each under its own heading, so nothing the person asked or got is lost.
    others: others.map((o) => ({
      heading: [`Version ${o.branch?.index ?? "?"}`, authorOf(o), when(o.timestamp)].filter(Boolean).join(" · "),
      text: o.content,
    })),
    text: [message.content, comparisonText(details, research)].filter(Boolean).join("\n\n"),
    files: message.files.map((f) => f.name).filter(Boolean),
    note: endNote(message),
    models: research.map((a) => ({
      name: a.service ?? a.model ?? "Model",
      text:
        a.status === "answered" || (!a.error && a.response)
          ? (a.response ?? "")
          : `Did not answer: ${a.error ?? a.status ?? "unknown reason"}`,
    })),
    sources: citations.map(source),
  };
}

export interface ExportedConversation {
  title: string;
  messages: Message[];
  /** Of a shown message with other versions (edited, regenerated): those versions, by the shown one's id. */
  versions?: Map<string, Message[]>;
  /** False when only the latest messages fit. */
  complete: boolean;
  exportedAt: Date;
}

function preface(c: ExportedConversation): string[] {
  const count = `${c.messages.length} message${c.messages.length === 1 ? "" : "s"}`;
  return [
    `Exported from ${PRODUCT} on ${when(c.exportedAt.toISOString())} · ${count}`,
    ...(c.complete
      ? []
      : [
          `Only the latest ${count} fit in one export (${MAX_EXPORT_CHARS.toLocaleString("en-US")} characters); earlier ones are left out.`,
        ]),
    ...(c.messages.length === 0 ? ["This conversation has no messages yet."] : []),
  ];
}

export function toMarkdown(c: ExportedConversation): string {
  const out = [`# ${c.title || "Untitled Conversation"}`, "", ...preface(c).map((line) => `_${line}_`), ""];
  for (const message of c.messages) {
    const p = partsOf(message, c.versions?.get(message.id));
    out.push("---", "", `## ${p.heading}`, "", p.text || "_(empty)_", "");
    if (p.files.length) out.push(`Attachments: ${p.files.join(", ")}`, "");
    if (p.note) out.push(`_${p.note}_`, "");
    if (p.models.length) {
      out.push("### Each model's answer", "");
      for (const m of p.models) out.push(`#### ${m.name}`, "", m.text, "");
    }
    if (p.sources.length) out.push("### Sources", "", ...p.sources.map((s) => `- ${s}`), "");
    if (p.others.length) {
      out.push("### Other versions", "");
      for (const o of p.others) out.push(`#### ${o.heading}`, "", o.text || "_(empty)_", "");
    }
  }
  return out.join("\n");
}

/** The standard PDF fonts cover Latin-1 (WinAnsi): other characters are shown as "?" rather than failing the export. */
const characterSets = new WeakMap<PDFFont, Set<number>>();
function printable(font: PDFFont, text: string): string {
  const supported = characterSets.get(font) ?? new Set(font.getCharacterSet());
  characterSets.set(font, supported);
  return Array.from(text.replace(/\t/g, "    "), (ch) => (supported.has(ch.codePointAt(0)!) ? ch : "?")).join("");
}

const PAGE = { width: 595.28, height: 841.89, margin: 56 };

/** Lays text out line by line on A4 pages, starting a new page when one is full. */
class Writer {
  private page!: PDFPage;
  private y = 0;
  constructor(
    private readonly doc: PDFDocument,
    private readonly fonts: { regular: PDFFont; bold: PDFFont; italic: PDFFont },
  ) {
    this.newPage();
  }
  private newPage() {
    this.page = this.doc.addPage([PAGE.width, PAGE.height]);
    this.y = PAGE.height - PAGE.margin;
  }
  gap(points: number) {
    this.y -= points;
  }
  paragraph(text: string, style: { size?: number; font?: "regular" | "bold" | "italic"; grey?: boolean } = {}) {
    const size = style.size ?? 10.5;
    const font = this.fonts[style.font ?? "regular"];
    for (const raw of text
      .replace(/\r\n?/g, "\n")
      .split("\n")
      .map((line) => printable(font, line))) {
      for (const line of wrap(raw, font, size, PAGE.width - 2 * PAGE.margin)) {
        if (this.y - size * 1.4 < PAGE.margin) this.newPage();
        this.y -= size * 1.4;
        this.page.drawText(line, { x: PAGE.margin, y: this.y, size, font, color: style.grey ? rgb(0.4, 0.4, 0.45) : rgb(0.1, 0.1, 0.12) });
      }
    }
  }
}

/** Breaks a line of text at spaces to fit `width`; a word wider than the page is cut where it overflows. */
function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(/(?<= )/)) {
    if (font.widthOfTextAtSize(line + word, size) <= width) {
      line += word;
      continue;
    }
    if (line) lines.push(line.trimEnd());
    line = word;
    while (font.widthOfTextAtSize(line.trimEnd(), size) > width) {
      let used = 0;
      let cut = 0;
      for (const ch of line) {
        const w = font.widthOfTextAtSize(ch, size);
        if (used + w > width && cut > 0) break;
        used += w;
        cut += ch.length;
      }
      lines.push(line.slice(0, cut));
      line = line.slice(cut);
    }
  }
  lines.push(line.trimEnd());
  return lines;
}

export async function toPdf(c: ExportedConversation): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const title = c.title || "Untitled Conversation";
  doc.setTitle(title);
  doc.setProducer(PRODUCT);
  doc.setCreator(PRODUCT);
  doc.setCreationDate(c.exportedAt);
  const fonts = {
    regular: await doc.embedFont(StandardFonts.Helvetica),
    bold: await doc.embedFont(StandardFonts.HelveticaBold),
    italic: await doc.embedFont(StandardFonts.HelveticaOblique),
  };
  const w = new Writer(doc, fonts);
  w.paragraph(title, { size: 18, font: "bold" });
  w.gap(4);
  for (const line of preface(c)) w.paragraph(line, { size: 9.5, font: "italic", grey: true });
  for (const message of c.messages) {
    const p = partsOf(message, c.versions?.get(message.id));
    w.gap(14);
    w.paragraph(p.heading, { size: 11.5, font: "bold" });
    w.gap(2);
    w.paragraph(p.text || "(empty)");
    if (p.files.length) w.paragraph(`Attachments: ${p.files.join(", ")}`, { size: 9.5, grey: true });
    if (p.note) w.paragraph(p.note, { size: 9.5, font: "italic", grey: true });
    for (const m of p.models) {
      w.gap(6);
      w.paragraph(m.name, { size: 10.5, font: "bold" });
      w.paragraph(m.text, { size: 9.5 });
    }
    if (p.sources.length) {
      w.gap(6);
      w.paragraph("Sources", { size: 10, font: "bold" });
      for (const s of p.sources) w.paragraph(s, { size: 9.5, grey: true });
    }
    if (p.others.length) {
      w.gap(6);
      w.paragraph("Other versions", { size: 10, font: "bold" });
      for (const o of p.others) {
        w.paragraph(o.heading, { size: 9.5, font: "bold", grey: true });
        w.paragraph(o.text || "(empty)", { size: 9.5 });
      }
    }
  }
  return doc.save();
}

/** The versions of the shown messages that are not shown, each with its place among them. */
async function otherVersions(listType: ListType, id: string, shown: Message[]) {
  const wanted = shown.flatMap((m) => (m.branch ? m.branch.ids.filter((other) => other !== m.id) : []));
  const found = new Map((await Conversation.messagesById(listType, id, wanted)).map((m) => [m.id, m]));
  return new Map(
    shown.flatMap((m) => {
      const place = m.branch;
      if (!place) return [];
      const others = place.ids.flatMap((other, i) => {
        const version = other === m.id ? undefined : found.get(other);
        return version ? [{ ...version, branch: { ...place, index: i + 1 } }] : [];
      });
      return [[m.id, others] as const];
    }),
  );
}

export namespace ConversationExport {
  /** The caller's conversation as a file: its name, type and bytes (404 when it is not theirs). */
  export async function file(listType: ListType, id: string, format: "md" | "pdf") {
    const { summary, messages, complete } = await Conversation.latestMessages(listType, id, MAX_EXPORT_CHARS);
    const exported: ExportedConversation = {
      title: summary.title,
      messages,
      versions: await otherVersions(listType, id, messages),
      complete,
      exportedAt: new Date(),
    };
    const name = `${
      (summary.title || "conversation")
        .replace(/[^\p{L}\p{N} _-]+/gu, "")
        .trim()
        .slice(0, 60) || "conversation"
    }.${format}`;
    return format === "md"
      ? { name, contentType: "text/markdown; charset=utf-8", body: toMarkdown(exported) }
      : { name, contentType: "application/pdf", body: await toPdf(exported) };
  }
}
