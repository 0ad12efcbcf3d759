import { describe, expect, it } from "vitest";
import { RegisterInput, SIGN_UP_MESSAGES, SignUpDetails } from "./schema";

const messages = (input: unknown) => SignUpDetails.safeParse(input).error?.issues.map((issue) => [issue.path.join("."), issue.message]);

describe("the sign-up details", () => {
  it("name each missing or malformed field with the message the web shows by name", () => {
    expect(messages({ firstName: " ", lastName: "", email: "" })).toEqual([
      ["firstName", SIGN_UP_MESSAGES.firstNameRequired],
      ["lastName", SIGN_UP_MESSAGES.lastNameRequired],
      ["email", SIGN_UP_MESSAGES.emailRequired],
    ]);
    expect(messages({ firstName: "Ada", lastName: "Lovelace", email: "not-an-email" })).toEqual([["email", SIGN_UP_MESSAGES.emailInvalid]]);
  });

  it("are trimmed, and make a registration the server takes", () => {
    const details = SignUpDetails.parse({ firstName: " Ada ", lastName: "Lovelace", email: " ada@example.com ", phoneNumber: "" });
    expect(details).toEqual({ firstName: "Ada", lastName: "Lovelace", email: "ada@example.com", phoneNumber: "" });
    const registration = { ...details, firebaseUid: "uid-1", displayName: "Ada Lovelace", plan: "professional", trialEndsAt: 1 };
    expect(RegisterInput.safeParse(registration).success).toBe(true);
  });
});
