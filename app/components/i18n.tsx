import { createContext, type ReactNode, useContext, useMemo } from "react";
import { createT, localePath, type Messages, type T } from "#app/lib/i18n.ts";
import type { Locale } from "#config/constants.ts";

type I18n = { locale: Locale; t: T; href: (path: string) => string; messages: Messages };

const I18nContext = createContext<I18n | null>(null);

export function I18nProvider({
  locale,
  messages,
  children,
}: {
  locale: Locale;
  messages: Messages;
  children: ReactNode;
}) {
  const value = useMemo<I18n>(
    () => ({ locale, messages, t: createT(locale, messages), href: (path: string) => localePath(locale, path) }),
    [locale, messages],
  );
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
}

/**
 * Adds the messages of a namespace that only some pages need (their loader sends them), so the root
 * does not ship them with every page.
 */
export function MoreMessages({ messages, children }: { messages: Messages; children: ReactNode }) {
  const outer = useI18n();
  const merged = useMemo(() => ({ ...outer.messages, ...messages }), [outer.messages, messages]);
  return (
    <I18nProvider locale={outer.locale} messages={merged}>
      {children}
    </I18nProvider>
  );
}

export function useI18n(): I18n {
  const v = useContext(I18nContext);
  if (!v) throw new Error("useI18n outside I18nProvider");
  return v;
}
