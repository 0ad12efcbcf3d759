import { describe, expect, it } from "vitest";
import { isLoopback } from "./loopback";

describe("isLoopback", () => {
  it("accepts this machine's names, with or without port and scheme", () => {
    for (const address of [
      "127.0.0.1",
      "127.0.0.1:9099",
      "localhost:8000",
      "::1",
      "[::1]:8000",
      "http://127.0.0.1:8000",
      "http://[::1]:8000",
    ]) {
      expect(isLoopback(address), address).toBe(true);
    }
  });

  it("refuses other hosts, look-alikes and nothing", () => {
    for (const address of [
      undefined,
      "",
      "10.0.0.5",
      "http://127.0.0.1.evil.example",
      "https://dynamodb.us-east-1.amazonaws.com",
      "localhost.example",
    ]) {
      expect(isLoopback(address), String(address)).toBe(false);
    }
  });
});
