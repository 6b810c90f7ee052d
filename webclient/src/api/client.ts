// The one REST client of the web client. It applies the call contract of spec §7–§8 so
// pages never repeat it: base path /java, headers sysType/lan/token, the `_t` query
// parameter, three retries on network failure (never on an HTTP answer), the response
// envelope, error toasts with the spec's fallback text, and errorCode 3000/3001 (session
// gone: clear it, keep only the `lang` cookie, go home after 500 ms).
import i18next from "i18next";
import { appStore } from "../state/store";
import { localeAtom } from "../state/locale";
import { tokenAtom, clearSessionState } from "../state/session";
import { showToast, requestStarted, requestFinished } from "../state/ui";
import { clearCookiesExcept, LANG_COOKIE } from "../session/cookies";

export const API_BASE = "/java";
/** Retries after a network failure (spec §9), so at most RETRIES+1 attempts. */
export const RETRIES = 3;
/** Delay before going home after the session is gone (spec §9). */
export const LOGOUT_REDIRECT_MS = 500;
/** errorCodes meaning the token is no longer valid (spec §8). */
export const SESSION_GONE_CODES: readonly number[] = [3000, 3001];

/** The response envelope of every /java call. */
export interface Envelope<T> {
  status?: "success" | "fail" | string;
  result?: T;
  errorCode?: number | string | null;
  errorMsg?: string | null;
  msg?: string | null;
  code?: number | string | null;
}

/** A call that the server refused (envelope fail, code 400/-1) or that could not be made. */
export class ApiError extends Error {
  readonly kind: "refused" | "network" | "http";
  readonly errorCode?: number;
  readonly code?: number;
  readonly httpStatus?: number;
  /** Text fit to show the user: errorMsg, else msg, else the localized fallback. */
  readonly userMessage: string;

  constructor(init: {
    kind: ApiError["kind"];
    userMessage: string;
    errorCode?: number;
    code?: number;
    httpStatus?: number;
  }) {
    super(init.userMessage);
    this.name = "ApiError";
    this.kind = init.kind;
    this.userMessage = init.userMessage;
    this.errorCode = init.errorCode;
    this.code = init.code;
    this.httpStatus = init.httpStatus;
  }
}

/** What to show the user for a failed call: the server's message, else the error's own text. */
export function errorText(err: unknown): string {
  if (err instanceof ApiError) return err.userMessage;
  return err instanceof Error ? err.message : String(err);
}

export interface RequestOptions {
  query?: Record<string, string | number | boolean | undefined>;
  body?: unknown;
  /** Show a toast on failure (default true). The login modal shows errors inline instead. */
  toast?: boolean;
  signal?: AbortSignal;
}

/** What the client needs from its surroundings; tests replace parts of it. */
export interface ClientDeps {
  fetch: typeof fetch;
  token: () => string;
  locale: () => string;
  toast: (text: string) => void;
  fallbackMessage: () => string;
  /** Called once per session-gone answer, before the redirect timer starts. */
  clearSession: () => void;
  goHome: () => void;
  progressStart: () => void;
  progressDone: () => void;
  now: () => number;
  retryDelayMs: (attempt: number) => number;
  setTimeout: (fn: () => void, ms: number) => unknown;
}

const defaultDeps: ClientDeps = {
  fetch: (...args) => globalThis.fetch(...args),
  token: () => appStore.get(tokenAtom),
  locale: () => appStore.get(localeAtom),
  toast: (text) => showToast(text, "error"),
  fallbackMessage: () => i18next.t("errors.system"),
  clearSession: () => {
    clearSessionState();
    clearCookiesExcept([LANG_COOKIE]);
  },
  goHome: () => window.location.assign("/"),
  progressStart: requestStarted,
  progressDone: requestFinished,
  now: () => Date.now(),
  retryDelayMs: (attempt) => 250 * attempt,
  setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
};

function asNumber(v: unknown): number | undefined {
  if (v === null || v === undefined || v === "") return undefined;
  const n = Number(v);
  return Number.isFinite(n) ? n : undefined;
}

function nonEmpty(s: unknown): string | undefined {
  return typeof s === "string" && s.trim() !== "" ? s : undefined;
}

export interface ApiClient {
  request<T>(method: "GET" | "POST", path: string, opts?: RequestOptions): Promise<T>;
  get<T>(path: string, opts?: RequestOptions): Promise<T>;
  post<T>(path: string, body?: unknown, opts?: Omit<RequestOptions, "body">): Promise<T>;
}

