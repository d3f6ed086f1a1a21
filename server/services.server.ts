import * as avatar from "#modules/accounts/avatar.ts";
import * as deskMembers from "#modules/accounts/desk.ts";
import * as emailChange from "#modules/accounts/email-change.ts";
import * as interests from "#modules/accounts/interests.ts";
import * as accountOperator from "#modules/accounts/operator.ts";
import * as profile from "#modules/accounts/profile.ts";
import * as accounts from "#modules/accounts/service.ts";
import * as sessions from "#modules/auth/sessions.ts";
import * as totp from "#modules/auth/totp.ts";
import * as billing from "#modules/billing/service.ts";
import * as blog from "#modules/blog/service.ts";
import * as catalog from "#modules/catalog/service.ts";
import * as contact from "#modules/contact/service.ts";
import * as downloadHistory from "#modules/downloads/history.ts";
import * as downloads from "#modules/downloads/service.ts";
import * as folders from "#modules/favorites/folders.ts";
import * as favorites from "#modules/favorites/service.ts";
import * as figures from "#modules/figures/page.ts";
import * as files from "#modules/files/service.ts";
import * as legal from "#modules/legal/service.ts";
import * as licences from "#modules/licences/service.ts";
import * as operatorAccess from "#modules/operator/access.ts";
import * as audit from "#modules/operator/audit.ts";
import * as searchDesk from "#modules/search/desk.ts";
import * as search from "#modules/search/service.ts";
import * as templatesAdmin from "#modules/templates/admin.ts";
import * as templateDesigners from "#modules/templates/designers.ts";
import * as templateEditor from "#modules/templates/editor.ts";

/**
 * Every domain service the edges may call. The server hands this object to loaders through the
 * router context, so the app bundle and the server share one copy of any state.
 */
export const services = {
  accountOperator,
  accounts,
  audit,
  avatar,
  billing,
  blog,
  catalog,
  contact,
  deskMembers,
  downloadHistory,
  downloads,
  emailChange,
  favorites,
  folders,
  files,
  figures,
  interests,
  legal,
  licences,
  operatorAccess,
  profile,
  search,
  searchDesk,
  sessions,
  templatesAdmin,
  templateEditor,
  templateDesigners,
  totp,
};
export type Services = typeof services;
