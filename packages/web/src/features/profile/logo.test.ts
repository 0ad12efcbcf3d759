import { beforeAll, describe, expect, it } from "vitest";
import { loadAllTexts } from "@/i18n";
import { MAX_LOGO_BYTES } from "@quorum/core/user/schema";
import { logoProblem } from "./logo";

// The catalogs load on demand, as in the browser.
beforeAll(() => loadAllTexts());

describe("company logo checks", () => {
  it("accept an image under 5MB", () => {
    expect(logoProblem({ type: "image/png", size: 1024 })).toBeNull();
  });

  it("refuse a file that is not an image", () => {
    expect(logoProblem({ type: "application/pdf", size: 1024 })).toEqual({
      title: "Invalid file type",
      description: "Please upload an image file",
    });
  });

  it("refuse a logo of 5MB or more", () => {
    expect(logoProblem({ type: "image/jpeg", size: MAX_LOGO_BYTES })).toEqual({
      title: "File too large",
      description: "Logo file must be less than 5MB",
    });
  });
});
