import { index, layout, prefix, type RouteConfig, type RouteConfigEntry, route } from "@react-router/dev/routes";

/** Every page exists in English at / and in Spanish under /es; the Spanish copies get ids of their own. */
function pages(locale: "en" | "es"): RouteConfigEntry[] {
  const id = (name: string) => (locale === "en" ? name : `es/${name}`);
  return [
    layout("routes/layout/default.tsx", { id: id("layout/default") }, [
      index("routes/catalog/home.tsx", { id: id("home") }),
      route("templates", "routes/catalog/list.tsx", { id: id("templates") }),
      route("search", "routes/search/page.tsx", { id: id("search") }),
      route("template/:slug?", "routes/template/detail.tsx", { id: id("template") }),
      route("designers/:slug", "routes/catalog/designer.tsx", { id: id("designer") }),
      route("profile", "routes/profile/layout.tsx", { id: id("profile") }, [
        index("routes/profile/index.tsx", { id: id("profile/index") }),
        route("favorites", "routes/profile/favorites.tsx", { id: id("profile/favorites") }),
        route("favorites/:folderId", "routes/profile/folder.tsx", { id: id("profile/folder") }),
        route("downloads", "routes/profile/downloads.tsx", { id: id("profile/downloads") }),
        route("licences", "routes/profile/licences.tsx", { id: id("profile/licences") }),
        route("settings", "routes/profile/settings.tsx", { id: id("profile/settings") }),
        route("billing", "routes/billing/billing.tsx", { id: id("profile/billing") }),
        route("payments", "routes/billing/payments.tsx", { id: id("profile/payments") }),
        route("invoices", "routes/billing/invoices.tsx", { id: id("profile/invoices") }),
      ]),
      route("outbox/:id?", "routes/outbox/list.tsx", { id: id("outbox") }),
      route("contact-us", "routes/info/contact.tsx", { id: id("contact-us") }),
      ...(["faq", "license", "terms-conditions", "privacy-policy", "cookie-policy"] as const).map((p) =>
        route(p, "routes/info/page.tsx", { id: id(`info/${p}`) }),
      ),
      route("licence/:code?", "routes/licences/verify.tsx", { id: id("licence") }),
      route(":tag", "routes/catalog/list.tsx", { id: id("tag") }),
      route("*", "routes/not-found.tsx", { id: id("not-found") }),
    ]),
    layout("routes/layout/blog.tsx", { id: id("layout/blog") }, [
      route("blog", "routes/blog/list.tsx", { id: id("blog") }),
      route("blog/search", "routes/blog/search.tsx", { id: id("blog/search") }),
      route("blog/:tag", "routes/blog/category.tsx", { id: id("blog/category") }),
      route("blog/:tag/:slug", "routes/blog/article.tsx", { id: id("blog/article") }),
    ]),
    route("blog/rss.xml", "routes/blog/rss.tsx", { id: id("blog/rss") }),
    layout("routes/layout/plain.tsx", { id: id("layout/plain") }, [
      route("pricing", "routes/billing/pricing.tsx", { id: id("pricing") }),
      route("payment/:type?", "routes/billing/payment.tsx", { id: id("payment") }),
      route("thank-you", "routes/billing/thank-you.tsx", { id: id("thank-you") }),
    ]),
    route("profile/invoices/:number/pdf", "routes/billing/invoice-pdf.tsx", { id: id("invoice-pdf") }),
    route("outbox/:id/attachments/:n", "routes/outbox/attachment.tsx", { id: id("outbox/attachment") }),
    route("licence/:code/pdf", "routes/licences/certificate-pdf.tsx", { id: id("licence-pdf") }),
    route("profile/avatar", "routes/profile/avatar.tsx", { id: id("profile/avatar") }),
    // No pages: a download's grant, and the favourites' state and changes (fetchers; plain forms without scripts).
    route("downloads", "routes/actions/downloads.tsx", { id: id("actions/downloads") }),
    route("favorites", "routes/actions/favorites.tsx", { id: id("actions/favorites") }),
    layout("routes/layout/auth.tsx", { id: id("layout/auth") }, [
      route("login", "routes/auth/login.tsx", { id: id("login") }),
      route("login/verify", "routes/auth/login-verify.tsx", { id: id("login/verify") }),
      route("operator/enrol", "routes/operator/enrol.tsx", { id: id("operator/enrol") }),
      route("signup", "routes/auth/signup.tsx", { id: id("signup") }),
      route("forgot-password", "routes/auth/forgot-password.tsx", { id: id("forgot-password") }),
      route("change-password", "routes/auth/change-password.tsx", { id: id("change-password") }),
      route("confirm-email", "routes/auth/confirm-email.tsx", { id: id("confirm-email") }),
    ]),
    // The operator area: its own layout, 404 to everyone but operators (requireOperator in the layout).
    route("operator", "routes/operator/layout.tsx", { id: id("operator") }, [
      index("routes/operator/home.tsx", { id: id("operator/home") }),
      route("audit", "routes/operator/audit.tsx", { id: id("operator/audit") }),
      route("templates", "routes/operator/templates.tsx", { id: id("operator/templates") }),
      route("templates/new", "routes/operator/template-edit.tsx", { id: id("operator/template-new") }),
      route("templates/:id", "routes/operator/template-edit.tsx", { id: id("operator/template-edit") }),
      route("designers", "routes/operator/designers.tsx", { id: id("operator/designers") }),
      route("members", "routes/operator/members.tsx", { id: id("operator/members") }),
      route("members/:id", "routes/operator/member.tsx", { id: id("operator/member") }),
      route("members/:id/invoices/:number/pdf", "routes/operator/member-invoice-pdf.tsx", {
        id: id("operator/member-invoice-pdf"),
      }),
      route("figures", "routes/operator/figures.tsx", { id: id("operator/figures") }),
      route("figures.csv", "routes/operator/figures-csv.ts", { id: id("operator/figures-csv") }),
      route("search", "routes/operator/search.tsx", { id: id("operator/search") }),
      route("messages", "routes/operator/messages.tsx", { id: id("operator/messages") }),
      route("messages/:id", "routes/operator/message.tsx", { id: id("operator/message") }),
    ]),
    route("pdf-license-personal", "routes/resources/license-pdf.tsx", { id: id("pdf-license-personal") }),
    route("pdf-license-commercial", "routes/resources/license-pdf.tsx", { id: id("pdf-license-commercial") }),
  ];
}

export default [
  route("sitemap.xml", "routes/resources/sitemap.tsx", { id: "sitemap" }),
  route("robots.txt", "routes/resources/robots.tsx", { id: "robots" }),
  ...pages("en"),
  ...prefix("es", pages("es")),
] satisfies RouteConfig;
