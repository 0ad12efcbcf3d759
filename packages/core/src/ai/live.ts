import type { Comparison, ModelAnswer } from "./schema";

/**
 * What a streamed answer reports while it is written. Every callback is optional:
 * without them an answer is produced whole, as before.
 */
export interface LiveEvents {
  /** Research mode: a model was asked (its card appears). */
  modelStarted?(model: { model: string; service: string }): void;
  /** Research mode: a piece of one model's own answer. */
  modelText?(model: string, delta: string): void;
  /** Research mode: one model's answer is complete, or failed (why is on it). */
  modelDone?(answer: ModelAnswer): void;
  /** A piece of the main answer, as it is written. */
  text?(delta: string): void;
  /** The main answer starts over: a synthesizer broke off and the next one writes it anew. */
  restart?(): void;
  /** Research mode: a model could not write the combined answer (why is on it); the next one tries. */
  synthesisFailed?(answer: ModelAnswer): void;
  /** Research mode: where the models agree and differ, whole each time it grows while the synthesis is written. */
  comparison?(comparison: Comparison): void;
}

/**
 * Passes text through `transform` while it streams, holding back the unfinished
 * end that the transform could still change: the last `hold` characters after
 * a phrase it rewrites may have started, and a last line that may be a marker
 * to cut. What it has let out never changes afterwards.
 */
export class HeldBackStream {
  private raw = "";
  private sent = 0;
  constructor(
    private readonly transform: (text: string) => string,
    private readonly emit: (delta: string) => void,
    /** The unfinished end that must wait: from where a rewritten phrase or a marker line may start. */
    private readonly unsafeFrom: (text: string) => number,
  ) {}

  push(delta: string) {
    this.raw += delta;
    const safe = this.transform(this.raw.slice(0, this.unsafeFrom(this.raw)));
    if (safe.length > this.sent) {
      this.emit(safe.slice(this.sent));
      this.sent = safe.length;
    }
  }

  /** Whether any text was let out. */
  get started() {
    return this.sent > 0;
  }
}
