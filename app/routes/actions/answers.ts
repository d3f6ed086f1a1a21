/**
 * What the download and favourite routes (app/routes/actions) answer their fetchers, and what a fetcher
 * gets when the request got no answer at all (the connection): the forms say so instead of the error page.
 */
import type { Allowance } from "#modules/downloads/service.ts";

/** The request never got an answer. */
export type NoAnswer = { ok: false; failed: true };
/** A refusal: its code (a message key) and its message in the address's language. */
export type Refusal = { ok: false; failed?: undefined; code: string; message: string };

export type DownloadAnswer =
  | {
      ok: true;
      /** "file": our file's signed address; "link": the template's Google Slides copy link. */
      kind: "file" | "link";
      url: string;
      fileName: string | null;
      alreadyOwned: boolean;
      allowance: Allowance;
      /** The grant's licence (`isNew` false: the one this template already had this month). */
      licence: { code: string; kind: "free" | "personal" | "commercial"; isNew: boolean };
      message: string;
    }
  | (Refusal & { allowance?: Allowance; retryAfter?: number })
  | NoAnswer;

export type FavoriteAnswer = { ok: true; favorite: boolean; message: string } | Refusal | NoAnswer;

/** A licence's project label saved: the licence's code and the label as kept (null: none). */
export type LicenceProjectAnswer =
  | { ok: true; code: string; project: string | null; message: string }
  | (Refusal & { field?: "project" })
  | NoAnswer;

/** Which of the asked templates the member keeps. */
export type FavoriteIdsAnswer = { ok: true; ids: number[] } | Refusal | NoAnswer;

export function isNoAnswer(answer: object): answer is NoAnswer {
  return "failed" in answer && answer.failed === true;
}

/** The server's answer as it is; a request that got none (offline, a 500) is a `NoAnswer`. */
export async function orNoAnswer<T>(call: () => Promise<unknown>): Promise<T | NoAnswer> {
  try {
    return (await call()) as T;
  } catch (error) {
    console.warn("no answer", error);
    return { ok: false, failed: true };
  }
}
