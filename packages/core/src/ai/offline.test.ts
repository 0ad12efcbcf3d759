import { describe, expect, it } from "vitest";
import { Actor } from "../actor";
import { offlineAnswer, offlineSynthesis, offlineTitle, NOT_CONFIGURED_NOTICE, CONFIGURE_HINT, setOfflinePace, typeOut } from "./offline";
import type { Message } from "./types";

const quote = [
  "ACME Industrial Supply Co.",
  "QUOTATION",
  "Quote No: Q-2024-0117    Date: 03/14/2024",
  "",
  "Delivery terms: shipping within 10 business days after the purchase order.",
  "",
  "Qty | Description | Unit Price | Amount",
  "10 | Steel bracket 40mm | $12.50 | $125.00",
  "4 | Hydraulic pump HP-220 | $389.99 | $1,559.96",
].join("\n");

const filler = (n: number) =>
  Array.from({ length: n }, (_, i) => `Section ${i + 1}. General conditions of sale apply to every order placed with the supplier.\n`).join(
    "\n",
  );

describe("the offline model", () => {
  it("says it is the offline model and how to configure a real one", () => {
    const text = offlineAnswer([{ role: "user", content: "What is the capital of France?" }], NOT_CONFIGURED_NOTICE);
    expect(text.startsWith("**Offline model** — No AI model is configured")).toBe(true);
    expect(text).toContain(CONFIGURE_HINT);
    expect(text).toContain("nothing more the offline model can say");
  });

  it("quotes the passage of an attached document that matches the question, with its page", () => {
    const messages: Message[] = [
      {
        role: "user",
        content: "How much does the hydraulic pump cost?",
        documents: [
          {
            name: "quote.pdf",
            pages: [
              { page: 1, text: filler(12) },
              { page: 2, text: quote },
              { page: 3, text: filler(8) },
            ],
          },
        ],
      },
    ];
    const text = offlineAnswer(messages, NOT_CONFIGURED_NOTICE);
    expect(text).toContain('- "quote.pdf": 3 pages');
    expect(text).toMatch(/From "quote\.pdf", page 2:\n> [^\n]*\n(> [^\n]*\n)*> 4 \| Hydraulic pump HP-220 \| \$389\.99/);
    expect(text.indexOf("Hydraulic pump")).toBeLessThan(text.indexOf(CONFIGURE_HINT));
  });

  it("shows how each document begins when the question names nothing in it", () => {
    const text = offlineAnswer(
      [
        {
          role: "user",
          content: "Please analyze the uploaded file(s)",
          documents: [{ name: "quote.txt", pages: [{ page: 1, text: quote }] }],
        },
      ],
      NOT_CONFIGURED_NOTICE,
    );
    expect(text).toContain("Here is how each document begins:");
    expect(text).toContain("> ACME Industrial Supply Co.");
  });

  it("recalls the most relevant earlier message of the conversation", () => {
    const text = offlineAnswer(
      [
        { role: "user", content: "Our warehouse is in Rotterdam and opens at 7am." },
        { role: "assistant", content: "Noted." },
        { role: "user", content: "When does the warehouse open?" },
      ],
      NOT_CONFIGURED_NOTICE,
    );
    expect(text).toContain("Earlier in this conversation you wrote:\n> Our warehouse is in Rotterdam and opens at 7am.");
  });

  it("names attached images it cannot see and files that could not be read", () => {
    const text = offlineAnswer(
      [
        {
          role: "user",
          content: "What is in these?",
          images: [{ name: "site.jpg", mediaType: "image/jpeg", data: Buffer.from([0xff, 0xd8, 0xff]) }],
          unreadable: [{ name: "broken.pdf", reason: "the file is damaged" }],
        },
      ],
      NOT_CONFIGURED_NOTICE,
    );
    expect(text).toContain("Image attached: site.jpg. The offline model cannot look at images.");
    expect(text).toContain('The attachment "broken.pdf" could not be read: the file is damaged.');
  });

  it("synthesizes by stating shared statements once and listing the rest by model", () => {
    const text = offlineSynthesis([
      { service: "Claude", text: "The Eiffel Tower is 330 metres tall. It was finished in 1889." },
      { service: "GPT", text: "The Eiffel Tower is 330 metres tall. It is made of wrought iron." },
    ]);
    expect(text).toMatch(/^\*\*Offline model\*\* — research mode without a language model/);
    expect(text).toContain("**Where the answers agree**\n- The Eiffel Tower is 330 metres tall. (Claude, GPT)");
    expect(text).toContain("**Only in Claude's answer**\n- It was finished in 1889.");
    expect(text).toContain("**Only in GPT's answer**\n- It is made of wrought iron.");
  });

  it("makes a short title from the first message", () => {
    expect(offlineTitle("Can you please compare the three quotes for steel brackets from ACME and Bolt Co? Thanks")).toBe(
      "Compare the three quotes for steel brackets from",
    );
    expect(offlineTitle("Please analyze the uploaded file(s)")).toBe("Analyze the uploaded file(s)");
    expect(offlineTitle("   ")).toBe("");
    expect(offlineTitle("new conversation")).toBe("New conversation");
    expect(offlineTitle("New Conversation")).toBe("");
  });
});

describe("the offline model's typing pace", () => {
  const text = "one two three four five six seven eight nine ten eleven twelve";

  it("a held pace writes the first words, then nothing until it is released", async () => {
    setOfflinePace("held-user", "hold");
    const written: string[] = [];
    const typing = Actor.provide({ userId: "held-user" }, () => typeOut(text, (delta) => written.push(delta)));
    await expect.poll(() => written.length).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(written).toEqual(["one two three four "]);
    setOfflinePace("held-user", null);
    await typing;
    expect(written.join("")).toBe(text);
  });

  it("Stop ends a held answer with what was written", async () => {
    setOfflinePace("stopping-user", "hold");
    const stop = new AbortController();
    const written: string[] = [];
    const typing = Actor.provide({ userId: "stopping-user" }, () => typeOut(text, (delta) => written.push(delta), stop.signal));
    await expect.poll(() => written.length).toBe(1);
    stop.abort(new Error("stopped"));
    await expect(typing).rejects.toThrow("stopped");
    expect(written).toEqual(["one two three four "]);
    setOfflinePace("stopping-user", null);
  });

  it("another user's answer keeps the default pace", async () => {
    setOfflinePace("held-user", "hold");
    const written: string[] = [];
    await Actor.provide({ userId: "someone-else" }, () => typeOut(text, (delta) => written.push(delta)));
    expect(written.join("")).toBe(text);
    setOfflinePace("held-user", null);
  });
});
