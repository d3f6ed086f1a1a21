import { LANGUAGES, type Locale } from "#config/browser.ts";

/**
 * Saves the language to the signed-in account (UpdateMe, SPEC §4), loaded when a member first switches
 * (no page needs it to draw). Resolves to null when saved, else the failure to show on the new page:
 * `message` is the server's own words for a refusal ('Invalid language type.', already in that language),
 * or null for a failure it did not explain (no answer, an unexpected error).
 */
export async function saveLanguage(locale: Locale): Promise<{ message: string | null } | null> {
  try {
    const res = await fetch("/graphql", {
      method: "POST",
      credentials: "same-origin",
      keepalive: true,
      headers: { "Content-Type": "application/json", locale },
      body: JSON.stringify({
        query: "mutation UpdateMe($data: UpdateMeInput!) { updateMe(data: $data) { language { id name locale } } }",
        variables: { data: { languageId: LANGUAGES.find((l) => l.locale === locale)?.id } },
      }),
    });
    const body = (await res.json().catch(() => null)) as {
      data?: { updateMe?: unknown } | null;
      errors?: { message?: string; extensions?: { code?: string } }[];
    } | null;
    if (res.ok && body?.data?.updateMe && !body.errors?.length) return null;
    const refusal = body?.errors?.find((e) => e.extensions?.code === "BAD_USER_INPUT" && e.message);
    console.warn("language not saved", res.status, body?.errors);
    return { message: refusal?.message ?? null };
  } catch (error) {
    console.warn("language not saved", error);
    return { message: null };
  }
}
