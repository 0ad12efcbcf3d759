/**
 * Why a model did not answer, in plain words. Providers throw all sorts of
 * errors (SDK classes, HTTP statuses, aborted sockets); the product shows one
 * sentence a person understands and logs the raw cause next to it.
 */

export type FailureKind =
  | "timeout"
  | "auth"
  | "access"
  | "rate_limit"
  | "not_found"
  | "bad_request"
  | "server"
  | "network"
  | "empty"
  | "invalid_output"
  | "unsupported"
  | "stopped"
  | "unknown";

export class ModelFailure extends Error {
  constructor(
    readonly kind: FailureKind,
    /** "did not answer within 16 s" — completes a sentence that starts with the service name. */
    readonly plain: string,
    readonly status?: number,
    readonly detail?: string,
  ) {
    super(plain);
    this.name = "ModelFailure";
  }
}

export class TimeoutFailure extends ModelFailure {
  constructor(ms: number) {
    super("timeout", `did not answer within ${formatSeconds(ms)}`);
  }
}

/** The reason a generation is aborted with when the person presses Stop. */
export class StopRequested extends ModelFailure {
  constructor() {
    super("stopped", "was stopped");
  }
}

export function formatSeconds(ms: number) {
  const s = ms / 1000;
  return `${Number.isInteger(s) ? s : s.toFixed(1)} s`;
}

interface ErrorLike {
  name?: string;
  message?: string;
  status?: number;
  code?: string;
  $metadata?: { httpStatusCode?: number };
  cause?: unknown;
}

/** Turns whatever a provider threw into a ModelFailure with a plain sentence. */
export function describeFailure(error: unknown): ModelFailure {
  if (error instanceof ModelFailure) return error;
  const e = (error ?? {}) as ErrorLike;
  // SDK error classes do not always set `name` (OpenAI's keep "Error"); the class name tells them apart.
  const className = (error as { constructor?: { name?: string } } | null)?.constructor?.name ?? "";
  const name = e.name && e.name !== "Error" ? e.name : className;
  const status = e.status ?? e.$metadata?.httpStatusCode;
  const message = firstLine(e.message ?? String(error));
  const detail = `${name}${status ? ` ${status}` : ""}: ${message}`;

  // Bedrock names its errors; OpenAI-style APIs answer with a status.
  if (name === "AccessDeniedException")
    return new ModelFailure(
      "access",
      "refused access: this AWS account has no access to the model (request it in the Bedrock console)",
      status,
      detail,
    );
  if (name === "UnrecognizedClientException" || name === "ExpiredTokenException" || name === "CredentialsProviderError")
    return new ModelFailure("auth", "refused the AWS credentials", status, detail);
  if (name === "ThrottlingException" || name === "ServiceQuotaExceededException")
    return new ModelFailure("rate_limit", "is rate limited right now (too many requests)", status, detail);
  if (name === "ResourceNotFoundException") return new ModelFailure("not_found", "does not know the configured model id", status, detail);
  if (
    name === "ModelNotReadyException" ||
    name === "ServiceUnavailableException" ||
    name === "InternalServerException" ||
    name === "ModelErrorException"
  )
    return new ModelFailure("server", "had a problem on its side", status, detail);
  if (name === "ValidationException")
    return new ModelFailure("bad_request", `rejected the request (${clipMessage(message)})`, status, detail);
  if (name === "ModelTimeoutException") return new ModelFailure("timeout", "took too long on its side", status, detail);

  if (status === 401) return new ModelFailure("auth", "rejected the API key (HTTP 401)", status, detail);
  if (status === 403) return new ModelFailure("access", "refused access (HTTP 403)", status, detail);
  if (status === 404) return new ModelFailure("not_found", "does not know the configured model id (HTTP 404)", status, detail);
  if (status === 429) return new ModelFailure("rate_limit", "is rate limited or out of credit (HTTP 429)", status, detail);
  if (status === 400 || status === 422)
    return new ModelFailure("bad_request", `rejected the request (HTTP ${status}: ${clipMessage(message)})`, status, detail);
  if (status && status >= 500) return new ModelFailure("server", `had a server error (HTTP ${status})`, status, detail);

  const code = e.code ?? (e.cause as ErrorLike | undefined)?.code ?? "";
  if (
    name === "APIConnectionError" ||
    /ECONNREFUSED|ENOTFOUND|EAI_AGAIN|ECONNRESET|EHOSTUNREACH|socket hang up|fetch failed/i.test(`${code} ${message}`)
  )
    return new ModelFailure("network", "could not be reached (network error)", status, detail);
  if (name === "AbortError" || name === "APIUserAbortError")
    return new ModelFailure("timeout", "was stopped before it answered", status, detail);
  return new ModelFailure("unknown", `failed (${clipMessage(message)})`, status, detail);
}

function firstLine(text: string) {
  return text.split("\n")[0] ?? "";
}

function clipMessage(text: string) {
  return text.length > 160 ? `${text.slice(0, 157)}...` : text;
}

/**
 * Runs `work` with a signal that aborts after `ms`; rejects with TimeoutFailure
 * then, even if the work ignores the signal.
 */
export async function withTimeout<T>(ms: number, outer: AbortSignal | undefined, work: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const controller = new AbortController();
  const onOuterAbort = () => controller.abort(outer?.reason);
  outer?.addEventListener("abort", onOuterAbort, { once: true });
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => {
        const failure = new TimeoutFailure(ms);
        controller.abort(failure);
        reject(failure);
      },
      Math.max(1, ms),
    );
  });
  try {
    return await Promise.race([work(controller.signal), timeout]);
  } finally {
    clearTimeout(timer);
    outer?.removeEventListener("abort", onOuterAbort);
  }
}
