/** A real browser for the journeys: Chromium and axe-core. */

/** Debian's Chromium, and the flags this machine needs (no sandbox, no GPU, nothing fetched in the background). */
export const CHROMIUM = {
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-quic",
  ],
};

/** Debian's Chromium driven by playwright-core. */
export async function launchBrowser() {
  const { chromium } = await import("playwright-core");
  return chromium.launch(CHROMIUM);
}

export interface AccessibilityViolation {
  id: string;
  impact: string | null;
  help: string;
  /** CSS selectors of the offending elements. */
  targets: string[];
}

/**
 * What axe-core (WCAG 2 A/AA rules plus best practices such as heading order) finds wrong
 * on the page as it stands, moderate or worse. Injected through the debugging protocol,
 * so the app's Content-Security-Policy stays as users get it.
 * @public for the browser tests that check each screen
 */
export async function accessibilityViolations(page: import("playwright-core").Page): Promise<AccessibilityViolation[]> {
  const { source } = (await import("axe-core")).default;
  // Colours are judged as they settle: a dialog fading in is half transparent for a moment.
  // (Strings, not functions: this file is type-checked without the DOM library.)
  // A spinner's endless animation never finishes and is skipped.
  await page.evaluate(`Promise.all(document.getAnimations()
    .filter((a) => a.effect?.getTiming().iterations !== Infinity)
    .map((a) => a.finished.catch(() => undefined)))`);
  const results = (await page.evaluate(`${source}
    ;axe.run(document, {
      runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"] },
      resultTypes: ["violations"],
    }).then((r) => r.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, targets: v.nodes.map((n) => n.target.join(" ")) })))`)) as AccessibilityViolation[];
  return results.filter((v) => v.impact === "moderate" || v.impact === "serious" || v.impact === "critical");
}
