import { describe, expect, it } from "vitest";
import { call, createUser, ops, OPERATOR } from "@quorum/local/testing";
import { browserForTests, reviewShot } from "../shell/browser";

/**
 * Enterprise is set up by sales with the operator command (the real script, against this
 * stack's table): the account's /profile shows the plan, its end date and the change in its
 * billing history with who made it and when; ending it shows Starter again.
 */

const { signedInAs } = browserForTests();

/** A calendar day `offsetDays` from today (UTC), as the command takes it. */
const day = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);
/** Dates as the English page writes them. */
const shown = (date: Date) => date.toLocaleDateString("en-US", { year: "numeric", month: "short", day: "numeric" });

describe("Enterprise on the profile", { timeout: 120_000 }, () => {
  it("the operator's Enterprise shows as the plan with its end date and a billing history entry; ending it shows Starter again", async () => {
    const account = await createUser();
    const app = await signedInAs(account, "/profile");
    const { page } = app;
    const status = page.getByTestId("account-status");
    const row = (term: string) => status.locator("div", { has: page.getByText(term, { exact: true }) }).last();
    await expect.poll(() => row("Plan type").textContent()).toBe("Plan typeStarter");
    expect(await status.getByTestId("billing-history").count()).toBe(0);
    await status.getByRole("button", { name: "Upgrade to Professional" }).waitFor();

    const until = day(30);
    const granted = await ops("plan", "set", account.email, "enterprise", "--until", until);
    expect(granted.code, granted.err).toBe(0);
    await page.reload();
    await expect.poll(() => row("Plan type").textContent()).toBe("Plan typeEnterprise");
    expect(await row("Plan status").textContent()).toBe("Plan statusActive");
    expect(await row("Enterprise until").textContent()).toBe(`Enterprise until${shown(new Date(`${until}T00:00:00`))}`);
    expect(await row("Support").textContent()).toBe("SupportEnterprise: dedicated, 24/7");
    const history = status.getByTestId("billing-history");
    const entries = history.getByRole("listitem");
    const [change] = (await call(account, "GET", "/api/billing/history")).body.changes as { at: string }[];
    await expect
      .poll(() => entries.allTextContents())
      .toEqual([`Enterprise set up by ${OPERATOR}, until ${shown(new Date(`${until}T00:00:00`))}${shown(new Date(change!.at))}`]);
    // Enterprise is set up: the profile no longer offers the upgrade or the sales form.
    expect(await status.getByRole("button", { name: "Upgrade to Professional" }).count()).toBe(0);
    await reviewShot(status, "billing-history-enterprise.png");
    await reviewShot(page, "profile-enterprise.png", { fullPage: true });

    const ended = await ops("plan", "set", account.email, "starter");
    expect(ended.code, ended.err).toBe(0);
    await page.reload();
    await expect.poll(() => row("Plan type").textContent()).toBe("Plan typeStarter");
    expect(await row("Enterprise until").count()).toBe(0);
    await expect.poll(() => entries.count()).toBe(2);
    expect(await entries.first().textContent()).toContain(`Enterprise ended by ${OPERATOR}: back to Starter, your data kept`);
  });
});