export function createApiClient(overrides: Partial<ClientDeps> = {}): ApiClient {
  const deps: ClientDeps = { ...defaultDeps, ...overrides };

  function buildUrl(path: string, query: RequestOptions["query"]): string {
    const params = new URLSearchParams();
    for (const [k, v] of Object.entries(query ?? {})) {
      if (v !== undefined) params.set(k, String(v));
    }
    params.set("_t", String(deps.now()));
    return `${API_BASE}${path.startsWith("/") ? path : `/${path}`}?${params.toString()}`;
  }

  function buildHeaders(jsonBody: boolean): Headers {
    const h = new Headers({ sysType: "PC", lan: deps.locale(), Accept: "application/json" });
    const token = deps.token();
    if (token) h.set("token", token);
    // A FormData body (uploads) gets its multipart Content-Type, with the boundary, from fetch.
    if (jsonBody) h.set("Content-Type", "application/json");
    return h;
  }

  function binaryHeaders(h: Headers, binary: boolean): Headers {
    if (binary) h.set("Content-Type", "application/octet-stream");
    return h;
  }

  async function fetchWithRetry(url: string, init: RequestInit): Promise<Response> {
    for (let attempt = 0; ; attempt++) {
      try {
        return await deps.fetch(url, init);
      } catch (err) {
        // An abort is the caller's choice, not a network failure.
        if (init.signal?.aborted) throw err;
        if (attempt >= RETRIES) throw err;
        const delay = deps.retryDelayMs(attempt + 1);
        if (delay > 0) await new Promise<void>((r) => deps.setTimeout(r, delay));
      }
    }
  }

  function fail(err: ApiError, toast: boolean): never {
    if (toast) deps.toast(err.userMessage);
    throw err;
  }

  async function request<T>(method: "GET" | "POST", path: string, opts: RequestOptions = {}): Promise<T> {
    const toast = opts.toast ?? true;
    const hasBody = method === "POST" && opts.body !== undefined;
    const multipart = hasBody && typeof FormData !== "undefined" && opts.body instanceof FormData;
    // A Blob body (a part of a video upload) goes as it is, application/octet-stream.
    const binary = hasBody && typeof Blob !== "undefined" && opts.body instanceof Blob;
    deps.progressStart();
    try {
      let res: Response;
      try {
        res = await fetchWithRetry(buildUrl(path, opts.query), {
          method,
          headers: binaryHeaders(buildHeaders(hasBody && !multipart && !binary), binary),
          body: multipart ? (opts.body as FormData) : binary ? (opts.body as Blob) : hasBody ? JSON.stringify(opts.body) : undefined,
          signal: opts.signal,
          credentials: "same-origin",
        });
      } catch (err) {
        if (opts.signal?.aborted) throw err;
        return fail(new ApiError({ kind: "network", userMessage: deps.fallbackMessage() }), toast);
      }

      let env: Envelope<T> | undefined;
      try {
        env = (await res.json()) as Envelope<T>;
      } catch {
        env = undefined;
      }
      if (!env || typeof env !== "object") {
        return fail(
          new ApiError({ kind: "http", httpStatus: res.status, userMessage: deps.fallbackMessage() }),
          toast,
        );
      }

      const errorCode = asNumber(env.errorCode);
      const code = asNumber(env.code);
      const userMessage = nonEmpty(env.errorMsg) ?? nonEmpty(env.msg) ?? deps.fallbackMessage();

      if (errorCode !== undefined && SESSION_GONE_CODES.includes(errorCode)) {
        deps.clearSession();
        deps.setTimeout(deps.goHome, LOGOUT_REDIRECT_MS);
        return fail(new ApiError({ kind: "refused", errorCode, code, httpStatus: res.status, userMessage }), toast);
      }
      if (env.status === "fail" || code === 400 || code === -1 || (!res.ok && env.status !== "success")) {
        return fail(new ApiError({ kind: "refused", errorCode, code, httpStatus: res.status, userMessage }), toast);
      }
      return env.result as T;
    } finally {
      deps.progressDone();
    }
  }

  return {
    request,
    get: (path, opts) => request("GET", path, opts),
    post: (path, body, opts) => request("POST", path, { ...opts, body }),
  };
}

/** The app's client. */
export const api = createApiClient();
