import { describe, expect, it } from "vitest";
import { CAPACITY_DEFAULTS, capacityFrom, describeWait, networkOf } from "./index";

describe("rate limit subjects and words", () => {
  it("an IPv4 address counts for itself, an IPv6 address for its /64", () => {
    expect(networkOf("203.0.113.7")).toBe("203.0.113.7");
    expect(networkOf("2001:db8:0:1:aaaa::1")).toBe("2001:db8:0:1::/64");
    expect(networkOf("2001:0db8:0000:0001:ffff:ffff:ffff:ffff")).toBe("2001:db8:0:1::/64");
    expect(networkOf("2001:db8::1")).toBe("2001:db8:0:0::/64");
    expect(networkOf("::1")).toBe("0:0:0:0::/64");
    expect(networkOf("::ffff:203.0.113.7")).toBe("203.0.113.7");
  });

  it("the wait is said in words a person reads", () => {
    expect(describeWait(30)).toBe("less than a minute");
    expect(describeWait(60)).toBe("1 minute");
    expect(describeWait(421)).toBe("8 minutes");
    expect(describeWait(3600)).toBe("1 hour");
    expect(describeWait(3601)).toBe("2 hours");
  });
});

describe("capacity settings of a deployment", () => {
  it("defaults apply, a number overrides, none leaves a setting unset", () => {
    expect(capacityFrom({})).toEqual(CAPACITY_DEFAULTS);
    expect(capacityFrom({ STREAM_RESERVED_CONCURRENCY: "none", API_THROTTLE_BURST: "50" })).toMatchObject({
      STREAM_RESERVED_CONCURRENCY: undefined,
      API_THROTTLE_BURST: 50,
    });
  });

  it("a setting that is not a whole number stops the deploy with its name", () => {
    expect(() => capacityFrom({ API_THROTTLE_RATE_PER_SECOND: "fast" })).toThrow(/API_THROTTLE_RATE_PER_SECOND/);
    expect(() => capacityFrom({ STREAM_RESERVED_CONCURRENCY: "0" })).toThrow(/at least 1/);
  });
});
