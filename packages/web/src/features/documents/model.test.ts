import { describe, expect, it } from "vitest";
import {
  DOCUMENT_ACCEPT as SERVER_ACCEPT,
  DOCUMENT_CATEGORIES as SERVER_CATEGORIES,
  MAX_DOCUMENT_BYTES,
} from "@quorum/core/document/types";
import {
  DOCUMENT_ACCEPT,
  DOCUMENT_CATEGORIES,
  groupByCategory,
  isInFlight,
  MAX_UPLOAD_BYTES,
  statusVariant,
  type ProjectDocument,
} from "./model";
import { storageErrorMessage, UPLOAD_FAILED } from "./presigned-post";

const doc = (id: number, documentCategory: string, processingStatus = "completed") =>
  ({ id, documentCategory, processingStatus, fileName: `${id}.pdf` }) as ProjectDocument;

describe("the drop zone and the server agree", () => {
  it("accepts the same types, categories and size as the server checks", () => {
    expect(DOCUMENT_ACCEPT).toEqual(SERVER_ACCEPT);
    expect(DOCUMENT_CATEGORIES).toEqual(SERVER_CATEGORIES);
    expect(MAX_UPLOAD_BYTES).toBe(MAX_DOCUMENT_BYTES);
  });
});

describe("documents list", () => {
  it("groups documents in the spec's category order and leaves empty categories out", () => {
    const groups = groupByCategory([doc(1, "images"), doc(2, "vendor-quotes"), doc(3, "images"), doc(4, "contracts")]);
    expect(groups.map((g) => [g.category, g.documents.map((d) => d.id)])).toEqual([
      ["vendor-quotes", [2]],
      ["contracts", [4]],
      ["images", [1, 3]],
    ]);
  });

  it("keeps a document of a category this build does not know, after the known ones", () => {
    expect(groupByCategory([doc(1, "drawings"), doc(2, "contracts")]).map((g) => g.category)).toEqual(["contracts", "drawings"]);
  });

  it("polls only while a document is uploading or processing", () => {
    expect(["uploading", "processing", "completed", "failed"].map((s) => isInFlight(doc(1, "contracts", s)))).toEqual([
      true,
      true,
      false,
      false,
    ]);
  });

  it("highlights only 'completed' with the default badge", () => {
    expect(["completed", "processing", "failed"].map(statusVariant)).toEqual(["default", "secondary", "secondary"]);
  });
});

describe("a refused upload to S3", () => {
  it("shows S3's own message", () => {
    const xml = `<?xml version="1.0" encoding="UTF-8"?><Error><Code>EntityTooLarge</Code><Message>Your proposed upload exceeds the maximum allowed size</Message></Error>`;
    expect(storageErrorMessage(xml)).toBe("Your proposed upload exceeds the maximum allowed size");
  });

  it("decodes XML entities in the message", () => {
    expect(
      storageErrorMessage("<Error><Message>Policy condition failed: [&quot;eq&quot;, &quot;$Content-Type&quot;]</Message></Error>"),
    ).toBe('Policy condition failed: ["eq", "$Content-Type"]');
  });

  it("says 'Upload failed' when the answer has no message", () => {
    expect(storageErrorMessage("")).toBe(UPLOAD_FAILED);
    expect(storageErrorMessage("<html>Bad gateway</html>")).toBe(UPLOAD_FAILED);
  });
});
