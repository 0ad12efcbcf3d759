import { describe, expect, it } from "vitest";
import { markdownImage, markdownLink } from "./markdown-urls";

const origin = "https://quorum.example";

describe("markdown images", () => {
  it("load from our own origin, relative or absolute", () => {
    expect(markdownImage("/logo.png", origin)).toEqual({ kind: "inline", src: "https://quorum.example/logo.png" });
    expect(markdownImage("https://quorum.example/a.png", origin)).toEqual({ kind: "inline", src: "https://quorum.example/a.png" });
  });

  it("from any other origin become a link carrying the full URL", () => {
    const leak = "https://evil.example/pixel.png?leak=budget-48250";
    expect(markdownImage(leak, origin)).toEqual({ kind: "link", href: leak });
  });

  it("count another port, scheme or subdomain as another origin", () => {
    for (const src of ["https://quorum.example:8443/a.png", "http://quorum.example/a.png", "https://cdn.quorum.example/a.png"]) {
      expect(markdownImage(src, origin).kind).toBe("link");
    }
  });

  it("see through protocol-relative and backslash URLs", () => {
    expect(markdownImage("//evil.example/p.png", origin)).toEqual({ kind: "link", href: "https://evil.example/p.png" });
    expect(markdownImage("\\\\evil.example/p.png", origin)).toEqual({ kind: "link", href: "https://evil.example/p.png" });
  });

  it("without a usable URL show only their alt text", () => {
    expect(markdownImage("", origin)).toEqual({ kind: "none" });
    expect(markdownImage(undefined, origin)).toEqual({ kind: "none" });
    expect(markdownImage("ftp://evil.example/p.png", origin)).toEqual({ kind: "none" });
  });
});

describe("markdown links", () => {
  it("to another site name its host", () => {
    expect(markdownLink("https://docs.vendor.example/terms?id=1", origin)).toEqual({
      href: "https://docs.vendor.example/terms?id=1",
      host: "docs.vendor.example",
    });
    expect(markdownLink("http://127.0.0.2:8080/x", origin)?.host).toBe("127.0.0.2:8080");
  });

  it("within our site or to an email address name no host", () => {
    expect(markdownLink("/projects/3", origin)).toEqual({ href: "https://quorum.example/projects/3", host: null });
    expect(markdownLink("mailto:sales@vendor.example", origin)).toEqual({ href: "mailto:sales@vendor.example", host: null });
  });

  it("keep in-page anchors as written", () => {
    expect(markdownLink("#cite-2", origin)).toEqual({ href: "#cite-2", host: null });
  });

  it("without a URL are not links", () => {
    expect(markdownLink("", origin)).toBeNull();
    expect(markdownLink(undefined, origin)).toBeNull();
  });
});
