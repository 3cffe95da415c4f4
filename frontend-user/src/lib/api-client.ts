import {
  getSessionToken,
  hasBrowserSession,
  refreshSession,
  SessionEnded,
} from '@linkcoin/frontend-shared/session/session.ts';
import { takeSentAnswer } from './first-screen';

/**
 * The one way the app talks to its API (same origin, JSON). Every failure becomes an `ApiError`
 * with the HTTP status and the server's `message` when it sent one (`{ success: false, message }`).
 */
export class ApiError extends Error {
  readonly status: number;
  /** The server's own message, or null when it gave none (network failure, non-JSON answer). */
  readonly serverMessage: string | null;

  constructor(status: number, serverMessage: string | null) {
    super(serverMessage ?? `Request failed with status ${status}`);
    this.name = 'ApiError';
    this.status = status;
    this.serverMessage = serverMessage;
  }
}

/** The spec's rule for shown errors: the server's message when present, else the screen's default. */
export function errorMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.serverMessage ? error.serverMessage : fallback;
}

/** The HTTP status of a failed call, or null for anything that is not an `ApiError`. */
export function errorStatus(error: unknown): number | null {
  return error instanceof ApiError ? error.status : null;
}

type Listener = (error: ApiError) => void;
const unauthorizedListeners = new Set<Listener>();

/**
 * Called when an authenticated call answers 401 and the browser's session cannot give a fresh
 * token either: the session was revoked (logout elsewhere, a new password) or has expired, so
 * it ends in this tab too.
 */
export function onUnauthorized(listener: Listener): () => void {
  unauthorizedListeners.add(listener);
  return () => unauthorizedListeners.delete(listener);
}

export type ApiRequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON, or as multipart when it is a `FormData`. */
  body?: unknown;
  /** Send the stored token as a bearer token. */
  auth?: boolean;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Internal: the retry after a refreshed token. */
  retried?: boolean;
};

async function readMessage(response: Response): Promise<string | null> {
  try {
    const body: unknown = await response.json();
    if (typeof body === 'object' && body !== null && 'message' in body) {
      const { message } = body;
      return typeof message === 'string' && message.trim() !== '' ? message : null;
    }
  } catch {
    // Not JSON: the caller falls back to its own message.
  }
  return null;
}

/** Calls `/api{path}` and answers the parsed JSON body, or throws an `ApiError`. */
export async function apiRequest<T>(path: string, options: ApiRequestOptions = {}): Promise<T> {
  const { method = 'GET', body, auth = false, headers = {}, signal, retried = false } = options;
  // A page just loaded: the browser's session is still giving this tab its token. A call that
  // would carry it waits for that, rather than going out anonymous (a profile without its
  // owner's view).
  if (auth && getSessionToken() === null && hasBrowserSession()) {
    await refreshSession().catch(() => undefined);
  }
  const token = auth ? getSessionToken() : null;
  // An anonymous read the page came with (a public profile, the directory's first page).
  if (method === 'GET' && token === null) {
    const sent = takeSentAnswer(path);
    if (sent !== undefined) return sent as T;
  }
  // A form (file uploads) goes as multipart; the browser sets its content type and boundary.
  const isForm = typeof FormData !== 'undefined' && body instanceof FormData;
  let response: Response;
  try {
    response = await fetch(`/api${path}`, {
      method,
      headers: {
        Accept: 'application/json',
        ...(body === undefined || isForm ? {} : { 'Content-Type': 'application/json' }),
        ...(token ? { Authorization: `Bearer ${token}` } : {}),
        ...headers,
      },
      ...(body === undefined ? {} : { body: isForm ? body : JSON.stringify(body) }),
      credentials: 'same-origin',
      ...(signal ? { signal } : {}),
    });
  } catch (cause) {
    if (signal?.aborted) throw cause;
    throw new ApiError(0, null);
  }
  if (!response.ok) {
    const error = new ApiError(response.status, await readMessage(response));
    if (response.status === 401 && auth && !retried) {
      // The access token is short-lived: a fresh one from the browser's session, then once more.
      try {
        await refreshSession();
      } catch (refusal) {
        if (refusal instanceof SessionEnded || token) {
          unauthorizedListeners.forEach((listen) => listen(error));
        }
        throw error;
      }
      return apiRequest<T>(path, { ...options, retried: true });
    }
    throw error;
  }
  return (await response.json()) as T;
}
