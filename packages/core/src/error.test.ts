import { describe, expect, it } from "vitest";
import { Invalid, isUnavailable } from "./error";

describe("a store that is down is told apart from a bug", () => {
  it("a refused connection, nested as ElectroDB and the AWS SDK nest it, is unavailable", () => {
    const refused = Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:8000"), { code: "ECONNREFUSED" });
    const sdk = Object.assign(new Error("socket"), { name: "Error", cause: refused });
    const electro = Object.assign(new Error("Error thrown by DynamoDB client"), { name: "ElectroError", cause: sdk });
    expect(isUnavailable(electro)).toBe(true);
    expect(isUnavailable(new AggregateError([refused]))).toBe(true);
  });

  it("AWS's own 5xx and throttling are unavailable", () => {
    expect(isUnavailable(Object.assign(new Error("x"), { $metadata: { httpStatusCode: 503 } }))).toBe(true);
    expect(isUnavailable(Object.assign(new Error("x"), { name: "ThrottlingException" }))).toBe(true);
  });

  it("a bug or a client's mistake is not", () => {
    expect(isUnavailable(new TypeError("x is undefined"))).toBe(false);
    expect(isUnavailable(new Invalid("Name is required"))).toBe(false);
    expect(isUnavailable(Object.assign(new Error("x"), { $metadata: { httpStatusCode: 400 } }))).toBe(false);
  });
});
