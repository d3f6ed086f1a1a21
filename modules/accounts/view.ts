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

/** Who is asking: a signed-in account and its session, or null for a guest. One type for every edge. */
export type Viewer = { account: AccountView; sessionId: string } | null;
