// How an answer of the API becomes an error a screen can show (CONVENTIONS "Errors"): a refusal's `{ message, code,
// errors }`, read once here, so a toast shows the server's `message` and a form gets back its `errors` by field.

/**
 * What the server sends with a refusal (CONVENTIONS "Errors"): `message`, the `code` a screen tells errors apart (and
 * translates them) by (docs/errors.md), and `errors` by field for bad input.
 */
export interface ApiErrorBody {
  message?: string;
  code?: string;
  errors?: Record<string, string>;
  /** the message key of a refused field's rule, where it has one (docs/errors.md "Field errors") */
  keys?: Record<string, string>;
}

/**
 * A failed call, shaped as SPEC §8 says the common helper shapes it: `message` is '{status}: {statusText}', with the
 * status and the parsed body; a body that is not JSON becomes `{ message: statusText }`. `status` is 0 when no answer
 * arrived at all (offline, DNS, aborted), so screens can tell "the server said no" from "the network failed".
 */
export interface ApiError {
  status: number;
  message: string;
  data: ApiErrorBody;
}

export const NETWORK_ERROR_STATUS = 0;

/** The answer's JSON, or undefined when it has none or it is not JSON. */
function parseJson(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** SPEC §8 error shape for a non-ok answer; shared by fetch calls and the XMLHttpRequest upload. */
export function apiErrorFrom(status: number, statusText: string, bodyText: string): ApiError {
  const parsed = parseJson(bodyText);
  const data =
    parsed !== null && typeof parsed === 'object' ? (parsed as ApiErrorBody) : { message: statusText };
  return { status, message: `${status}: ${statusText}`, data };
}

/** The body of an ok answer: 204 and an empty body give `{}` (SPEC §7). */
export function okBody(status: number, bodyText: string): unknown {
  return status === 204 ? {} : (parseJson(bodyText) ?? {});
}

export function isApiError(error: unknown): error is ApiError {
  return (
    typeof error === 'object' &&
    error !== null &&
    typeof (error as ApiError).status === 'number' &&
    typeof (error as ApiError).message === 'string' &&
    typeof (error as ApiError).data === 'object'
  );
}

/** True when the call never got an answer (SPEC §8 "Forgot password, network" toasts). */
export const isNetworkError = (error: unknown): boolean =>
  isApiError(error) && error.status === NETWORK_ERROR_STATUS;

/** The server's own `{message}` of a failed call, which SPEC §8 toasts show; undefined when there is none. */
export function serverMessage(error: unknown): string | undefined {
  if (!isApiError(error) || error.status === NETWORK_ERROR_STATUS) return undefined;
  const message = error.data.message;
  return typeof message === 'string' && message.trim() ? message : undefined;
}

/** The `code` of the server's refusal (docs/errors.md); undefined when there is none or no answer came. */
export function serverCode(error: unknown): string | undefined {
  if (!isApiError(error) || error.status === NETWORK_ERROR_STATUS) return undefined;
  return typeof error.data.code === 'string' ? error.data.code : undefined;
}

/** The server's per-field messages of a 400, to hand back to a form. */
export function serverFieldErrors(error: unknown): Record<string, string> | undefined {
  return isApiError(error) && error.data.errors && typeof error.data.errors === 'object'
    ? error.data.errors
    : undefined;
}

/** The message keys of the server's per-field messages, where the rules have them (docs/errors.md "Field errors"). */
export function serverFieldKeys(error: unknown): Record<string, string> {
  return isApiError(error) && error.data.keys && typeof error.data.keys === 'object' ? error.data.keys : {};
}
