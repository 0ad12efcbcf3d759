import { describe, expect, it } from "vitest";
import type { ProfileRecord } from "@quorum/core/user/schema";
import { formFrom, ProfileForm } from "./profile-form";

describe("the profile form", () => {
  it("starts from the saved profile, with empty text where nothing is saved, and never holds the logo", () => {
    const values = formFrom({ firstName: "Grace", salesforceSecurityToken: "••••••••" } as ProfileRecord);
    expect(values.firstName).toBe("Grace");
    expect(values.salesforceSecurityToken).toBe("••••••••");
    expect(values.company).toBe("");
    expect(values).not.toHaveProperty("companyLogo");
  });

  it("refuses what the server refuses, in the server's words", () => {
    const values = { ...formFrom(undefined), salesforceInstanceUrl: "not a url" };
    const result = ProfileForm.safeParse(values);
    expect(result.error?.issues[0]?.message).toBe("Salesforce instance URL must be a valid URL");
    expect(ProfileForm.safeParse({ ...values, salesforceInstanceUrl: "" }).success).toBe(true);
  });
});
