import type { Locale, PlanCode } from "#config/constants.ts";

/** The signed-in account as pages, resolvers and services see it. */
export type AccountView = {
  id: number;
  name: string;
  username: string;
  email: string;
  plan: PlanCode;
  locale: Locale;
  verified: boolean;
  /** The profile picture's address, or null (the header shows the initial). */
  avatarUrl: string | null;
  /** member, or operator (`npm run account -- role`): the account menu links operators to /operator. */
  role: "member" | "operator";
};

/**
 * What every page's header shows a member, read in the session's own statement (one round trip, not
 * three): the credits used in `period` and whether they have chosen their interests.
 */
export type SessionFacts = { period: string; downloadsUsed: number; hasInterests: boolean };

/**
 * Who is asking: a signed-in account and its session, or null for a guest. One type for every edge.
 * `facts` come with a session read from its cookie or token; a viewer made otherwise has none.
 */
export type Viewer = { account: AccountView; sessionId: string; facts?: SessionFacts } | null;
