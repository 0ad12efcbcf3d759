import type { SQSEvent } from "aws-lambda";
import { describe, expect, it } from "vitest";
import { keysOfFailedStarts } from "./start-failed";

const destinationRecord = (keys: string[]) => ({
  version: "1.0",
  requestContext: { condition: "RetriesExhausted", approximateInvokeCount: 3 },
  requestPayload: {
    Records: keys.map((key, i) => ({
      eventName: "ObjectCreated:Post",
      s3: { bucket: { name: "uploads" }, object: { key: encodeURIComponent(key).replace(/%2F/g, "/"), sequencer: `0${i}` } },
    })),
  },
  responsePayload: { errorMessage: "Rate exceeded" },
});

describe("the pipeline starter's dead-letter queue", () => {
  it("finds the documents of every failed notification, and nothing for a logo", () => {
    const event = {
      Records: [
        { body: JSON.stringify(destinationRecord(["users/u1/projects/2/documents/3/quote 1.pdf", "users/u1/logo.png"])) },
        { body: JSON.stringify(destinationRecord(["users/u2/projects/5/documents/8/scan.tiff"])) },
      ],
    } as SQSEvent;
    expect(keysOfFailedStarts(event)).toEqual(["users/u1/projects/2/documents/3/quote 1.pdf", "users/u2/projects/5/documents/8/scan.tiff"]);
  });
});
