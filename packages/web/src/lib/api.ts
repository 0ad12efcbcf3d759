import { i18next } from "../i18n";
import { QueryClient } from "@tanstack/react-query";
import { loadFirebase } from "./firebase-loader";

/**
 * The network helper: JSON bodies, cookies always sent,
 * the Firebase ID token on every call, and any non-OK answer raised as
 * "<status>: <body text or status text>" (a 401 too).
 */

export async function authHeader(): Promise<Record<string, string>> {
  const { auth } = await loadFirebase();
  const user = auth.currentUser;
  if (!user) return {};
  return { Authorization: `Bearer ${await user.getIdToken()}` };
}

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: string,
    statusText: string,
  ) {
    super(`${status}: ${body || statusText}`);
    this.name = "ApiError";
  }

  /** The body as JSON, or undefined when it is not JSON. */
  get json(): unknown {
    try {
      return JSON.parse(this.body);
    } catch {
      return undefined;
    }
  }

  /** The server's `{ "error": message }` text when there is one, else the whole message. */
  get detail(): string {
    const parsed = this.json as { error?: unknown; message?: unknown } | null | undefined;
    const text = parsed?.error ?? parsed?.message;
    if (typeof text === "string" && text) return text;
    // Not JSON, or JSON without a message: the body text itself is the detail.
    return this.body || this.message;
  }
}

export async function throwIfResNotOk(res: Response): Promise<void> {
  if (res.ok) return;
  const text = await res.text().catch(() => "");
  throw new ApiError(res.status, text, res.statusText);
}

/** Any call with an optional JSON body; answers the raw Response once it is known to be OK. */
export async function apiRequest(method: string, url: string, body?: unknown): Promise<Response> {
  const headers: Record<string, string> = { ...(await authHeader()) };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  const res = await fetch(url, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
    credentials: "include",
  });
  await throwIfResNotOk(res);
  return res;
}

/** apiRequest + JSON parsing, for the common case. */
export async function apiJson<T>(method: string, url: string, body?: unknown): Promise<T> {
  const res = await apiRequest(method, url, body);
  const text = await res.text();
  return (text ? JSON.parse(text) : null) as T;
}

export interface UploadProgress {
  loaded: number;
  total: number;
  /** 0 to 100. */
  percent: number;
}

/**
 * Multipart upload with progress (fetch cannot report upload progress, XHR can).
 * Same contract as apiRequest: token header, cookies, "<status>: <text>" errors;
 * answers the parsed JSON body.
 */
export async function apiUpload<T>(
  url: string,
  formData: FormData,
  onProgress?: (progress: UploadProgress) => void,
  method = "POST",
): Promise<T> {
  const headers = await authHeader();
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, url);
    xhr.withCredentials = true;
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    if (onProgress) {
      xhr.upload.onprogress = (event) => {
        if (!event.lengthComputable) return;
        onProgress({ loaded: event.loaded, total: event.total, percent: Math.round((event.loaded / event.total) * 100) });
      };
    }
    xhr.onload = () => {
      const text = xhr.responseText ?? "";
      if (xhr.status < 200 || xhr.status >= 300) {
        reject(new ApiError(xhr.status, text, xhr.statusText));
        return;
      }
      try {
        resolve((text ? JSON.parse(text) : null) as T);
      } catch {
        reject(new Error(i18next.t("common:uploadBadResponse")));
      }
    };
    xhr.onerror = () => reject(new Error(i18next.t("common:uploadNetwork")));
    xhr.onabort = () => reject(new Error(i18next.t("common:uploadCancelled")));
    xhr.send(formData);
  });
}

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      refetchInterval: false,
      refetchOnWindowFocus: false,
      staleTime: Infinity,
      retry: false,
    },
    mutations: { retry: false },
  },
});

/**
 * Every record of a list the server answers in pages (at most MAX_LIST_PAGE each): the
 * first page as the spec has it (`{ projects: [...] }`), then the next from its `nextCursor`
 * until there is none.
 */
export async function apiAllPages<K extends string, T>(
  url: string,
  schema: { parse(body: unknown): Record<K, T[]> & { nextCursor?: string } },
  key: K,
): Promise<T[]> {
  const items: T[] = [];
  for (let cursor: string | undefined, first = true; first || cursor; first = false) {
    const page = schema.parse(
      await apiJson("GET", cursor ? `${url}${url.includes("?") ? "&" : "?"}cursor=${encodeURIComponent(cursor)}` : url),
    );
    items.push(...page[key]);
    cursor = page.nextCursor;
  }
  return items;
}
