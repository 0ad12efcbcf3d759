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
  // Colours are judged as they settle: a dialog fading in is half transparent for a moment, and
  // an animation can start a frame or two after what causes it (an effect, a chunk arriving), so
  // the page counts as settled after two frames without one. A spinner's endless animation is skipped.
  // (Strings, not functions: this file is type-checked without the DOM library.)
  await page.evaluate(`(async () => {
    const frame = () => new Promise((done) => requestAnimationFrame(() => done()));
    const running = () => document.getAnimations()
      .filter((a) => a.playState === "running" && a.effect?.getTiming().iterations !== Infinity);
    for (let quiet = 0, round = 0; quiet < 2 && round < 100; round++) {
      const now = running();
      quiet = now.length === 0 ? quiet + 1 : 0;
      await Promise.all(now.map((a) => a.finished.catch(() => undefined)));
      await frame();
    }
  })()`);
  const results = (await page.evaluate(`${source}
    ;axe.run(document, {
      runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"] },
      resultTypes: ["violations"],
    }).then((r) => r.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, targets: v.nodes.map((n) => n.target.join(" ")) })))`)) as AccessibilityViolation[];
  return results.filter((v) => v.impact === "moderate" || v.impact === "serious" || v.impact === "critical");
}
