import { useActionData } from "react-router";
import { SecondFactorSection } from "#app/components/account/second-factor.tsx";
import { AuthCard } from "#app/components/auth/form-parts.tsx";
import { useI18n } from "#app/components/i18n.tsx";
import { pageContext } from "#app/lib/route.server.ts";
import { samePath, seo } from "#app/lib/seo.ts";
import { requireOperator } from "#app/middleware/require-operator.server.ts";
import { secondFactorAction, secondFactorView } from "#app/routes/auth/second-factor.server.ts";
import type { Route } from "./+types/enrol";

/**
 * Operators turn the second factor on here before anything else of the operator area opens (the area's
 * guard sends them here); 404 to everyone but operators.
 */
export const middleware: Route.MiddlewareFunction[] = [requireOperator({ enrolment: true })];

export async function loader({ request, context }: Route.LoaderArgs) {
  const { app, locale, origin, t } = pageContext(request, context);
  return {
    view: await secondFactorView(app),
    seo: {
      origin,
      locale,
      title: t("auth.secondFactor.enrol.metaTitle"),
      description: t("auth.secondFactor.enrol.intro"),
      paths: samePath("/operator/enrol"),
      noindex: true,
    },
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => (loaderData ? seo(loaderData.seo) : []);

export async function action({ request, context }: Route.ActionArgs) {
  const { app } = pageContext(request, context);
  const formData = await request.formData();
  if (formData.get("intent") !== "secondFactor") throw new Response(null, { status: 400 });
  return secondFactorAction(app, formData);
}

export default function OperatorEnrolPage({ loaderData }: Route.ComponentProps) {
  const { t, href } = useI18n();
  const answer = useActionData<typeof action>();
  const done = loaderData.view.enabled && !answer?.recoveryCodes;
  return (
    <AuthCard title={t("auth.secondFactor.enrol.heading")} intro={t("auth.secondFactor.enrol.intro")}>
      <div className="mt-6">
        {done ? (
          <a href={href("/operator")} className="btn-primary">
            {t("auth.secondFactor.enrol.continue")}
          </a>
        ) : (
          <SecondFactorSection
            view={loaderData.view}
            answer={answer}
            explain={false}
            continueTo={{ to: href("/operator"), label: t("auth.secondFactor.enrol.continue") }}
          />
        )}
      </div>
    </AuthCard>
  );
}
